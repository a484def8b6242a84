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
  PRODUCT_IMPORT_NOT_APPLICABLE: {
    status: 409,
    es: 'Este archivo no se puede importar: corrige el archivo y vuelve a subirlo.',
    en: 'This file cannot be imported: fix the file and upload it again.',
  },
  COLLECTION_NAME_TAKEN: {
    status: 409,
    es: 'Ya tienes una colección con ese nombre.',
    en: 'You already have a collection with that name.',
  },
  PRODUCT_IMAGE_NOT_FOUND: {
    status: 400,
    es: 'Una de las imágenes ya no está disponible. Vuelve a subirla.',
    en: 'One of the images is no longer available. Upload it again.',
  },
  PRODUCT_DATASHEET_NOT_FOUND: {
    status: 400,
    es: 'La ficha técnica ya no está disponible. Vuelve a subirla.',
    en: 'The data sheet is no longer available. Upload it again.',
  },
  COUNTRY_NOT_FOUND: {
    status: 400,
    es: 'El país {code} no está en el catálogo c_Pais del SAT.',
    en: 'Country {code} is not in SAT’s c_Pais catalogue.',
  },
  PRODUCT_NOT_DRAFT: {
    status: 409,
    es: 'Solo se pueden eliminar productos en borrador; archívalo en su lugar.',
    en: 'Only draft products can be deleted; archive it instead.',
  },
  PRODUCT_INCOMPLETE: {
    status: 409,
    es: 'Al producto le faltan datos para publicarse.',
    en: 'The product lacks data to be published.',
  },
} as const satisfies Record<string, ErrorDefinition>;
