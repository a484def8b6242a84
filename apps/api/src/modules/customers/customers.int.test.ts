import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEachForbidden, expectEachNotFound, type Route } from '../../../test/expect-each';
import { createTestApp } from '../../../test/test-app';
import {
  callAs,
  type CallArgs,
  createOwnerAndOther,
  createTestMerchant,
  createTestUser,
  type TestUser,
} from '../../../test/users';
import { insertReferencingShipment } from '../shipments/shipments.test-support';
import { customerAddresses, customers } from './customers.tables';

const address = {
  alias: 'Casa',
  contact_name: 'José Hernández',
  contact_phone: '5512345678',
  street: 'Av. Insurgentes Sur',
  external_number: '1234',
  reference: 'Portón gris',
  neighborhood: 'Del Valle Centro',
  city: 'Ciudad de México',
  municipality: 'Benito Juárez',
  state: 'Ciudad de México',
  zip: '03100',
};

const valid = {
  name: 'José',
  last_name: 'Hernández',
  company: 'Abarrotes La Esperanza',
  email: 'Jose.Hernandez@Correo.MX',
  phone: '5512345678',
  tax_id: 'hegm-850312-qk7',
  addresses: [address],
};

// A CURP with the right RENAPO check digit, and the same with the digit changed.
const CURP = 'MASA920514MJCRNN05';
const CURP_WRONG_DIGIT = 'MASA920514MJCRNN06';

interface View {
  id: string;
  name: string;
  is_favorite: boolean;
  addresses: { id: string; alias: string; zip: string; is_default: boolean }[];
}
interface Item {
  name: string;
  default_address: { alias: string };
  address_count: number;
}

