import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../../../../test/test-app';
import { mercadoLibreApp } from './mercadolibre-app';

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

describe('the Mercado Libre sandbox in the app', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    harness = await createTestApp();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('is the Mercado Libre the app talks to outside production without an app, and absent in production', () => {
    expect(mercadoLibreApp(testConfig())).toMatchObject({
      sandbox: true,
      apiOrigin: 'http://despacho.test/sandbox/mercadolibre/api',
    });
    expect(mercadoLibreApp(testConfig({ NODE_ENV: 'production' }))).toBeNull();
    const live = mercadoLibreApp(
      testConfig({
        MERCADOLIBRE_APP_ID: '123',
        MERCADOLIBRE_CLIENT_SECRET: 'a-real-secret-of-16+',
      }),
    );
    expect(live).toMatchObject({
      appId: '123',
      sandbox: false,
      apiOrigin: 'https://api.mercadolibre.com',
    });
  });

  it('lets a person create a seller and a pack, set chaos and cancel, on a page marked Sandbox', async () => {
    const { app } = harness;
    const sandbox = app.services.mercadoLibreSandbox!;
    const created = await app.inject({
      method: 'POST',
      url: '/sandbox/mercadolibre/admin/sellers',
      ...form({ nickname: 'TIENDA <b>ROSA</b>' }),
    });
    expect(created.statusCode).toBe(303);
    const [seller] = await sandbox.listSellers();
    const ordered = await app.inject({
      method: 'POST',
      url: `/sandbox/mercadolibre/admin/sellers/${seller!.id}/orders`,
      ...form({
        sku: 'TAZA-ROJA',
        sku2: 'TAZA-AZUL',
        title: 'Taza',
        quantity: '2',
        price: '14990',
        mode: 'me1',
        zip: '72000',
      }),
    });
    expect(ordered.statusCode).toBe(303);
    const [purchase] = await sandbox.purchases(seller!.id);
    expect(purchase!.orders).toHaveLength(2);
    expect(purchase!.shipment).toMatchObject({
      mode: 'me1',
      receiver_address: expect.objectContaining({ zip_code: '72000' }),
    });

    const chaos = await app.inject({
      method: 'POST',
      url: `/sandbox/mercadolibre/admin/sellers/${seller!.id}/chaos`,
      ...form({
        duplicate: '0.3',
        reorder: '0.2',
        drop: '5',
        delay: '0',
        delayMs: '1500',
        seed: '9',
      }),
    });
    expect(chaos.statusCode).toBe(303);
    expect((await sandbox.listSellers())[0]!.chaos).toEqual({
      duplicate: 0.3,
      reorder: 0.2,
      drop: 1,
      delay: 0,
      delayMs: 1500,
      seed: 9,
    });

    const page = await app.inject({ method: 'GET', url: '/sandbox/mercadolibre/admin' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain('Sandbox');
    expect(page.body).toContain(`${purchase!.id} (paquete)`);
    expect(page.body).toContain('TIENDA &lt;b&gt;ROSA&lt;/b&gt;');
    expect(page.body).not.toContain('<b>ROSA</b>');

    const cancelled = await app.inject({
      method: 'POST',
      url: `/sandbox/mercadolibre/admin/orders/${purchase!.id}/cancel`,
    });
    expect(cancelled.statusCode).toBe(303);
    expect(
      (await sandbox.purchases(seller!.id))[0]!.orders.every(
        (order) => order.status === 'cancelled',
      ),
    ).toBe(true);
  });

  it('shows the consent screen escaping what it echoes, and refuses another app', async () => {
    const { app } = harness;
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: mercadoLibreApp(testConfig())!.appId,
      redirect_uri: 'http://despacho.test/app/settings/marketplaces',
      state: '"><script>alert(1)</script>',
    });
    const page = await app.inject({
      method: 'GET',
      url: `/sandbox/mercadolibre/authorization?${query}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<button type="submit">Permitir</button>');
    expect(page.body).not.toContain('<script>alert(1)</script>');
    query.set('client_id', '42');
    const foreign = await app.inject({
      method: 'GET',
      url: `/sandbox/mercadolibre/authorization?${query}`,
    });
    expect(foreign.statusCode).toBe(400);
  });
});
