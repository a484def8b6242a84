import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/test-app';

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

describe('the WooCommerce sandbox store in the app', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    harness = await createTestApp();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('lets a person create a site and an order, change and cancel it, on a page marked Sandbox', async () => {
    const { app } = harness;
    const sandbox = app.services.wooCommerceSandbox!;
    const created = await app.inject({
      method: 'POST',
      url: '/sandbox/woocommerce/admin/sites',
      ...form({ name: 'Mi <b>Woo</b>' }),
    });
    expect(created.statusCode).toBe(303);
    const [site] = await sandbox.allSites();
    expect(site!.url).toMatch(/^http:\/\/despacho\.test\/sandbox\/woocommerce\/site\/tienda-/);
    const ordered = await app.inject({
      method: 'POST',
      url: `/sandbox/woocommerce/admin/sites/${site!.slug}/orders`,
      ...form({
        firstName: 'Rosa',
        lastName: 'Díaz',
        email: 'rosa@example.com',
        street: 'Juárez 10',
        city: 'Puebla',
        state: 'PUE',
        zip: '72000',
        sku: 'TAZA-ROJA',
        name: 'Taza roja',
        quantity: '2',
        price: '149.90',
      }),
    });
    expect(ordered.statusCode).toBe(303);
    const [first] = await sandbox.ordersOf(site!.slug);
    const order = first?.order;
    expect(order).toMatchObject({
      status: 'processing',
      total: '299.80',
      line_items: [expect.objectContaining({ sku: 'TAZA-ROJA', quantity: 2 })],
    });
    const cancelled = await app.inject({
      method: 'POST',
      url: `/sandbox/woocommerce/admin/sites/${site!.slug}/orders/${order!.id}`,
      ...form({ status: 'cancelled' }),
    });
    expect(cancelled.statusCode).toBe(303);
    expect((await sandbox.order(site!.slug, order!.id))!.status).toBe('cancelled');

    const page = await app.inject({ method: 'GET', url: '/sandbox/woocommerce/admin' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('lang="es"');
    expect(page.body).toContain('Sandbox — tienda de prueba de WooCommerce');
    expect(page.body).toContain('Mi &lt;b&gt;Woo&lt;/b&gt;');
    expect(page.body).toContain(`<label>Estado del pedido #${order!.id}`);
    expect(page.body).toContain(site!.consumerKey);
  });

  it('answers 404 for a site it does not have, and 401 to the REST API without its keys', async () => {
    const { app } = harness;
    const missing = await app.inject({
      method: 'POST',
      url: '/sandbox/woocommerce/admin/sites/no-existe/orders/1',
      ...form({ status: 'cancelled' }),
    });
    expect(missing.statusCode).toBe(404);
    const [site] = await harness.app.services.wooCommerceSandbox!.allSites();
    const anonymous = await app.inject({
      method: 'GET',
      url: `/sandbox/woocommerce/site/${site!.slug}/wp-json/wc/v3/orders`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'woocommerce_rest_authentication_error' });
    const basic = await app.inject({
      method: 'GET',
      url: `/sandbox/woocommerce/site/${site!.slug}/wp-json/wc/v3/orders`,
      headers: {
        authorization: `Basic ${Buffer.from(`${site!.consumerKey}:${site!.consumerSecret}`).toString('base64')}`,
      },
    });
    expect(basic.statusCode).toBe(200);
    expect(basic.headers['x-wp-total']).toBe('1');
  });
});
