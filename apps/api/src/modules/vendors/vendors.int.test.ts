import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEachForbidden, expectEachNotFound } from '../../../test/expect-each';
import { createTestApp } from '../../../test/test-app';
import {
  callAs,
  type CallArgs,
  createOwnerAndOther,
  createTestMerchant,
  createTestUser,
  type TestUser,
} from '../../../test/users';

const address = {
  street: 'Calz. de Tlalpan',
  external_number: '2890',
  reference: 'Bodega 4',
  neighborhood: 'Ciudad Jardín',
  city: 'Ciudad de México',
  municipality: 'Coyoacán',
  state: 'Ciudad de México',
  zip: '04370',
};
const valid = {
  name: 'Textiles del Centro',
  code: 'tex-01',
  email: 'Ventas@Textiles.MX',
  address,
};

describe('vendors', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let other: TestUser;
  let organizationId: string;

  const call = (...args: CallArgs) => callAs(ctx.app, ...args);
  const create = async (user: TestUser, name: string, code: string, extra: object = {}) => {
    ctx.clock.advance(1000);
    const response = await call(user, 'POST', '/vendors', { ...valid, name, code, ...extra });
    expect(response.statusCode).toBe(201);
    return response.json().data as { id: string; code: string; status: string };
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ organizationId, owner, other } = await createOwnerAndOther(ctx));
  });
  afterAll(() => ctx.close());

  it('creates a vendor enabled, with the code upper-cased and the email lower-cased', async () => {
    const response = await call(owner, 'POST', '/vendors', valid);
    expect(response.statusCode).toBe(201);
    const expected = {
      id: expect.any(String),
      name: 'Textiles del Centro',
      code: 'TEX-01',
      email: 'ventas@textiles.mx',
      address: { ...address, internal_number: null, country: 'MX' },
      status: 'enabled',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    };
    expect(response.json().data).toEqual(expected);

    const read = await call(owner, 'GET', `/vendors/${response.json().data.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(expected);
  });

  it('edits a vendor, keeping or changing its code', async () => {
    const vendor = await create(owner, 'Papelera', 'pap');
    const edited = await call(owner, 'PUT', `/vendors/${vendor.id}`, {
      ...valid,
      name: 'Papelera del Norte',
      code: 'pap',
      address: { ...address, internal_number: '3B', zip: '64000' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      name: 'Papelera del Norte',
      code: 'PAP',
      address: { internal_number: '3B', zip: '64000' },
    });
    const recoded = await call(owner, 'PUT', `/vendors/${vendor.id}`, { ...valid, code: 'PAP_2' });
    expect(recoded.json().data.code).toBe('PAP_2');
    expect((await call(owner, 'GET', `/vendors/${vendor.id}`)).json().data.code).toBe('PAP_2');
  });

  it('answers the messages per field, in Spanish and English', async () => {
    const invalid = {
      name: '',
      code: 'con espacio',
      email: 'no-es-correo',
      address: {
        ...address,
        street: 'x'.repeat(36),
        external_number: '1'.repeat(11),
        reference: 'r'.repeat(16),
        neighborhood: 'n'.repeat(26),
        zip: '0437A',
      },
    };
    const es = await call(owner, 'POST', '/vendors', invalid);
    expect(es.statusCode).toBe(400);
    expect(es.json().error.code).toBe('VALIDATION_FAILED');
    expect(es.json().error.fields).toEqual({
      name: 'Este campo es obligatorio.',
      code: 'Usa solo letras, números, guiones y guiones bajos (máximo 20).',
      email: 'Ingresa un correo electrónico válido.',
      'address.street': 'Escribe máximo 35 caracteres.',
      'address.external_number': 'Escribe máximo 10 caracteres.',
      'address.reference': 'Escribe máximo 15 caracteres.',
      'address.neighborhood': 'Escribe máximo 25 caracteres.',
      'address.zip': 'El código postal tiene 5 dígitos.',
    });
    const en = await call(owner, 'POST', '/vendors', invalid, 'en');
    expect(en.json().error.fields).toEqual({
      name: 'This field is required.',
      code: 'Use only letters, digits, dashes and underscores (at most 20).',
      email: 'Enter a valid email.',
      'address.street': 'Enter at most 35 characters.',
      'address.external_number': 'Enter at most 10 characters.',
      'address.reference': 'Enter at most 15 characters.',
      'address.neighborhood': 'Enter at most 25 characters.',
      'address.zip': 'The postal code has 5 digits.',
    });

    const tooLong = await call(owner, 'POST', '/vendors', { ...valid, code: 'A'.repeat(21) });
    expect(tooLong.json().error.fields).toEqual({
      code: 'Usa solo letras, números, guiones y guiones bajos (máximo 20).',
    });
    const missing = await call(owner, 'POST', '/vendors', {}, 'en');
    expect(missing.json().error.fields).toMatchObject({
      name: 'This field is required.',
      code: 'This field is required.',
      email: 'This field is required.',
      address: 'This field is required.',
    });
    const badStatus = await call(owner, 'POST', '/vendors', { ...valid, status: 'paused' });
    expect(badStatus.json().error.fields).toEqual({ status: 'Selecciona una opción válida.' });
    // Nothing invalid was stored.
    expect((await call(owner, 'GET', '/vendors?search=con%20espacio')).json().meta.total).toBe(0);
  });

  it('refuses a code the organization already has, whatever its case, on create and update', async () => {
    const first = await create(owner, 'Abarrotes Uno', 'dup-1');
    const duplicate = await call(owner, 'POST', '/vendors', { ...valid, code: 'Dup-1' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toEqual({
      code: 'VENDOR_CODE_TAKEN',
      message: 'Ya tienes un proveedor con este código.',
      fields: { code: 'Ya tienes un proveedor con este código.' },
    });

    const second = await create(owner, 'Abarrotes Dos', 'DUP-2');
    const update = await call(
      owner,
      'PUT',
      `/vendors/${second.id}`,
      { ...valid, code: 'dup-1' },
      'en',
    );
    expect(update.statusCode).toBe(409);
    expect(update.json().error).toEqual({
      code: 'VENDOR_CODE_TAKEN',
      message: 'You already have a vendor with this code.',
      fields: { code: 'You already have a vendor with this code.' },
    });
    expect((await call(owner, 'GET', `/vendors/${second.id}`)).json().data.code).toBe('DUP-2');
    expect((await call(owner, 'GET', `/vendors/${first.id}`)).json().data.code).toBe('DUP-1');

    // Another organization may use the same code.
    const elsewhere = await call(other, 'POST', '/vendors', { ...valid, code: 'dup-1' });
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.json().data.code).toBe('DUP-1');
    // A deleted vendor frees its code.
    expect((await call(owner, 'DELETE', `/vendors/${first.id}`)).statusCode).toBe(204);
    expect((await call(owner, 'POST', '/vendors', { ...valid, code: 'dup-1' })).statusCode).toBe(
      201,
    );
  });

  it('disables and enables a vendor', async () => {
    const vendor = await create(owner, 'Cartones', 'CAR');
    const disabled = await call(owner, 'PATCH', `/vendors/${vendor.id}/status`, {
      status: 'disabled',
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().data).toMatchObject({ code: 'CAR', status: 'disabled' });
    expect((await call(owner, 'GET', `/vendors/${vendor.id}`)).json().data.status).toBe('disabled');
    const enabled = await call(owner, 'PATCH', `/vendors/${vendor.id}/status`, {
      status: 'enabled',
    });
    expect(enabled.json().data.status).toBe('enabled');
    const invalid = await call(owner, 'PATCH', `/vendors/${vendor.id}/status`, {
      status: 'off',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields).toEqual({ status: 'Selecciona una opción válida.' });
  });

  it('searches name, code or email, filters by status and paginates, newest first', async () => {
    const searcher = (await createTestMerchant(ctx, 'Buscadora')).user;
    await create(searcher, 'Maderas Finas', 'MAD', { email: 'compras@maderas.mx' });
    const steel = await create(searcher, 'Aceros 100%', 'ACE', { email: 'hola@aceros.mx' });
    await create(searcher, 'Vidrios', 'VID_9', { email: 'vidrio@cristal.mx' });
    await call(searcher, 'PATCH', `/vendors/${steel.id}/status`, { status: 'disabled' });
    const names = async (query: string) =>
      (await call(searcher, 'GET', `/vendors?${query}`))
        .json()
        .data.map((vendor: { name: string }) => vendor.name);

    expect(await names('')).toEqual(['Vidrios', 'Aceros 100%', 'Maderas Finas']);
    expect(await names('search=maderas')).toEqual(['Maderas Finas']);
    expect(await names('search=vid_')).toEqual(['Vidrios']);
    expect(await names('search=cristal')).toEqual(['Vidrios']);
    expect(await names('search=100%25')).toEqual(['Aceros 100%']);
    expect(await names('search=_')).toEqual(['Vidrios']);
    expect(await names('status=disabled')).toEqual(['Aceros 100%']);
    expect(await names('status=enabled')).toEqual(['Vidrios', 'Maderas Finas']);
    expect(await names('status=enabled&search=aceros')).toEqual([]);
    expect(await names('status=disabled&search=ACE')).toEqual(['Aceros 100%']);

    const page = (await call(searcher, 'GET', '/vendors?page=2&pageSize=2')).json();
    expect(page.meta).toEqual({ page: 2, pageSize: 2, total: 3 });
    expect(page.data.map((vendor: { name: string }) => vendor.name)).toEqual(['Maderas Finas']);
    const filtered = (await call(searcher, 'GET', '/vendors?status=enabled&pageSize=1')).json();
    expect(filtered.meta).toEqual({ page: 1, pageSize: 1, total: 2 });

    const wrong = await call(searcher, 'GET', '/vendors?status=paused');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ status: 'Selecciona una opción válida.' });
  });

  it("answers 404 for another organization's vendor and keeps lists apart", async () => {
    const mine = await create(owner, 'Privado', 'PRIV');
    await expectEachNotFound(call, other, [
      ['GET', `/vendors/${mine.id}`],
      ['PUT', `/vendors/${mine.id}`, { ...valid, code: 'PRIV' }],
      ['PATCH', `/vendors/${mine.id}/status`, { status: 'disabled' }],
      ['DELETE', `/vendors/${mine.id}`],
    ]);
    const untouched = (await call(owner, 'GET', `/vendors/${mine.id}`)).json().data;
    expect(untouched).toMatchObject({ name: 'Privado', status: 'enabled' });
    const theirs = (await call(other, 'GET', '/vendors')).json();
    expect(theirs.data.map((vendor: { name: string }) => vendor.name)).not.toContain('Privado');
    expect((await call(owner, 'GET', '/vendors/no-es-uuid')).statusCode).toBe(400);

    expect((await call(owner, 'DELETE', `/vendors/${mine.id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `/vendors/${mine.id}`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/vendors/${mine.id}`)).statusCode).toBe(404);
  });

  it('needs settings.vendors and a session', async () => {
    const member = await createTestUser(ctx, {
      organizationId,
      permissions: ['dashboard', 'settings.address_book', 'settings.packages'],
    });
    const vendor = await create(owner, 'Permisos', 'PERM');
    await expectEachForbidden(call, member, [
      ['GET', '/vendors'],
      ['POST', '/vendors', { ...valid, code: 'NEW' }],
      ['GET', `/vendors/${vendor.id}`],
      ['PUT', `/vendors/${vendor.id}`, valid],
      ['PATCH', `/vendors/${vendor.id}/status`, { status: 'disabled' }],
      ['DELETE', `/vendors/${vendor.id}`],
    ]);
    expect((await call(owner, 'GET', `/vendors/${vendor.id}`)).json().data.status).toBe('enabled');

    const allowed = await createTestUser(ctx, {
      organizationId,
      permissions: ['settings.vendors'],
    });
    expect((await call(allowed, 'GET', '/vendors')).statusCode).toBe(200);

    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/vendors' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
  });
});
