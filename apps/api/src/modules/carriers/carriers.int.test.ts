import { CARRIER_KEYS } from '@despacho/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import {
  createTestMerchant,
  createTestUser,
  type TestUser,
  callAs,
  type CallArgs,
} from '../../../test/users';
import { CarriersService } from './carriers.service';

describe('carriers', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let other: TestUser;
  let organizationId: string;

  const call = (...args: CallArgs) => callAs(ctx.app, ...args);
  const enabledKeys = async (user: TestUser) =>
    (await call(user, 'GET', '/carriers'))
      .json()
      .data.filter((carrier: { enabled: boolean }) => carrier.enabled)
      .map((carrier: { key: string }) => carrier.key);

  beforeAll(async () => {
    ctx = await createTestApp();
    const merchant = await createTestMerchant(ctx);
    organizationId = merchant.organization.id;
    owner = merchant.user;
    other = (await createTestMerchant(ctx, 'Otra Tienda')).user;
  });
  afterAll(() => ctx.close());

  it('lists the whole catalogue, every carrier enabled by default, in the caller language', async () => {
    const es = await call(owner, 'GET', '/carriers');
    expect(es.statusCode).toBe(200);
    expect(es.json().data.map((carrier: { key: string }) => carrier.key)).toEqual([
      ...CARRIER_KEYS,
    ]);
    expect(es.json().data[0]).toEqual({
      key: 'estafeta',
      name: 'Estafeta',
      coverage: expect.any(String),
      services: [
        {
          key: 'dia_siguiente',
          name: 'Día Siguiente',
          kind: 'express',
          transit_days: { min: 1, max: 1 },
        },
        expect.objectContaining({ key: 'dos_dias', name: 'Dos Días' }),
        expect.objectContaining({ key: 'terrestre', name: 'Terrestre', kind: 'economy' }),
      ],
      enabled: true,
    });
    const en = await call(owner, 'GET', '/carriers', undefined, 'en');
    expect(en.json().data[0].services[2].name).toBe('Ground');
    expect(await enabledKeys(owner)).toEqual([...CARRIER_KEYS]);
  });

  it('disables and enables a carrier for the caller organization only', async () => {
    const disabled = await call(owner, 'PUT', '/carriers/redpack', { enabled: false });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().data).toMatchObject({ key: 'redpack', name: 'Redpack', enabled: false });
    expect(await enabledKeys(owner)).not.toContain('redpack');
    expect(await enabledKeys(other)).toContain('redpack');

    const service = new CarriersService(ctx);
    expect((await service.enabledCarriers(organizationId)).map((c) => c.key)).toEqual(
      CARRIER_KEYS.filter((key) => key !== 'redpack'),
    );
    const enabled = await call(owner, 'GET', '/carriers/enabled');
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().data.map((carrier: { key: string }) => carrier.key)).not.toContain(
      'redpack',
    );

    // The same value again is fine; enabling brings it back.
    expect((await call(owner, 'PUT', '/carriers/redpack', { enabled: false })).statusCode).toBe(
      200,
    );
    const again = await call(owner, 'PUT', '/carriers/redpack', { enabled: true });
    expect(again.json().data.enabled).toBe(true);
    expect(await enabledKeys(owner)).toEqual([...CARRIER_KEYS]);
  });

  it('allows disabling every carrier (the screen warns that nothing can be quoted)', async () => {
    for (const key of CARRIER_KEYS) {
      expect((await call(other, 'PUT', `/carriers/${key}`, { enabled: false })).statusCode).toBe(
        200,
      );
    }
    expect(await enabledKeys(other)).toEqual([]);
    expect((await call(other, 'GET', '/carriers/enabled')).json()).toEqual({ data: [] });
    expect(await enabledKeys(owner)).toEqual([...CARRIER_KEYS]);
  });

  it('answers 404 for a key outside the catalogue', async () => {
    const response = await call(owner, 'PUT', '/carriers/pony-express', { enabled: false });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('answers 400 with a localized message when enabled is not a boolean', async () => {
    const es = await call(owner, 'PUT', '/carriers/fedex', { enabled: 'no' });
    expect(es.statusCode).toBe(400);
    expect(es.json().error.code).toBe('VALIDATION_FAILED');
    expect(es.json().error.fields).toEqual({ enabled: 'El valor no es válido.' });
    const en = await call(owner, 'PUT', '/carriers/fedex', {}, 'en');
    expect(en.statusCode).toBe(400);
    expect(en.json().error.fields).toEqual({ enabled: 'This field is required.' });
    expect(await enabledKeys(owner)).toContain('fedex');
  });

  it('needs settings.carriers to read or change them; any member reads the enabled ones', async () => {
    const member = await createTestUser(ctx, { organizationId, permissions: ['dashboard'] });
    expect((await call(member, 'GET', '/carriers')).statusCode).toBe(403);
    const put = await call(member, 'PUT', '/carriers/fedex', { enabled: false });
    expect(put.statusCode).toBe(403);
    expect(put.json().error.code).toBe('FORBIDDEN');
    expect((await call(member, 'GET', '/carriers/enabled')).statusCode).toBe(200);

    const carriersOnly = await createTestUser(ctx, {
      organizationId,
      permissions: ['settings.carriers'],
    });
    expect((await call(carriersOnly, 'GET', '/carriers')).statusCode).toBe(200);

    const unauthenticated = await ctx.app.inject({ method: 'GET', url: '/api/v1/carriers' });
    expect(unauthenticated.statusCode).toBe(401);
  });
});
