import {
  emailField,
  optionalCompanyField,
  optionalText,
  phoneField,
  requiredText,
} from '../fields';
import { paginationQuerySchema } from '../pagination';
import { z } from '../validation';

/**
 * The address fields of spec §5, one schema for every address form: origin locations now,
 * customers and vendors later. Lengths are the carriers' label limits.
 */
export const ADDRESS_LIMITS = {
  street: 35,
  external_number: 10,
  internal_number: 10,
  reference: 15,
  neighborhood: 25,
  city: 35,
  municipality: 50,
  state: 50,
} as const;

export const addressFieldsSchema = z.object({
  street: requiredText(ADDRESS_LIMITS.street),
  external_number: requiredText(ADDRESS_LIMITS.external_number),
  internal_number: optionalText(ADDRESS_LIMITS.internal_number),
  reference: optionalText(ADDRESS_LIMITS.reference),
  neighborhood: requiredText(ADDRESS_LIMITS.neighborhood),
  city: requiredText(ADDRESS_LIMITS.city),
  municipality: requiredText(ADDRESS_LIMITS.municipality),
  state: requiredText(ADDRESS_LIMITS.state),
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}$/, { error: 'postal_code_digits' }),
  country: z.string().trim().length(2, { error: 'one_of' }).default('MX'),
});
export type AddressFields = z.infer<typeof addressFieldsSchema>;

/** An origin address of the organization (`settings/locations`). */
export const locationSchema = addressFieldsSchema.extend({
  alias: requiredText(50),
  company: optionalCompanyField,
  contact_name: requiredText(100),
  contact_email: emailField,
  contact_phone: phoneField,
  is_default: z.boolean().default(false),
});
export type LocationInput = z.input<typeof locationSchema>;
export type LocationData = z.infer<typeof locationSchema>;

export const locationParamsSchema = z.object({ id: z.uuid({ error: 'invalid' }) });

export const locationsQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
});
export type LocationsQuery = z.infer<typeof locationsQuerySchema>;

/** The address fields as the API answers them, inside every view that has an address. */
export const addressViewSchema = z.object({
  street: z.string(),
  external_number: z.string(),
  internal_number: z.string().nullable(),
  reference: z.string().nullable(),
  neighborhood: z.string(),
  city: z.string(),
  municipality: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
});
export type AddressView = z.infer<typeof addressViewSchema>;

/** A stored location as the API answers it. */
export const locationViewSchema = addressViewSchema.extend({
  id: z.string(),
  alias: z.string(),
  company: z.string().nullable(),
  contact_name: z.string(),
  contact_email: z.string(),
  contact_phone: z.string(),
  is_default: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LocationView = z.infer<typeof locationViewSchema>;
