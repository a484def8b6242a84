import type { ErrorDefinition } from '../error-definition';

/** Catalogues: SEPOMEX postal codes and SAT keys: the errors of this domain, merged into `ERRORS` (errors.ts). */
export const CATALOGS_ERRORS = {
  // Catalogs: SEPOMEX postal codes
  POSTAL_CODE_NOT_FOUND: {
    status: 404,
    es: 'No encontramos el código postal {zip}.',
    en: 'We could not find postal code {zip}.',
  },
  POSTAL_CODES_NOT_LOADED: {
    status: 404,
    es: 'El catálogo de códigos postales no está cargado; captura la dirección a mano.',
    en: 'The postal code catalogue is not loaded; enter the address by hand.',
  },
  // Catalogs: SAT Carta Porte product codes (c_ClaveProdServCP)
  SAT_PRODUCT_NOT_FOUND: {
    status: 404,
    es: 'La clave {code} no está en el catálogo Carta Porte del SAT.',
    en: 'Code {code} is not in the SAT Carta Porte catalogue.',
  },
  SAT_PRODUCTS_NOT_LOADED: {
    status: 404,
    es: 'El catálogo de claves de producto del SAT no está cargado; solo se revisa que la familia (primeros 4 dígitos) exista.',
    en: 'The SAT product code catalogue is not loaded; only the family (first 4 digits) is checked.',
  },
  // Catalogs: SAT tariff fractions (c_FraccionArancelaria)
  TARIFF_FRACTION_NOT_FOUND: {
    status: 404,
    es: 'La fracción arancelaria {code} no está en el catálogo del SAT.',
    en: 'Tariff fraction {code} is not in the SAT catalogue.',
  },
  TARIFF_FRACTIONS_NOT_LOADED: {
    status: 404,
    es: 'El catálogo de fracciones arancelarias del SAT no está cargado; solo se revisa que la fracción tenga 8 o 10 dígitos.',
    en: 'The SAT tariff fraction catalogue is not loaded; only the shape of the fraction (8 or 10 digits) is checked.',
  },
} as const satisfies Record<string, ErrorDefinition>;
