import type { ErrorDefinition } from '../error-definition';

/**
 * Warehouse entries (issue 15): refusals, merged into `ERRORS` (errors.ts). Spec §8's "missing
 * product data must be filled in" is ENTRY_PRODUCT_DATA_MISSING, already among the products' errors.
 */
export const ENTRIES_ERRORS = {
  ENTRY_NOT_CANCELLABLE: {
    status: 409,
    es: 'La entrada ya tiene unidades recibidas o está cerrada: ya no se puede cancelar.',
    en: 'The entry already has received units or is closed: it can no longer be cancelled.',
  },
  ENTRY_CLOSED: {
    status: 409,
    es: 'La entrada ya está cerrada: no admite más cambios.',
    en: 'The entry is already closed: it takes no more changes.',
  },
  ENTRY_NOTHING_TO_ACCEPT: {
    status: 409,
    es: 'La línea no tiene tantas unidades en revisión.',
    en: 'The line does not have that many units under review.',
  },
  ENTRY_LINE_NOT_FOUND: {
    status: 404,
    es: 'Ningún producto de esta entrada tiene ese código.',
    en: 'No product of this entry has that code.',
  },
  ENTRY_PHOTO_NOT_FOUND: {
    status: 422,
    es: 'Una de las fotos no existe o ya pertenece a otra incidencia: súbela de nuevo.',
    en: 'One of the photos does not exist or belongs to another incident: upload it again.',
  },
} as const satisfies Record<string, ErrorDefinition>;
