import { addressFieldsSchema, addressViewSchema } from '../addresses/schemas';
import { emailField, requiredText } from '../fields';
import { paginationQuerySchema } from '../pagination';
import { z } from '../validation';

/**
 * Vendors (`settings/vendors`): the suppliers whose goods a merchant sells; products name their
 * vendor. The code is the merchant's own short key, unique per organization regardless of case.
 */
export const VENDOR_STATUSES = ['enabled', 'disabled'] as const;
export type VendorStatus = (typeof VENDOR_STATUSES)[number];

export const vendorCodeField = z
  .string()
  .trim()
  .min(1, { error: 'required' })
  .regex(/^[A-Za-z0-9_-]{1,20}$/, { error: 'vendor_code' })
  .transform((code) => code.toUpperCase());

export const vendorSchema = z.object({
  name: requiredText(100),
  code: vendorCodeField,
  email: emailField,
  address: addressFieldsSchema,
  status: z.enum(VENDOR_STATUSES, { error: 'one_of' }).default('enabled'),
});
export type VendorInput = z.input<typeof vendorSchema>;
export type VendorData = z.infer<typeof vendorSchema>;

export const vendorParamsSchema = z.object({ id: z.uuid({ error: 'invalid' }) });

export const vendorStatusSchema = z.object({
  status: z.enum(VENDOR_STATUSES, { error: 'one_of' }),
});

export const vendorsQuerySchema = paginationQuerySchema.extend({
  /** Matches name, code or email. */
  search: z.string().trim().max(100).optional(),
  status: z.enum(VENDOR_STATUSES, { error: 'one_of' }).optional(),
});
export type VendorsQuery = z.infer<typeof vendorsQuerySchema>;

export const vendorViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  email: z.string(),
  address: addressViewSchema,
  status: z.enum(VENDOR_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type VendorView = z.infer<typeof vendorViewSchema>;
