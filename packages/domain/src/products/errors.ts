import type { ErrorDefinition } from '../error-definition';

/** Products, inventory and warehouse entries (spec §8): the errors of this domain, merged into `ERRORS` (errors.ts). */
export const PRODUCTS_ERRORS = {
  PRODUCTS_UNAVAILABLE: {
    status: 502,
    es: 'Error al obtener los productos',
    en: 'Error getting products',
  },
  NO_INVENTORY: {
    status: 409,
    es: 'No hay productos en inventario',
    en: 'No products in inventory',
  },
  PRODUCT_ALREADY_REGISTERED: {
    status: 409,
    es: 'El producto no se puede agregar porque ya fue registrado.',
    en: 'The product cannot be added because it has already been registered.',
  },
  // Entries and products (§8)
  ENTRY_PRODUCT_REQUIRED: {
    status: 400,
    es: 'Se necesita al menos un producto.',
    en: 'At least one product is needed.',
  },
  ENTRY_PRODUCT_DATA_MISSING: {
    status: 400,
    es: 'Completa los datos faltantes de los productos.',
    en: 'Fill in the missing product data.',
  },
  PRODUCT_DUPLICATE: {
    status: 409,
    es: 'No se puede agregar un producto duplicado.',
    en: 'A duplicate product cannot be added.',
  },
} as const satisfies Record<string, ErrorDefinition>;
