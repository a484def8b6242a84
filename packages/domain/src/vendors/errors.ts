import type { ErrorDefinition } from '../error-definition';

/** Vendors (settings/vendors): the errors of this domain, merged into `ERRORS` (errors.ts). */
export const VENDORS_ERRORS = {
  // Vendors (settings/vendors)
  VENDOR_CODE_TAKEN: {
    status: 409,
    es: 'Ya tienes un proveedor con este código.',
    en: 'You already have a vendor with this code.',
  },
} as const satisfies Record<string, ErrorDefinition>;