describe('customers', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let other: TestUser;
  let organizationId: string;

  const call = (...args: CallArgs) => callAs(ctx.app, ...args);
  const create = async (user: TestUser, extra: object = {}) => {
    ctx.clock.advance(1000);
    const response = await call(user, 'POST', '/customers', { ...valid, ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as View;
  };
  const read = async (user: TestUser, id: string) =>
    (await call(user, 'GET', `/customers/${id}`)).json().data as View;
  const names = async (user: TestUser, query: string) => {
    const response = await call(user, 'GET', `/customers?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.map((item: Item) => item.name);
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ organizationId, owner, other } = await createOwnerAndOther(ctx));
  });
  afterAll(() => ctx.close());

  it('creates a customer with its address and reads it back normalized', async () => {
    const response = await call(owner, 'POST', '/customers', valid);
    expect(response.statusCode).toBe(201);
    const expected = {
      id: expect.any(String),
      name: 'José',
      last_name: 'Hernández',
      company: 'Abarrotes La Esperanza',
      email: 'jose.hernandez@correo.mx',
      phone: '5512345678',
      tax_id: 'HEGM850312QK7',
      is_favorite: false,
      created_at: '2026-03-02T16:00:00.000Z',
      updated_at: '2026-03-02T16:00:00.000Z',
      addresses: [
        {
          ...address,
          id: expect.any(String),
          company: null,
          contact_email: null,
          internal_number: null,
          country: 'MX',
          is_default: true,
        },
      ],
    };
    expect(response.json().data).toEqual(expected);
    const got = await call(owner, 'GET', `/customers/${response.json().data.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json().data).toEqual(response.json().data);

    // A CURP is a valid tax ID too, stored upper case; a blank one is no tax ID.
    expect((await create(owner, { tax_id: CURP.toLowerCase() })) as object).toMatchObject({
      tax_id: CURP,
    });
    expect((await create(owner, { tax_id: '' })) as object).toMatchObject({ tax_id: null });
  });

  it('answers the messages per field, in Spanish and English', async () => {
    const invalid = {
      ...valid,
      name: '',
      company: 'Abc',
      email: 'no-es-correo',
      phone: '55123',
      tax_id: 'CACX7605101P9',
      addresses: [
        {
          ...address,
          alias: '',
          contact_phone: '123',
          contact_email: 'nada',
          zip: '0310',
          street: 'x'.repeat(36),
          neighborhood: 'n'.repeat(26),
          reference: 'r'.repeat(16),
        },
      ],
    };
    const es = await call(owner, 'POST', '/customers', invalid);
    expect(es.statusCode).toBe(400);
    expect(es.json().error.code).toBe('VALIDATION_FAILED');
    expect(es.json().error.fields).toEqual({
      name: 'Este campo es obligatorio.',
      company: 'La empresa debe tener al menos 5 caracteres.',
      email: 'Ingresa un correo electrónico válido.',
      phone: 'El teléfono debe tener exactamente 10 dígitos.',
      tax_id:
        'El dígito verificador del RFC no es correcto. Revísalo en tu Constancia de Situación Fiscal.',
      'addresses.0.alias': 'Este campo es obligatorio.',
      'addresses.0.contact_phone': 'El teléfono debe tener exactamente 10 dígitos.',
      'addresses.0.contact_email': 'Ingresa un correo electrónico válido.',
      'addresses.0.zip': 'El código postal tiene 5 dígitos.',
      'addresses.0.street': 'Escribe máximo 35 caracteres.',
      'addresses.0.neighborhood': 'Escribe máximo 25 caracteres.',
      'addresses.0.reference': 'Escribe máximo 15 caracteres.',
    });
    const en = await call(owner, 'POST', '/customers', invalid, 'en');
    expect(en.json().error.fields).toEqual({
      name: 'This field is required.',
      company: 'The company must have at least 5 characters.',
      email: 'Enter a valid email.',
      phone: 'The phone must have exactly 10 digits.',
      tax_id: 'The RFC check digit is not correct. Check it on your tax status certificate.',
      'addresses.0.alias': 'This field is required.',
      'addresses.0.contact_phone': 'The phone must have exactly 10 digits.',
      'addresses.0.contact_email': 'Enter a valid email.',
      'addresses.0.zip': 'The postal code has 5 digits.',
      'addresses.0.street': 'Enter at most 35 characters.',
      'addresses.0.neighborhood': 'Enter at most 25 characters.',
      'addresses.0.reference': 'Enter at most 15 characters.',
    });

    const fieldsOf = async (payload: object, language = 'es') =>
      (await call(owner, 'POST', '/customers', { ...valid, ...payload }, language)).json().error
        .fields;
    expect(await fieldsOf({ tax_id: CURP_WRONG_DIGIT })).toEqual({
      tax_id: 'El dígito verificador de la CURP no es correcto. Revisa que esté bien escrita.',
    });
    expect(await fieldsOf({ tax_id: CURP_WRONG_DIGIT }, 'en')).toEqual({
      tax_id: 'The CURP check digit is not correct. Check that it is typed correctly.',
    });
    expect(await fieldsOf({ tax_id: 'ABC123' }, 'en')).toEqual({
      tax_id: 'Enter a valid RFC (12 or 13 characters) or CURP (18 characters).',
    });
    expect(await fieldsOf({ addresses: [] })).toEqual({
      addresses: 'Agrega al menos un elemento.',
    });
    expect(await fieldsOf({ addresses: undefined }, 'en')).toEqual({
      addresses: 'This field is required.',
    });
    expect(await fieldsOf({ addresses: Array(21).fill(address) }, 'en')).toEqual({
      addresses: 'Add at most 20 items.',
    });
    const twoDefaults = [
      { ...address, is_default: true },
      { ...address, alias: 'Oficina', is_default: true },
    ];
    expect(await fieldsOf({ addresses: twoDefaults })).toEqual({
      addresses: 'Marca solo una dirección como predeterminada.',
    });
    expect(await fieldsOf({ addresses: twoDefaults }, 'en')).toEqual({
      addresses: 'Mark only one address as the default.',
    });
    expect((await ctx.db.select().from(customers)).map((row) => row.taxId)).not.toContain(
      CURP_WRONG_DIGIT,
    );
  });

  it('moves the default address on PUT and through the default route', async () => {
    const customer = await create(owner, {
      name: 'Predeterminada',
      addresses: [address, { ...address, alias: 'Oficina', zip: '06600', is_default: true }],
    });
    // The default comes first, then the order they were entered in.
    expect(customer.addresses.map((a) => [a.alias, a.is_default])).toEqual([
      ['Oficina', true],
      ['Casa', false],
    ]);
    const [oficina, casa] = customer.addresses as [View['addresses'][0], View['addresses'][0]];

    ctx.clock.advance(1000);
    const put = await call(owner, 'PUT', `/customers/${customer.id}`, {
      ...valid,
      name: 'Predeterminada',
      addresses: [
        { ...address, id: casa.id, is_default: true },
        { ...address, id: oficina.id, alias: 'Oficina', zip: '06600' },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.addresses.map((a: { id: string; is_default: boolean }) => a)).toEqual([
      expect.objectContaining({ id: casa.id, is_default: true }),
      expect.objectContaining({ id: oficina.id, is_default: false }),
    ]);
    expect(put.json().data.updated_at).not.toBe(put.json().data.created_at);

    const moved = await call(
      owner,
      'POST',
      `/customers/${customer.id}/addresses/${oficina.id}/default`,
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.addresses.map((a: { alias: string }) => a.alias)).toEqual([
      'Oficina',
      'Casa',
    ]);
    expect(moved.json().data.addresses[0].is_default).toBe(true);
    // Again on the default: nothing changes.
    const again = await call(
      owner,
      'POST',
      `/customers/${customer.id}/addresses/${oficina.id}/default`,
    );
    expect(again.json().data.addresses.map((a: { id: string }) => a.id)).toEqual([
      oficina.id,
      casa.id,
    ]);

    const listed = (await call(owner, 'GET', '/customers?search=predeterminada')).json().data;
    expect(listed).toMatchObject([
      { name: 'Predeterminada', address_count: 2, default_address: { alias: 'Oficina' } },
    ]);

    // An address that is not this customer's cannot be the default.
    const someoneElse = await create(owner, { name: 'Ajeno' });
    const foreign = await call(
      owner,
      'POST',
      `/customers/${customer.id}/addresses/${someoneElse.addresses[0]!.id}/default`,
    );
    expect(foreign.statusCode).toBe(404);
    expect((await read(owner, customer.id)).addresses[0]!.id).toBe(oficina.id);
    const badId = await call(owner, 'POST', `/customers/${customer.id}/addresses/nope/default`);
    expect(badId.statusCode).toBe(400);
  });

  it('replaces the address list on PUT: updates, adds and deletes', async () => {
    const customer = await create(owner, {
      name: 'Reemplazo',
      addresses: [
        { ...address, alias: 'Uno', zip: '11000' },
        { ...address, alias: 'Dos', zip: '22000' },
        { ...address, alias: 'Tres', zip: '33000' },
      ],
    });
    const [uno, dos] = customer.addresses;
    const replaced = await call(owner, 'PUT', `/customers/${customer.id}`, {
      ...valid,
      name: 'Reemplazo',
      email: 'NUEVO@Correo.mx',
      addresses: [
        { ...address, alias: 'Nueva', zip: '44000' },
        { ...address, id: dos!.id, alias: 'Dos editada', zip: '22000' },
      ],
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const view = replaced.json().data as View & { email: string };
    expect(view.email).toBe('nuevo@correo.mx');
    // The first sent is the default when none is marked.
    expect(view.addresses.map((a) => [a.alias, a.is_default])).toEqual([
      ['Nueva', true],
      ['Dos editada', false],
    ]);
    expect(view.addresses[1]!.id).toBe(dos!.id);
    expect(view.addresses.map((a) => a.id)).not.toContain(uno!.id);
    const stored = await ctx.db
      .select()
      .from(customerAddresses)
      .where(eq(customerAddresses.customerId, customer.id));
    expect(stored).toHaveLength(2);

    // The search follows the zips: the new one finds it, a deleted one no longer does.
    expect(await names(owner, 'search=44000')).toEqual(['Reemplazo']);
    expect(await names(owner, 'search=11000')).toEqual([]);

    // An address id of another customer, or of another organization, changes nothing.
    const mine = await create(owner, { name: 'Vecino' });
    const theirs = await create(other, { name: 'Externo' });
    for (const foreignId of [mine.addresses[0]!.id, theirs.addresses[0]!.id]) {
      const response = await call(owner, 'PUT', `/customers/${customer.id}`, {
        ...valid,
        name: 'Robado',
        addresses: [{ ...address, id: foreignId }],
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    expect((await read(owner, customer.id)).name).toBe('Reemplazo');
    expect((await read(owner, mine.id)).addresses).toHaveLength(1);
    expect((await read(other, theirs.id)).addresses).toHaveLength(1);

    // The same address twice is refused.
    const twice = await call(owner, 'PUT', `/customers/${customer.id}`, {
      ...valid,
      addresses: [
        { ...address, id: dos!.id },
        { ...address, id: dos!.id },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields).toEqual({
      'addresses.1.id': 'No se permiten elementos duplicados.',
    });
  });

  it('searches by name, last name, company, email, phone and zip, ignoring case and accents', async () => {
    const searcher = (await createTestMerchant(ctx, 'Buscadora')).user;
    await create(searcher, {
      name: 'José',
      last_name: 'Pérez',
      company: 'Distribuidora del Norte',
      email: 'jperez@norte.mx',
      phone: '8112345678',
      addresses: [{ ...address, zip: '64000' }],
    });
    await create(searcher, {
      name: 'Ana',
      last_name: 'Muñoz',
      company: 'Dulces 100% Naturales',
      email: 'ana_munoz@dulces.mx',
      phone: '9991234567',
      addresses: [
        { ...address, zip: '97000' },
        { ...address, alias: 'Bodega', zip: '86000' },
      ],
    });
    await create(searcher, {
      name: 'Luis',
      last_name: undefined,
      company: undefined,
      email: 'luis@correo.mx',
      phone: '3312345678',
      addresses: [{ ...address, zip: '44100' }],
    });
    const found = (search: string) => names(searcher, `search=${encodeURIComponent(search)}`);
    expect(await found('jose')).toEqual(['José']);
    expect(await found('JOSÉ')).toEqual(['José']);
    expect(await found('perez')).toEqual(['José']);
    expect(await found('munoz')).toEqual(['Ana']);
    expect(await found('Muñoz')).toEqual(['Ana']);
    expect(await found('norte')).toEqual(['José']);
    expect(await found('naturales')).toEqual(['Ana']);
    expect(await found('luis@correo')).toEqual(['Luis']);
    expect(await found('8112345678')).toEqual(['José']);
    expect(await found('999 123')).toEqual(['Ana']);
    expect(await found('86000')).toEqual(['Ana']);
    expect(await found('64000')).toEqual(['José']);
    // Every word must match, in any order and any field.
    expect(await found('perez jose')).toEqual(['José']);
    expect(await found('jose 97000')).toEqual([]);
    // %, _ and \ are matched as themselves.
    expect(await found('100%')).toEqual(['Ana']);
    expect(await found('a_m')).toEqual(['Ana']);
    expect(await found('_')).toEqual(['Ana']);
    expect(await found('\\')).toEqual([]);
    expect(await found('   ')).toHaveLength(3);
    // Another organization's customers are never found.
    expect(await names(owner, 'search=luis')).toEqual([]);
  });

  it('filters the favorites', async () => {
    const store = (await createTestMerchant(ctx, 'Favoritos')).user;
    const first = await create(store, { name: 'Primero' });
    await create(store, { name: 'Segundo', is_favorite: true });
    await create(store, { name: 'Tercero' });

    const marked = await call(store, 'PATCH', `/customers/${first.id}/favorite`, {
      is_favorite: true,
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().data).toMatchObject({ name: 'Primero', is_favorite: true });
    expect(await names(store, 'favorites=true')).toEqual(['Segundo', 'Primero']);
    expect(await names(store, 'favorites=true&sort=name')).toEqual(['Primero', 'Segundo']);
    expect(await names(store, 'favorites=false')).toHaveLength(3);
    expect((await call(store, 'GET', '/customers?favorites=true')).json().meta.total).toBe(2);

    await call(store, 'PATCH', `/customers/${first.id}/favorite`, { is_favorite: false });
    expect(await names(store, 'favorites=true')).toEqual(['Segundo']);

    const invalid = await call(store, 'PATCH', `/customers/${first.id}/favorite`, {}, 'en');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields).toEqual({ is_favorite: 'This field is required.' });
  });

  it('sorts by name, company and creation, both ways, and paginates', async () => {
    const store = (await createTestMerchant(ctx, 'Ordenada')).user;
    // Created in this order; names and companies sort the Spanish way (accents ignored, ñ after n).
    for (const [name, company] of [
      ['Carlos', 'Zapatería Luna'],
      ['Álvaro', undefined],
      ['Ñeco', 'Ópticas del Sur'],
      ['beatriz', 'Abarrotes Ñuñoa'],
      ['Nadia', 'Abarrotes Nube'],
    ] as const) {
      await create(store, { name, company });
    }
    expect(await names(store, 'sort=name')).toEqual([
      'Álvaro',
      'beatriz',
      'Carlos',
      'Nadia',
      'Ñeco',
    ]);
    expect(await names(store, 'sort=-name')).toEqual([
      'Ñeco',
      'Nadia',
      'Carlos',
      'beatriz',
      'Álvaro',
    ]);
    // Without a company goes last either way.
    expect(await names(store, 'sort=company')).toEqual([
      'Nadia',
      'beatriz',
      'Ñeco',
      'Carlos',
      'Álvaro',
    ]);
    expect(await names(store, 'sort=-company')).toEqual([
      'Carlos',
      'Ñeco',
      'beatriz',
      'Nadia',
      'Álvaro',
    ]);
    expect(await names(store, 'sort=created_at')).toEqual([
      'Carlos',
      'Álvaro',
      'Ñeco',
      'beatriz',
      'Nadia',
    ]);
    expect(await names(store, 'sort=-created_at')).toEqual([
      'Nadia',
      'beatriz',
      'Ñeco',
      'Álvaro',
      'Carlos',
    ]);
    expect(await names(store, '')).toEqual(await names(store, 'sort=-created_at'));

    const page = (await call(store, 'GET', '/customers?sort=name&page=2&pageSize=2')).json();
    expect(page.meta).toEqual({ page: 2, pageSize: 2, total: 5 });
    expect(page.data.map((item: Item) => item.name)).toEqual(['Carlos', 'Nadia']);
    expect(page.data[0]).toMatchObject({ address_count: 1, default_address: { alias: 'Casa' } });
    const last = (await call(store, 'GET', '/customers?sort=name&page=3&pageSize=2')).json();
    expect(last.data.map((item: Item) => item.name)).toEqual(['Ñeco']);
    const beyond = (await call(store, 'GET', '/customers?page=9')).json();
    expect(beyond).toEqual({ data: [], meta: { page: 9, pageSize: 20, total: 5 } });
    // A search answers its own total, also past its last page.
    const searched = (await call(store, 'GET', '/customers?search=abarrotes&pageSize=1')).json();
    expect(searched.meta).toEqual({ page: 1, pageSize: 1, total: 2 });
    const searchedBeyond = (await call(store, 'GET', '/customers?search=abarrotes&page=3')).json();
    expect(searchedBeyond).toEqual({ data: [], meta: { page: 3, pageSize: 20, total: 2 } });

    const bad = await call(store, 'GET', '/customers?sort=email&pageSize=101', undefined, 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ sort: 'Choose a valid option.' });
  });

  it('deletes a customer with its addresses', async () => {
    const total = async () => (await call(owner, 'GET', '/customers')).json().meta.total;
    const before = await total();
    const customer = await create(owner, { name: 'Borrado' });
    expect(await total()).toBe(before + 1);
    const removed = await call(owner, 'DELETE', `/customers/${customer.id}`);
    expect(removed.statusCode).toBe(204);
    expect(await total()).toBe(before);
    expect((await call(owner, 'GET', `/customers/${customer.id}`)).statusCode).toBe(404);
    const left = await ctx.db
      .select()
      .from(customerAddresses)
      .where(eq(customerAddresses.customerId, customer.id));
    expect(left).toEqual([]);
    expect((await call(owner, 'DELETE', `/customers/${customer.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a customer a guide was made for, yet its addresses can be replaced', async () => {
    const customer = await create(owner, { name: 'Con guía' });
    const location = await call(owner, 'POST', '/locations', {
      ...address,
      alias: 'Bodega',
      contact_email: 'bodega@prueba.mx',
    });
    expect(location.statusCode, location.body).toBe(201);
    await insertReferencingShipment(ctx.db, {
      organizationId,
      userId: owner.id,
      locationId: location.json().data.id,
      customerId: customer.id,
    });

    for (const [language, message] of [
      [
        'es',
        'No se puede eliminar porque otros registros lo usan (por ejemplo, envíos o productos).',
      ],
      [
        'en',
        'It cannot be deleted because other records use it (for example shipments or products).',
      ],
    ] as const) {
      const refused = await call(owner, 'DELETE', `/customers/${customer.id}`, undefined, language);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: { code: 'RECORD_IN_USE', message } });
    }
    expect(await read(owner, customer.id)).toEqual(customer);

    // The guide copied the address it went to: replacing every address is still allowed.
    const replaced = await call(owner, 'PUT', `/customers/${customer.id}`, {
      ...valid,
      name: 'Con guía',
      addresses: [{ ...address, alias: 'Oficina nueva', zip: '64000' }],
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const addresses = (replaced.json().data as View).addresses;
    expect(addresses.map(({ alias, zip }) => ({ alias, zip }))).toEqual([
      { alias: 'Oficina nueva', zip: '64000' },
    ]);
    expect(addresses[0]!.id).not.toBe(customer.addresses[0]!.id);
  });

  it("answers 404 for another organization's customer and keeps lists apart", async () => {
    const mine = await create(owner, { name: 'Privado' });
    const addressId = mine.addresses[0]!.id;
    await expectEachNotFound(call, other, [
      ['GET', `/customers/${mine.id}`],
      ['PUT', `/customers/${mine.id}`, valid],
      ['PUT', `/customers/${mine.id}`, { ...valid, addresses: [{ ...address, id: addressId }] }],
      ['PATCH', `/customers/${mine.id}/favorite`, { is_favorite: true }],
      ['POST', `/customers/${mine.id}/addresses/${addressId}/default`],
      ['DELETE', `/customers/${mine.id}`],
    ]);
    expect(await read(owner, mine.id)).toMatchObject({ name: 'Privado', is_favorite: false });
    expect(await names(other, 'pageSize=100')).not.toContain('Privado');
    expect((await call(owner, 'GET', '/customers/no-es-uuid')).statusCode).toBe(400);
  });

  it('needs ecommerce.clients and a session', async () => {
    const member = await createTestUser(ctx, { organizationId, permissions: ['dashboard'] });
    const someone = await create(owner, { name: 'Protegido' });
    const routes: Route[] = [
      ['GET', '/customers'],
      ['POST', '/customers', valid],
      ['GET', `/customers/${someone.id}`],
      ['PUT', `/customers/${someone.id}`, valid],
      ['PATCH', `/customers/${someone.id}/favorite`, { is_favorite: true }],
      ['POST', `/customers/${someone.id}/addresses/${someone.addresses[0]!.id}/default`],
      ['DELETE', `/customers/${someone.id}`],
    ];
    await expectEachForbidden(call, member, routes);
    for (const [method, url, payload] of routes) {
      const anonymous = await ctx.app.inject({
        method,
        url: `/api/v1${url}`,
        ...(payload ? { payload } : {}),
      });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    const allowed = await createTestUser(ctx, {
      organizationId,
      permissions: ['ecommerce.clients'],
    });
    expect((await call(allowed, 'GET', '/customers')).statusCode).toBe(200);
  });
});
