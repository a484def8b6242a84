import type { ErrorDefinition } from '../error-definition';

/** Billing (CFDI): the errors of this domain, merged into `ERRORS` (errors.ts). */
export const BILLING_ERRORS = {
  INVOICE_NOT_CANCELLABLE: {
    status: 409,
    es: 'Solo se puede cancelar una factura timbrada que no tenga ya una cancelación en curso o aceptada.',
    en: 'Only a stamped invoice with no cancellation pending or accepted can be cancelled.',
  },
  INVOICE_CANCELLATION_REFUSED: {
    status: 422,
    es: 'El PAC rechazó la cancelación: {reason}',
    en: 'The PAC refused the cancellation: {reason}',
  },
  PAC_UNAVAILABLE: {
    status: 503,
    es: 'El PAC no responde por ahora. Intenta de nuevo en unos minutos.',
    en: 'The PAC is not answering right now. Try again in a few minutes.',
  },
} as const satisfies Record<string, ErrorDefinition>;
