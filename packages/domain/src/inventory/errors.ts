import type { ErrorDefinition } from '../error-definition';

/** Inventory (issue 15): the stock ledger's refusals, merged into `ERRORS` (errors.ts). */
export const INVENTORY_ERRORS = {
  // Spec §5: out-of-stock products cannot be shipped; the user removes them or sets quantity 0.
  INSUFFICIENT_STOCK: {
    status: 409,
    es: 'No hay existencias suficientes de uno de los productos: quítalo o pon su cantidad en 0.',
    en: 'There is not enough stock of one of the products: remove it or set its quantity to 0.',
  },
  STOCK_LOCATION_HOLDS_STOCK: {
    status: 409,
    es: 'Esta ubicación todavía guarda existencias: ajústalas a 0 o sácalas antes de dejar de guardar inventario aquí.',
    en: 'This location still holds stock: adjust it to 0 or move it out before it stops keeping inventory.',
  },
  STOCK_LOCATION_INACTIVE: {
    status: 409,
    es: 'Esta ubicación no guarda inventario: actívala en tus direcciones para ajustar sus existencias.',
    en: 'This location does not keep inventory: turn it on in your addresses to adjust its stock.',
  },
  WAREHOUSE_ADJUSTED_BY_STAFF: {
    status: 403,
    es: 'Las existencias de los almacenes de la plataforma solo las ajusta nuestro equipo de almacén. Escríbenos a soporte si ves una diferencia.',
    en: 'Stock at the platform’s warehouses is adjusted only by our warehouse team. Contact support if you see a difference.',
  },
  STAFF_ADJUST_WAREHOUSES_ONLY: {
    status: 409,
    es: 'El equipo de la plataforma ajusta solo los almacenes de la plataforma; el comercio ajusta sus propias ubicaciones.',
    en: 'Platform staff adjust only the platform’s warehouses; the merchant adjusts their own locations.',
  },
  WAREHOUSE_CODE_TAKEN: {
    status: 409,
    es: 'Ya hay un almacén con este código.',
    en: 'There is already a warehouse with this code.',
  },
} as const satisfies Record<string, ErrorDefinition>;
