import { addressFieldsSchema, addressViewSchema } from '../addresses/schemas';
import {
  emailField,
  optionalCompanyField,
  optionalEmailField,
  optionalText,
  phoneField,
  requiredText,
} from '../fields';
import { paginationQuerySchema } from '../pagination';
import { z } from '../validation';
import { taxIdField } from './tax-id';

/**
 * Customers (`clients`, `clients/{id}`, `create/`, `client/{id}`): the people and companies a
 * merchant ships to. A customer has one or more addresses; exactly one is the default (the
 * first when none is marked). The address contact fields say who receives the parcel there.
 */
export const CUSTOMER_LIMITS = { name: 100, lastName: 100, alias: 50, addresses: 20 } as const;

export const customerAddressSchema = addressFieldsSchema.extend({
  /** Present when editing an address that already exists; absent for a new one. */
  id: z.uuid({ error: 'invalid' }).optional(),
  alias: requiredText(CUSTOMER_LIMITS.alias),
  company: optionalCompanyField,
  contact_name: requiredText(CUSTOMER_LIMITS.name),
  contact_email: optionalEmailField,
  contact_phone: phoneField,
  is_default: z.boolean().default(false),
});
export type CustomerAddressInput = z.input<typeof customerAddressSchema>;
export type CustomerAddressData = z.infer<typeof customerAddressSchema>;

export const customerSchema = z
  .object({
    name: requiredText(CUSTOMER_LIMITS.name),
    last_name: optionalText(CUSTOMER_LIMITS.lastName),
    company: optionalCompanyField,
    email: emailField,
    phone: phoneField,
    tax_id: taxIdField,
    is_favorite: z.boolean().default(false),
    addresses: z
      .array(customerAddressSchema)
      .min(1, { error: 'at_least_one' })
      // No message key here: the issue's maximum fills the {max} of `max_items`.
      .max(CUSTOMER_LIMITS.addresses),
  })
  .superRefine((customer, context) => {
    if (customer.addresses.filter((address) => address.is_default).length > 1) {
      context.addIssue({ code: 'custom', message: 'one_default_address', path: ['addresses'] });
    }
    // An existing address is sent once: twice would edit it twice and drop an entry.
    const seen = new Set<string>();
    customer.addresses.forEach((address, index) => {
      if (!address.id) return;
      if (seen.has(address.id)) {
        context.addIssue({
          code: 'custom',
          message: 'no_duplicates',
          path: ['addresses', index, 'id'],
        });
      }
      seen.add(address.id);
    });
  })
  .transform((customer) => ({
    ...customer,
    addresses: customer.addresses.some((address) => address.is_default)
      ? customer.addresses
      : customer.addresses.map((address, index) => ({ ...address, is_default: index === 0 })),
  }));
export type CustomerInput = z.input<typeof customerSchema>;
export type CustomerData = z.infer<typeof customerSchema>;

export const customerParamsSchema = z.object({ id: z.uuid({ error: 'invalid' }) });

/** `customers/{id}/addresses/{addressId}/default`. */
export const customerAddressParamsSchema = customerParamsSchema.extend({
  addressId: z.uuid({ error: 'invalid' }),
});

export const favoriteSchema = z.object({ is_favorite: z.boolean() });

export const CUSTOMER_SORTS = [
  'name',
  '-name',
  'company',
  '-company',
  'created_at',
  '-created_at',
] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export const customersQuerySchema = paginationQuerySchema.extend({
  /** Matches name, last name, company, email, phone or the zip of any address. */
  search: z.string().trim().max(100).optional(),
  favorites: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  sort: z.enum(CUSTOMER_SORTS, { error: 'one_of' }).default('-created_at'),
});
export type CustomersQuery = z.infer<typeof customersQuerySchema>;

export const customerAddressViewSchema = addressViewSchema.extend({
  id: z.string(),
  alias: z.string(),
  company: z.string().nullable(),
  contact_name: z.string(),
  contact_email: z.string().nullable(),
  contact_phone: z.string(),
  is_default: z.boolean(),
});
export type CustomerAddressView = z.infer<typeof customerAddressViewSchema>;

const customerFields = {
  id: z.string(),
  name: z.string(),
  last_name: z.string().nullable(),
  company: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
  tax_id: z.string().nullable(),
  is_favorite: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
};

/** A customer with every address, as the view and edit screens need it. */
export const customerViewSchema = z.object({
  ...customerFields,
  addresses: z.array(customerAddressViewSchema),
});
export type CustomerView = z.infer<typeof customerViewSchema>;

/** A row of the customers list: the default address and how many there are. */
export const customerListItemSchema = z.object({
  ...customerFields,
  default_address: customerAddressViewSchema,
  address_count: z.number().int(),
});
export type CustomerListItem = z.infer<typeof customerListItemSchema>;
