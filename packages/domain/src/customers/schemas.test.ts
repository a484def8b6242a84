import { describe, expect, it } from 'vitest';
import { localizeIssues } from '../validation';
import { customerSchema, customersQuerySchema, type CustomerInput } from './schemas';

const address = {
  alias: 'Casa',
  contact_name: 'José Hernández',
  contact_phone: '5512345678',
  street: 'Av. Insurgentes Sur',
  external_number: '1234',
  neighborhood: 'Del Valle Centro',
  city: 'Ciudad de México',
  municipality: 'Benito Juárez',
  state: 'Ciudad de México',
  zip: '03100',
};

const customer = (addresses: CustomerInput['addresses']): CustomerInput => ({
  name: 'José',
  email: 'jose@correo.mx',
  phone: '5512345678',
  addresses,
});

const defaults = (input: CustomerInput) =>
  customerSchema.parse(input).addresses.map((parsed) => parsed.is_default);

describe('customerSchema', () => {
  it('makes the first address the default when none is marked', () => {
    expect(defaults(customer([address, { ...address, alias: 'Oficina' }]))).toEqual([true, false]);
    expect(defaults(customer([address]))).toEqual([true]);
  });

  it('keeps the address marked as the default', () => {
    expect(
      defaults(
        customer([address, { ...address, is_default: true }, { ...address, alias: 'Otra' }]),
      ),
    ).toEqual([false, true, false]);
  });

  it('refuses two defaults with the one_default_address message', () => {
    const result = customerSchema.safeParse(
      customer([
        { ...address, is_default: true },
        { ...address, is_default: true },
      ]),
    );
    expect(result.success).toBe(false);
    expect(result.error?.issues).toMatchObject([
      { message: 'one_default_address', path: ['addresses'] },
    ]);
    expect(localizeIssues(result.error!.issues, 'es')).toEqual({
      addresses: 'Marca solo una dirección como predeterminada.',
    });
  });

  it('refuses no addresses, more than 20, and the same address twice', () => {
    const messages = (addresses: CustomerInput['addresses']) =>
      localizeIssues(customerSchema.safeParse(customer(addresses)).error!.issues, 'en');
    expect(messages([])).toEqual({ addresses: 'Add at least one item.' });
    expect(messages(Array(21).fill(address))).toEqual({ addresses: 'Add at most 20 items.' });
    const id = '4b7c3e1a-8f2d-4c6b-9a1e-2d3f4a5b6c7d';
    expect(messages([{ ...address, id }, address, { ...address, id }])).toEqual({
      'addresses.2.id': 'Duplicate items are not allowed.',
    });
  });

  it('normalizes the customer: email lower case, tax ID upper case, blanks absent', () => {
    const parsed = customerSchema.parse({
      ...customer([{ ...address, contact_email: '', company: ' ' }]),
      email: ' Jose@Correo.MX ',
      tax_id: 'cacx-7605101p8',
      last_name: '',
    });
    expect(parsed).toMatchObject({
      email: 'jose@correo.mx',
      tax_id: 'CACX7605101P8',
      last_name: undefined,
      is_favorite: false,
    });
    expect(parsed.addresses[0]).toMatchObject({ contact_email: undefined, company: undefined });
  });
});

describe('customersQuerySchema', () => {
  it('reads favorites, sort and the page from the query string', () => {
    expect(customersQuerySchema.parse({})).toEqual({
      page: 1,
      pageSize: 20,
      favorites: false,
      sort: '-created_at',
    });
    expect(
      customersQuerySchema.parse({ favorites: 'true', sort: 'name', page: '2', search: ' ana ' }),
    ).toMatchObject({ favorites: true, sort: 'name', page: 2, search: 'ana' });
    expect(customersQuerySchema.safeParse({ sort: 'email' }).success).toBe(false);
  });
});
