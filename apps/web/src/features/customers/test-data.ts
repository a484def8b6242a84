import type { CustomerAddressView, CustomerListItem, CustomerView } from '@despacho/domain';
import { json } from '../../test/fixtures';

/** Customers as the API answers them, for the customers screens' tests. */

export const CUSTOMER_ID = '2b6f1c1e-8d4a-4f6e-9b0c-3a2d1e5f7a90';

export const address = (overrides: Partial<CustomerAddressView> = {}): CustomerAddressView => ({
  id: '9a1e6b2c-3d4f-4a5b-8c6d-7e8f9a0b1c2d',
  alias: 'Casa',
  company: null,
  contact_name: 'Lucía Hernández',
  contact_email: 'lucia@correo.mx',
  contact_phone: '5598765432',
  street: 'Colima',
  external_number: '120',
  internal_number: null,
  reference: null,
  neighborhood: 'Roma Norte',
  city: 'Ciudad de México',
  municipality: 'Cuauhtémoc',
  state: 'Ciudad de México',
  zip: '06700',
  country: 'MX',
  is_default: true,
  ...overrides,
});

export const OFFICE = address({
  id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  alias: 'Oficina',
  street: 'Av. Revolución',
  external_number: '1500',
  neighborhood: 'Guadalupe Inn',
  municipality: 'Álvaro Obregón',
  zip: '01020',
  is_default: false,
});

export const customer = (overrides: Partial<CustomerView> = {}): CustomerView => ({
  id: CUSTOMER_ID,
  name: 'Lucía',
  last_name: 'Hernández',
  company: 'Dulcería La Esperanza',
  email: 'lucia@correo.mx',
  phone: '5598765432',
  tax_id: 'HEML850101AB8',
  is_favorite: false,
  created_at: '2026-03-02T16:00:00.000Z',
  updated_at: '2026-03-02T16:00:00.000Z',
  addresses: [address(), OFFICE],
  ...overrides,
});

export const listItem = (overrides: Partial<CustomerView> = {}): CustomerListItem => {
  const { addresses, ...rest } = customer(overrides);
  return {
    ...rest,
    default_address: addresses.find((item) => item.is_default) ?? addresses[0]!,
    address_count: addresses.length,
  };
};

export const listPage = (data: CustomerListItem[]) =>
  json(200, { data, meta: { page: 1, pageSize: 10, total: data.length } });
