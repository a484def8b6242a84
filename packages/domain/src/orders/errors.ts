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
  // Bulk labels from a CSV: the file refused whole, then a row's reason to be left out.
  BULK_CSV_UNREADABLE: {
    status: 400,
    es: 'No pudimos leer el archivo: guárdalo como CSV (UTF-8) e inténtalo de nuevo.',
    en: 'We could not read the file: save it as CSV (UTF-8) and try again.',
  },
  BULK_CSV_HEADER: {
    status: 400,
    es: 'La primera fila debe ser el encabezado «pedido» (u «order»), con un número de pedido por fila debajo, como aparece en la lista (#1001).',
    en: 'The first row must be the header "order" (or "pedido"), with one order number per row below it, as the list shows it (#1001).',
  },
  BULK_CSV_EMPTY: {
    status: 400,
    es: 'El archivo no tiene números de pedido debajo del encabezado.',
    en: 'The file has no order numbers below the header.',
  },
  BULK_CSV_TOO_MANY: {
    status: 400,
    es: 'El archivo tiene {count} pedidos; puedes generar guías de hasta {max} a la vez.',
    en: 'The file has {count} orders; you can create labels for up to {max} at a time.',
  },
  BULK_CSV_ORDER_UNKNOWN: {
    status: 404,
    es: 'No hay un pedido con ese número en tu organización.',
    en: 'There is no order with that number in your organization.',
  },
  BULK_CSV_ORDER_AMBIGUOUS: {
    status: 409,
    es: 'Varias tiendas tienen un pedido con ese número: escribe cuál en la columna «tienda» (su nombre o su plataforma) o selecciónalo en la lista.',
    en: 'Several stores have an order with that number: write which one in the "store" column (its name or its platform) or select it in the list.',
  },
  BULK_CSV_ORDER_NOT_IN_STORE: {
    status: 404,
    es: 'Ninguna tienda con ese nombre o plataforma tiene un pedido con ese número: escribe la tienda como aparece en la lista.',
    en: 'No store of that name or platform has an order with that number: write the store as the list shows it.',
  },
  BULK_CSV_ORDER_FULFILLED: {
    status: 409,
    es: 'El pedido ya está surtido: no le queda nada por enviar.',
    en: 'The order is already fulfilled: it has nothing left to ship.',
  },
  BULK_CSV_ORDER_REPEATED: {
    status: 400,
    es: 'El pedido ya está en una fila anterior del archivo.',
    en: 'The order is already on an earlier row of the file.',
  },
} as const satisfies Record<string, ErrorDefinition>;
