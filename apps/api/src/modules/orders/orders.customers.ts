import {
  customerSchema,
  type CustomerData,
  type OrderShippingAddressInput,
} from '@despacho/domain';
import type { CustomersService } from '../customers';
import type { OrderAddress } from './orders.tables';

/** Saves an order's address as a new customer, when it passes the address book's rules. */
export async function saveAsCustomer(
  customers: Pick<CustomersService, 'create'>,
  organizationId: string,
  address: OrderShippingAddressInput | OrderAddress,
): Promise<string | null> {
  const input = customerOf(address);
  return input ? (await customers.create(organizationId, input)).id : null;
}

/** An order's address as a new customer of the address book, or null when its rules refuse it. */
export function customerOf(address: OrderShippingAddressInput | OrderAddress): CustomerData | null {
  const [name, ...rest] = address.contact_name.trim().split(/\s+/);
  const parsed = customerSchema.safeParse({
    name,
    last_name: rest.join(' ') || undefined,
    company: address.company || undefined,
    email: address.email,
    phone: address.phone,
    addresses: [
      {
        ...address,
        alias: 'Pedido',
        company: address.company || undefined,
        internal_number: address.internal_number || undefined,
        reference: address.reference || undefined,
        contact_email: address.email || undefined,
        contact_phone: address.phone,
        is_default: true,
      },
    ],
  });
  return parsed.success ? parsed.data : null;
}
