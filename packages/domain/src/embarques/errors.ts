import type { ErrorDefinition } from '../error-definition';
import { DOCUMENT_KIND_LABELS, EMBARQUE_STEP_LABELS } from './rules';

const steps = { from: EMBARQUE_STEP_LABELS, to: EMBARQUE_STEP_LABELS };

/** Embarques (issue 25): the errors of this domain, merged into `ERRORS` (errors.ts). */
export const EMBARQUES_ERRORS = {
  EMBARQUE_STEP_REFUSED: {
    status: 409,
    es: 'Este embarque está «{from}» y no puede pasar a «{to}».',
    en: 'This embarque is “{from}” and cannot move to “{to}”.',
    labels: steps,
  },
  EMBARQUE_PEDIMENTO_MISSING: {
    status: 422,
    es: 'Para pasar de «{from}» a «{to}» registra primero el número de pedimento.',
    en: 'Record the pedimento number before moving from “{from}” to “{to}”.',
    labels: steps,
  },
  EMBARQUE_CUSTOMS_NOT_COVERED: {
    status: 422,
    es: 'Para pasar de «{from}» a «{to}» el pago de impuestos debe estar cubierto: cada anticipo solicitado pagado y suficiente para los gastos de aduana registrados.',
    en: 'To move from “{from}” to “{to}” the customs payment must be covered: every advance requested paid and enough for the customs expenses recorded.',
    labels: steps,
  },
  EMBARQUE_SEMAFORO_MISSING: {
    status: 422,
    es: 'Para pasar de «{from}» a «{to}» registra primero el resultado del semáforo.',
    en: 'Record the semáforo result before moving from “{from}” to “{to}”.',
    labels: steps,
  },
  EMBARQUE_BALANCE_NOT_ZERO: {
    status: 422,
    es: 'Para pasar de «{from}» a «{to}» el saldo del embarque debe quedar en cero: concilia el anticipo con la cuenta de gastos y que no quede ningún cobro pendiente.',
    en: 'To move from “{from}” to “{to}” the embarque’s balance must be zero: reconcile the advance with the expense account and leave no payment request pending.',
    labels: steps,
  },
  EMBARQUE_INVOICES_PENDING: {
    status: 422,
    es: 'Para pasar de «{from}» a «{to}» emite primero la factura de los servicios cobrados.',
    en: 'Issue the invoice of the services charged before moving from “{from}” to “{to}”.',
    labels: steps,
  },
  EMBARQUE_FINISHED: {
    status: 409,
    es: 'Este embarque está «{step}» y ya no admite cambios.',
    en: 'This embarque is “{step}” and takes no more changes.',
    labels: { step: EMBARQUE_STEP_LABELS },
  },
  EMBARQUE_PEDIMENTO_TAKEN: {
    status: 409,
    es: 'El pedimento {number} ya está registrado en el embarque {reference}.',
    en: 'Pedimento {number} is already recorded on embarque {reference}.',
  },
  EMBARQUE_SEMAFORO_NEEDS_PEDIMENTO: {
    status: 409,
    es: 'El semáforo se registra después del número de pedimento.',
    en: 'The semáforo is recorded after the pedimento number.',
  },
  EMBARQUE_PRODUCT_UNKNOWN: {
    status: 422,
    es: 'Estos productos no están en el catálogo del comercio: {products}.',
    en: 'These products are not in the merchant’s catalogue: {products}.',
  },
  EMBARQUE_PAYMENT_NOT_PENDING: {
    status: 409,
    es: 'Este cobro ya no está pendiente.',
    en: 'This payment request is no longer pending.',
  },
  EMBARQUE_NOTHING_TO_SETTLE: {
    status: 409,
    es: 'El anticipo y la cuenta de gastos ya están conciliados: no hay diferencia que devolver ni cobrar.',
    en: 'The advance and the expense account are already reconciled: there is no difference to refund or charge.',
  },
  EMBARQUE_NOTHING_TO_INVOICE: {
    status: 409,
    es: 'No hay servicios pagados sin factura en este embarque.',
    en: 'There are no paid services without an invoice on this embarque.',
  },
  EMBARQUE_DOCUMENT_KIND_NOT_ALLOWED: {
    status: 422,
    es: 'Solo puedes subir la factura comercial o la lista de empaque; «{kind}» lo sube el equipo de Despacho.',
    en: 'You can only upload the commercial invoice or the packing list; “{kind}” is uploaded by the Despacho team.',
    labels: { kind: DOCUMENT_KIND_LABELS },
  },
  EMBARQUE_DOCUMENTS_LIMIT: {
    status: 409,
    es: 'Este embarque ya tiene {max} documentos, el máximo.',
    en: 'This embarque already has {max} documents, the maximum.',
  },
} as const satisfies Record<string, ErrorDefinition>;
