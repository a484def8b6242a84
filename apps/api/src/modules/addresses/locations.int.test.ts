import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEachForbidden, expectEachNotFound } from '../../../test/expect-each';
import { createTestApp } from '../../../test/test-app';
import {
  createOwnerAndOther,
  createTestMerchant,
  createTestUser,
  type TestUser,
  callAs,
  type CallArgs,
} from '../../../test/users';
import { insertReferencingShipment } from '../shipments/shipments.test-support';

const valid = {
  alias: 'Bodega Centro',
  company: 'Comercio Prueba',
  contact_name: 'Ana López',
  contact_email: 'Ana@Prueba.mx',
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

describe('locations', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let other: TestUser;
  let organizationId: string;

  const call = (...args: CallArgs) => callAs(ctx.app, ...args);
  const create = async (user: TestUser, alias: string, extra: object = {}) => {
    ctx.clock.advance(1000);
    const response = await call(user, 'POST', '/locations', { ...valid, alias, ...extra });
    expect(response.statusCode).toBe(201);
    return response.json().data as { id: string; is_default: boolean };
  };
  const defaults = async (user: TestUser) =>
    (await call(user, 'GET', '/locations?pageSize=100'))
      .json()
      .data.filter((location: { is_default: boolean }) => location.is_default)
      .map((location: { alias: string }) => location.alias);

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ organizationId, owner, other } = await createOwnerAndOther(ctx));
  });
  afterAll(() => ctx.close());

  it('creates the first location as the default and answers it normalized', async () => {
    const response = await call(owner, 'POST', '/locations', { ...valid, alias: 'Primera' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toEqual({
      ...valid,
      id: expect.any(String),
      alias: 'Primera',
      contact_email: 'ana@prueba.mx',
      internal_number: null,
      country: 'MX',
      is_default: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const read = await call(owner, 'GET', `/locations/${response.json().data.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.alias).toBe('Primera');
  });

  it('moves the default on create, on set default and on delete', async () => {
    const second = await create(owner, 'Segunda');
    expect(second.is_default).toBe(false);
    expect(await defaults(owner)).toEqual(['Primera']);

    const third = await create(owner, 'Tercera', { is_default: true });
    expect(third.is_default).toBe(true);
    expect(await defaults(owner)).toEqual(['Tercera']);

    const set = await call(owner, 'POST', `/locations/${second.id}/default`);
    expect(set.statusCode).toBe(200);
    expect(set.json().data.is_default).toBe(true);
    expect(await defaults(owner)).toEqual(['Segunda']);

    // Editing with is_default moves it too; is_default false never leaves none.
    const edited = await call(owner, 'PUT', `/locations/${third.id}`, {
      ...valid,
      alias: 'Tercera editada',
      is_default: true,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ alias: 'Tercera editada', is_default: true });
    const kept = await call(owner, 'PUT', `/locations/${third.id}`, {
      ...valid,
      alias: 'Tercera',
      is_default: false,
    });
    expect(kept.json().data.is_default).toBe(true);

    // Deleting the default moves it to the newest other location (Segunda, newer than Primera).
    const removed = await call(owner, 'DELETE', `/locations/${third.id}`);
    expect(removed.statusCode).toBe(204);
    expect(await defaults(owner)).toEqual(['Segunda']);
    expect((await call(owner, 'GET', `/locations/${third.id}`)).statusCode).toBe(404);

    const list = (await call(owner, 'GET', '/locations')).json();
    expect(list.meta).toEqual({ page: 1, pageSize: 20, total: 2 });
    expect(list.data[0].alias).toBe('Segunda');
  });

  it('refuses to delete a location a guide left from, and changes nothing', async () => {
    const keeper = (await createTestMerchant(ctx, 'Guardiana')).user;
    const origin = await create(keeper, 'Origen usado');
    await create(keeper, 'Otra');
    await insertReferencingShipment(ctx.db, {
      organizationId: keeper.organizationId!,
      userId: keeper.id,
      locationId: origin.id,
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
      const refused = await call(keeper, 'DELETE', `/locations/${origin.id}`, undefined, language);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: { code: 'RECORD_IN_USE', message } });
    }
    expect((await call(keeper, 'GET', `/locations/${origin.id}`)).statusCode).toBe(200);
    // Still the default: the refused delete did not hand it on.
    expect(await defaults(keeper)).toEqual(['Origen usado']);
  });

  it('searches by alias, company or zip and paginates', async () => {
    const searcher = (await createTestMerchant(ctx, 'Buscadora')).user;
    await create(searcher, 'Norte', { zip: '64000', company: 'Regios SA' });
    await create(searcher, 'Sur 100%', { zip: '86000' });
    await create(searcher, 'Oriente');
    const aliases = async (query: string) =>
      (await call(searcher, 'GET', `/locations?${query}`))
        .json()
        .data.map((location: { alias: string }) => location.alias);
    expect(await aliases('search=norte')).toEqual(['Norte']);
    expect(await aliases('search=86000')).toEqual(['Sur 100%']);
    expect(await aliases('search=regios')).toEqual(['Norte']);
    expect(await aliases('search=100%25')).toEqual(['Sur 100%']);
    expect(await aliases('search=_')).toEqual([]);
    const page = (await call(searcher, 'GET', '/locations?page=2&pageSize=2')).json();
    expect(page.meta).toEqual({ page: 2, pageSize: 2, total: 3 });
    expect(page.data).toHaveLength(1);
  });

  it('answers the §5 messages per field, in Spanish and English', async () => {
    const invalid = {
      ...valid,
      alias: '',
      company: 'Abc',
      contact_email: 'no-es-correo',
      contact_phone: '55123',
      street: 'x'.repeat(36),
      external_number: '1'.repeat(11),
      reference: 'r'.repeat(16),
      neighborhood: 'n'.repeat(26),
      city: 'c'.repeat(36),
      zip: '0310',
    };
    const es = await call(owner, 'POST', '/locations', invalid);
    expect(es.statusCode).toBe(400);
    expect(es.json().error.code).toBe('VALIDATION_FAILED');
    expect(es.json().error.fields).toEqual({
      alias: 'Este campo es obligatorio.',
      company: 'La empresa debe tener al menos 5 caracteres.',
      contact_email: 'Ingresa un correo electrónico válido.',
      contact_phone: 'El teléfono debe tener exactamente 10 dígitos.',
      street: 'Escribe máximo 35 caracteres.',
      external_number: 'Escribe máximo 10 caracteres.',
      reference: 'Escribe máximo 15 caracteres.',
      neighborhood: 'Escribe máximo 25 caracteres.',
      city: 'Escribe máximo 35 caracteres.',
      zip: 'El código postal tiene 5 dígitos.',
    });
    const en = await call(owner, 'POST', '/locations', invalid, 'en');
    expect(en.json().error.fields).toMatchObject({
      alias: 'This field is required.',
      company: 'The company must have at least 5 characters.',
      contact_email: 'Enter a valid email.',
      contact_phone: 'The phone must have exactly 10 digits.',
      street: 'Enter at most 35 characters.',
      reference: 'Enter at most 15 characters.',
      neighborhood: 'Enter at most 25 characters.',
      zip: 'The postal code has 5 digits.',
    });
    const missing = await call(owner, 'POST', '/locations', {}, 'en');
    expect(missing.json().error.fields).toMatchObject({
      street: 'This field is required.',
      city: 'This field is required.',
      contact_phone: 'This field is required.',
    });
  });

  it("answers 404 for another organization's location and keeps lists apart", async () => {
    const mine = await create(owner, 'Privada');
    await expectEachNotFound(call, other, [
      ['GET', `/locations/${mine.id}`],
      ['PUT', `/locations/${mine.id}`, valid],
      ['POST', `/locations/${mine.id}/default`],
      ['DELETE', `/locations/${mine.id}`],
    ]);
    expect((await call(owner, 'GET', `/locations/${mine.id}`)).statusCode).toBe(200);
    expect((await call(other, 'GET', '/locations')).json().meta.total).toBe(0);
    expect((await call(owner, 'GET', '/locations/no-es-uuid')).statusCode).toBe(400);
  });

  it('needs settings.address_book', async () => {
    const member = await createTestUser(ctx, { organizationId, permissions: ['dashboard'] });
    await expectEachForbidden(call, member, [
      ['GET', '/locations'],
      ['POST', '/locations', valid],
    ]);
    const allowed = await createTestUser(ctx, {
      organizationId,
      permissions: ['settings.address_book'],
    });
    expect((await call(allowed, 'GET', '/locations')).statusCode).toBe(200);
  });
});
