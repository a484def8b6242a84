import type { ErrorDefinition } from '../error-definition';

/** Parcel shipping: quotes, guides, insurance, cancellation and pickups (spec §8): the errors of this domain, merged into `ERRORS` (errors.ts). */
export const SHIPMENTS_ERRORS = {
  // The insurance invoice's XML must be a stamped CFDI, not any XML (an SVG, say).
  CFDI_INVALID: {
    status: 415,
    es: 'El XML no es un CFDI. Sube la factura timbrada (CFDI 3.3 o 4.0) en XML o en PDF.',
    en: 'The XML is not a CFDI. Upload the stamped invoice (CFDI 3.3 or 4.0) as XML or PDF.',
  },
  // Shipping (§8)
  MISSING_INFORMATION: {
    status: 400,
    es: 'Falta información',
    en: 'Missing information',
  },
  // The carrier refused or failed to issue the guide: the hold was released (details.reason).
  GUIDE_PAYMENT_FAILED: {
    status: 502,
    es: 'Falló el pago de la guía',
    en: 'Guide payment failed',
  },
  PURCHASE_IN_PROGRESS: {
    status: 409,
    es: 'La compra de esta guía sigue en proceso; vuelve a intentarlo en unos segundos con la misma clave.',
    en: 'The purchase of this guide is still in progress; try again in a few seconds with the same key.',
  },
  // Shipping: buying from a stored quote (shipments/quotes.ts)
  QUOTE_EXPIRED: {
    status: 410,
    es: 'La cotización venció; cotiza de nuevo.',
    en: 'The quote expired; quote again.',
  },
  QUOTE_MISMATCH: {
    status: 409,
    es: 'Los datos del envío cambiaron desde la cotización; cotiza de nuevo.',
    en: 'The shipment details changed since the quote; quote again.',
  },
  QUOTE_ALREADY_USED: {
    status: 409,
    es: 'Esta cotización ya se usó para comprar una guía; cotiza de nuevo.',
    en: 'This quote was already used to buy a guide; quote again.',
  },
  // Shipping: cancelling a guide (shipments/cancellation.ts)
  CANCELLATION_WINDOW_EXPIRED: {
    status: 409,
    es: 'La guía solo puede cancelarse dentro de las 73 horas posteriores a su creación.',
    en: 'A guide can only be cancelled within 73 hours of its creation.',
  },
  GUIDE_ALREADY_USED: {
    status: 409,
    es: 'La guía ya fue utilizada (tiene escaneo de recolección) y no puede cancelarse.',
    en: 'The guide has already been used (it has a collection scan) and cannot be cancelled.',
  },
  GUIDE_ALREADY_CANCELLED: {
    status: 409,
    es: 'La guía ya fue cancelada o su cancelación ya está en proceso.',
    en: 'The guide has already been cancelled or its cancellation is already in progress.',
  },
  CANCELLATION_REJECTED: {
    status: 502,
    es: 'La paquetería no aceptó la cancelación: {reason}',
    en: 'The carrier did not accept the cancellation: {reason}',
  },
  PACKAGE_REQUIRED: {
    status: 400,
    es: 'Debes agregar al menos un paquete',
    en: 'You must add at least one package',
  },
  // Pickups (§8)
  PICKUP_NO_BUSINESS_DAYS: {
    status: 409,
    es: 'No hay días hábiles disponibles para la recolección, inténtalo más tarde.',
    en: 'No business days are available for collection, try again later.',
  },
  PICKUP_NO_SCHEDULES: {
    status: 409,
    es: 'No hay horarios disponibles.',
    en: 'No schedules are available.',
  },
  // Pickups requested from the pickup screen (shipments/pickups.ts)
  PICKUP_NOT_BUSINESS_DAY: {
    status: 409,
    es: 'Las paqueterías no recolectan en sábado, domingo ni días festivos; elige un día hábil.',
    en: 'Carriers do not collect on Saturdays, Sundays or public holidays; choose a business day.',
  },
  PICKUP_CUTOFF_PASSED: {
    status: 409,
    es: 'Ya pasó la hora límite de hoy ({cutoff}) para solicitar una recolección; elige otro día.',
    en: 'Today’s cut-off time ({cutoff}) to request a pickup has passed; choose another day.',
  },
  PICKUP_DATE_OUT_OF_RANGE: {
    status: 409,
    es: 'Elige un día de recolección entre hoy y los próximos {days} días hábiles.',
    en: 'Choose a pickup day between today and the next {days} business days.',
  },
  PICKUP_SHIPMENTS_MIXED: {
    status: 409,
    es: 'Las guías de una recolección deben ser de la misma paquetería y salir del mismo origen.',
    en: 'The guides of one pickup must be of the same carrier and leave from the same origin.',
  },
  PICKUP_SHIPMENTS_NOT_ELIGIBLE: {
    status: 409,
    es: 'Solo se recolectan guías compradas que aún no se recolectan ni tienen recolección programada: {tracking_numbers}.',
    en: 'Only purchased guides not yet collected and without a scheduled pickup can be collected: {tracking_numbers}.',
  },
  PICKUP_REJECTED: {
    status: 502,
    es: 'La paquetería no aceptó la recolección: {reason}',
    en: 'The carrier did not accept the pickup: {reason}',
  },
  // Cancelling or rescheduling a pickup (shipments/pickups.ts, pickupChangeRefusal)
  PICKUP_ALREADY_CANCELLED: {
    status: 409,
    es: 'La recolección ya está cancelada.',
    en: 'The pickup is already cancelled.',
  },
  PICKUP_ALREADY_COLLECTED: {
    status: 409,
    es: 'La paquetería ya hizo esta recolección; ya no puede cancelarse ni reprogramarse.',
    en: 'The carrier already made this pickup; it can no longer be cancelled or rescheduled.',
  },
  PICKUP_CHANGE_CUTOFF_PASSED: {
    status: 409,
    es: 'Ya pasó la hora límite ({cutoff}) del día de la recolección; ya no puede cancelarse ni reprogramarse.',
    en: 'The cut-off time ({cutoff}) of the pickup’s day has passed; it can no longer be cancelled or rescheduled.',
  },
  PICKUP_CANCEL_REJECTED: {
    status: 502,
    es: 'La paquetería no aceptó cancelar la recolección: {reason}',
    en: 'The carrier did not accept cancelling the pickup: {reason}',
  },
} as const satisfies Record<string, ErrorDefinition>;
