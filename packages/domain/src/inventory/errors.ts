import type { ErrorDefinition } from '../error-definition';

/** Inventory (issue 15): the stock ledger's refusals, merged into `ERRORS` (errors.ts). */
export const INVENTORY_ERRORS = {
  // Spec §5: out-of-stock products cannot be shipped; the user removes them or sets quantity 0.
  INSUFFICIENT_STOCK: {
    status: 409,
    es: 'No hay existencias suficientes de uno de los productos: quítalo o pon su cantidad en 0.',
    en: 'There is not enough stock of one of the products: remove it or set its quantity to 0.',
  },
} as const satisfies Record<string, ErrorDefinition>;
