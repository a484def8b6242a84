import type { ErrorDefinition } from '../error-definition';
import { T1_CUSTOMS_STATUS_LABELS } from './rules';

/** International courier shipments (issue 25, T1): merged into `ERRORS` (errors.ts). */
export const INTERNATIONAL_ERRORS = {
  T1_LINES_REFUSED: {
    status: 422,
    es: 'Estas líneas no pueden ir por mensajería: {count}. Revisa cada una; lo que lleva permisos o NOM se importa o exporta como embarque.',
    en: 'These lines cannot travel by courier: {count}. Check each one; goods that need permits or NOMs go as an embarque.',
  },
  T1_NO_DUTY_RATE: {
    status: 422,
    es: 'No hay una tasa vigente para {value} USD por mensajería; por encima del límite del procedimiento simplificado, tramítalo como embarque.',
    en: 'There is no rate in force for {value} USD by courier; above the simplified procedure’s limit, ship it as an embarque.',
  },
  T1_NO_EXCHANGE_RATE: {
    status: 409,
    es: 'No hay un tipo de cambio vigente el {day} para estimar los impuestos. Avísanos por soporte.',
    en: 'There is no exchange rate in force on {day} to estimate the duties. Let us know through support.',
  },
  T1_QUOTE_ALREADY_BOUGHT: {
    status: 409,
    es: 'Ya compraste un envío con esta cotización; cotiza de nuevo para otro envío.',
    en: 'You already bought a shipment with this quote; quote again for another one.',
  },
  T1_INVOICE_UNAVAILABLE: {
    status: 409,
    es: 'La factura comercial se descarga cuando la guía está emitida.',
    en: 'The commercial invoice can be downloaded once the guide is issued.',
  },
  T1_CUSTOMS_TRANSITION_REFUSED: {
    status: 409,
    es: 'El envío está «{from}» en aduana y no puede pasar a «{to}».',
    en: 'The shipment is “{from}” at customs and cannot move to “{to}”.',
    labels: { from: T1_CUSTOMS_STATUS_LABELS, to: T1_CUSTOMS_STATUS_LABELS },
  },
  T1_DUTY_RATE_DUPLICATE: {
    status: 409,
    es: 'Ya hay una tasa con la misma dirección, país, valor mínimo y fecha de inicio.',
    en: 'There is already a rate with the same direction, country, minimum value and start date.',
  },
  T1_EXCHANGE_RATE_DUPLICATE: {
    status: 409,
    es: 'Ya hay un tipo de cambio que empieza ese día.',
    en: 'There is already an exchange rate starting that day.',
  },
  T1_RESTRICTION_DUPLICATE: {
    status: 409,
    es: 'Esa fracción ya tiene esta restricción con la misma fecha de inicio.',
    en: 'That fracción already has this restriction with the same start date.',
  },
} as const satisfies Record<string, ErrorDefinition>;
