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

/** Where the guide of the in-use test leaves from. */
const origin = {
  alias: 'Bodega',
  contact_name: 'Ana López',
  contact_email: 'ana@prueba.mx',
  contact_phone: '5512345678',
  street: 'Av. Insurgentes Sur',
  external_number: '1234',
  neighborhood: 'Del Valle Centro',
  city: 'Ciudad de México',
  municipality: 'Benito Juárez',
  state: 'Ciudad de México',
  zip: '03100',
};

const box = {
  name: 'Caja mediana',
  unit: 'cm_kg',
  height: 30,
  length: 50,
  width: 40,
  weight: 1.25,
  sat_code: '24112700',
};

describe('packages', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let other: TestUser;
  let organizationId: string;

  const call = (...args: CallArgs) => callAs(ctx.app, ...args);
  const defaults = async (user: TestUser) =>
    (await call(user, 'GET', '/packages?pageSize=100'))
      .json()
      .data.filter((pkg: { is_default: boolean }) => pkg.is_default)
      .map((pkg: { name: string }) => pkg.name);

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ organizationId, owner, other } = await createOwnerAndOther(ctx));
  });
  afterAll(() => ctx.close());

  it('creates a package with exact decimals and its volumetric weight; the first is default', async () => {
    const created = await call(owner, 'POST', '/packages', box);
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      ...box,
      volumetric_weight: 12,
      is_default: true,
    });
    const id = created.json().data.id;
    const read = await call(owner, 'GET', `/packages/${id}`);
    expect(read.json().data).toMatchObject({ weight: 1.25, height: 30, is_default: true });

    // Created later, so the first stays the oldest when the default is handed on.
    ctx.clock.advance(1000);
    const second = await call(owner, 'POST', '/packages', {
      ...box,
      name: 'Sobre',
      height: 1.5,
      weight: 0.125,
      sat_code: '44121500',
    });
    expect(second.json().data).toMatchObject({ height: 1.5, weight: 0.125, is_default: false });
  });

  it('answers the organization default unit with the list', async () => {
    const list = await call(owner, 'GET', '/packages');
    expect(list.json().default_unit).toBe('cm_kg');
  });

  it('refuses each invalid field in Spanish and English', async () => {
    const bad = {
      name: '',
      unit: 'm_t',
      height: 0,
      length: -5,
      width: 10.123,
      weight: 1.2345,
      sat_code: '99999999',
    };
    const es = await call(owner, 'POST', '/packages', bad);
    expect(es.statusCode).toBe(400);
    expect(es.json().error.fields).toEqual({
      name: 'Este campo es obligatorio.',
      unit: 'Selecciona una opción válida.',
      height: 'Solo se aceptan números positivos.',
      length: 'Solo se aceptan números positivos.',
      width: 'Usa máximo 2 decimales.',
      weight: 'Usa máximo 3 decimales.',
      sat_code: 'Ingresa una clave de producto del catálogo Carta Porte del SAT (8 dígitos).',
    });
    const en = await call(owner, 'POST', '/packages', bad, 'en');
    expect(en.json().error.fields).toMatchObject({
      name: 'This field is required.',
      height: 'Only positive numbers are accepted.',
      width: 'Use at most 2 decimals.',
      sat_code: 'Enter a product code from the SAT Carta Porte catalogue (8 digits).',
    });
    const missing = await call(owner, 'POST', '/packages', { name: 'Caja' }, 'en');
    expect(missing.json().error.fields.weight).toBe('This field is required.');
  });

  it('moves the default in one step and hands it on when the default is deleted', async () => {
    expect(await defaults(owner)).toEqual(['Caja mediana']);
    const list = (await call(owner, 'GET', '/packages')).json().data;
    const envelope = list.find((pkg: { name: string }) => pkg.name === 'Sobre');
    const moved = await call(owner, 'POST', `/packages/${envelope.id}/default`);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.is_default).toBe(true);
    expect(await defaults(owner)).toEqual(['Sobre']);

    const third = await call(owner, 'POST', '/packages', {
      ...box,
      name: 'Tarima',
      is_default: true,
    });
    expect(third.json().data.is_default).toBe(true);
    expect(await defaults(owner)).toEqual(['Tarima']);

    const updated = await call(owner, 'PUT', `/packages/${third.json().data.id}`, {
      ...box,
      name: 'Tarima chica',
      unit: 'in_lb',
      length: 12,
      width: 10,
      height: 8,
    });
    expect(updated.json().data).toMatchObject({
      name: 'Tarima chica',
      unit: 'in_lb',
      volumetric_weight: 6.906,
      is_default: true,
    });

    const deleted = await call(owner, 'DELETE', `/packages/${third.json().data.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(await defaults(owner)).toEqual(['Caja mediana']);
  });

  it('refuses to delete a package a guide was made with, and changes nothing', async () => {
    const used = (await call(owner, 'GET', '/packages')).json().data[0];
    const location = await call(owner, 'POST', '/locations', origin);
    expect(location.statusCode, location.body).toBe(201);
    await insertReferencingShipment(ctx.db, {
      organizationId,
      userId: owner.id,
      locationId: location.json().data.id,
      packageId: used.id,
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
      const refused = await call(owner, 'DELETE', `/packages/${used.id}`, undefined, language);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: { code: 'RECORD_IN_USE', message } });
    }
    const kept = await call(owner, 'GET', `/packages/${used.id}`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toEqual(used);
  });

  it('answers 404 for another organization package', async () => {
    const mine = (await call(owner, 'GET', '/packages')).json().data[0].id;
    await expectEachNotFound(call, other, [
      ['GET', `/packages/${mine}`],
      ['PUT', `/packages/${mine}`, box],
      ['POST', `/packages/${mine}/default`],
      ['DELETE', `/packages/${mine}`],
    ]);
    expect((await call(other, 'GET', '/packages')).json().meta.total).toBe(0);
    expect((await call(owner, 'GET', `/packages/${mine}`)).statusCode).toBe(200);
  });

  it('refuses a member without settings.packages', async () => {
    const member = await createTestUser(ctx, {
      organizationId,
      permissions: ['settings.carriers'],
    });
    await expectEachForbidden(call, member, [
      ['GET', '/packages'],
      ['POST', '/packages', box],
    ]);
  });

  it('paginates and searches by name', async () => {
    const shop = (await createTestMerchant(ctx, 'Tienda Paginada')).user;
    for (const name of ['Bolsa 1', 'Bolsa 2', 'Caja 100%', 'Caja 2', 'Tubo']) {
      expect((await call(shop, 'POST', '/packages', { ...box, name })).statusCode).toBe(201);
    }
    const first = (await call(shop, 'GET', '/packages?page=1&pageSize=2')).json();
    expect(first.meta).toEqual({ page: 1, pageSize: 2, total: 5 });
    expect(first.data.map((pkg: { name: string }) => pkg.name)).toEqual(['Bolsa 1', 'Bolsa 2']);
    const third = (await call(shop, 'GET', '/packages?page=3&pageSize=2')).json();
    expect(third.data.map((pkg: { name: string }) => pkg.name)).toEqual(['Tubo']);
    const search = (await call(shop, 'GET', '/packages?search=caja')).json();
    expect(search.meta.total).toBe(2);
    const literal = (await call(shop, 'GET', `/packages?search=${encodeURIComponent('%')}`)).json();
    expect(literal.data.map((pkg: { name: string }) => pkg.name)).toEqual(['Caja 100%']);
  });
});
