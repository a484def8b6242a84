import {
  orderCreateSchema,
  orderLineInputSchema,
  z,
  type CustomerListItem,
  type OrderCreateInput,
} from '@despacho/domain';
import { addressFormValues } from '../../lib/address-form';

/**
 * The manual order's form: the API's create schema, each line with what the screen shows beside
 * it (its name and what its location has available), dropped from the body.
 */
export const orderDraftSchema = orderCreateSchema.extend({
  lines: z
    .array(
      orderLineInputSchema.extend({
        label: z.string().optional(),
        available: z.number().int().optional(),
      }),
    )
    .min(1, { error: 'at_least_one' })
    .max(100),
});
export type OrderDraft = z.input<typeof orderDraftSchema>;

export const emptyOrderDraft = (): OrderDraft => ({
  customer_id: null,
  shipping_address: {
    ...addressFormValues(),
    contact_name: '',
    company: '',
    email: '',
    phone: '',
  },
  lines: [],
  shipping_price: 0,
  payment_state: 'paid',
  location_id: '',
  tags: [],
  note: '',
});

/** A customer of the address book as the order's contact and address (its default one). */
export function shippingOf(customer: CustomerListItem): OrderDraft['shipping_address'] {
  const address = customer.default_address;
  return {
    ...addressFormValues(address),
    contact_name:
      address.contact_name || [customer.name, customer.last_name].filter(Boolean).join(' '),
    company: address.company ?? customer.company ?? '',
    email: address.contact_email ?? customer.email,
    phone: address.contact_phone || customer.phone,
  };
}

/** The body the API takes: the lines without what the screen keeps beside them. */
export const createBody = (draft: OrderDraft): OrderCreateInput => ({
  ...draft,
  lines: draft.lines.map(({ variant_id, quantity, unit_price }) => ({
    variant_id,
    quantity,
    unit_price,
  })),
});
