import type { ErrorDefinition } from '../error-definition';

/** Orders (spec §8: errors on creation and on cancellation; a quote without results). */
export const ORDERS_ERRORS = {
  ORDER_CREATE_FAILED: {
    status: 409,
    es: 'No se pudo crear el pedido: revisa que los productos sigan activos y con existencias en la ubicación.',
    en: 'The order could not be created: check that the products are still active and in stock at the location.',
  },
  ORDER_CANCELLED: {
    status: 409,
    es: 'El pedido está cancelado.',
    en: 'The order is cancelled.',
  },
  ORDER_CANCEL_NOT_ALLOWED: {
    status: 409,
    es: 'No se puede cancelar el pedido: ya tiene guías compradas. Cancela primero sus guías.',
    en: 'The order cannot be cancelled: it already has guides. Cancel its guides first.',
  },
  ORDER_STORE_CANCEL_REFUSED: {
    status: 409,
    es: 'La tienda no permitió cancelar el pedido allá; se canceló solo en Despacho.',
    en: 'The store did not allow cancelling the order there; it was cancelled in Despacho only.',
  },
  ORDER_ADDRESS_LOCKED: {
    status: 409,
    es: 'La dirección ya no se puede cambiar: el pedido tiene envíos.',
    en: 'The address can no longer be changed: the order has shipments.',
  },
  ORDER_LINES_UNMAPPED: {
    status: 409,
    es: 'Hay productos del pedido sin vincular al catálogo: créalos o vincúlalos antes de enviar.',
    en: 'Some of the order’s products are not linked to the catalogue: create or link them before shipping.',
  },
  ORDER_ADDRESS_DOUBTFUL: {
    status: 409,
    es: 'La dirección del pedido no coincide con SEPOMEX: corrígela antes de comprar la guía.',
    en: 'The order’s address does not match SEPOMEX: correct it before buying the guide.',
  },
  ORDER_SHIPPED_BY_PLATFORM: {
    status: 409,
    es: 'Mercado Libre envía este pedido con Mercado Envíos: no se genera guía aquí.',
    en: 'Mercado Libre ships this order with Mercado Envíos: no guide is made here.',
  },
  ORDER_QUANTITY_EXCEEDS_REMAINING: {
    status: 409,
    es: 'La cantidad supera lo que falta por enviar de la línea.',
    en: 'The quantity is more than what is left to ship on the line.',
  },
  ORDER_FULFILLING: {
    status: 409,
    es: 'Ya se está generando una guía para este pedido; espera a que termine.',
    en: 'A guide is already being made for this order; wait for it to finish.',
  },
  ORDER_QUOTE_EMPTY: {
    status: 409,
    es: 'Ninguna paquetería cotizó este envío. Revisa los paquetes y el código postal.',
    en: 'No carrier quoted this shipment. Check the parcels and the postal code.',
  },
  BULK_LABELS_BALANCE: {
    status: 402,
    es: 'Saldo insuficiente para las guías seleccionadas: se estiman {estimate} y tienes {available}.',
    en: 'Insufficient balance for the selected guides: they are estimated at {estimate} and you have {available}.',
  },
  BULK_LABELS_RUNNING: {
    status: 409,
    es: 'Ya hay una generación masiva de guías en curso; espera a que termine.',
    en: 'A bulk label run is already in progress; wait for it to finish.',
  },
} as const satisfies Record<string, ErrorDefinition>;
