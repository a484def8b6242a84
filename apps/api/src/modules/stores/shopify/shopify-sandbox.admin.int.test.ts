import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../../../../test/test-app';
import { shopifyApp } from './shopify-app';

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

describe('the Shopify sandbox store in the app', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    harness = await createTestApp();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('is the Shopify the app talks to outside production without a Shopify app, and absent in production', () => {
    expect(shopifyApp(testConfig())?.sandboxOrigin).toBe('http://despacho.test');
    expect(shopifyApp(testConfig({ NODE_ENV: 'production' }))).toBeNull();
    const live = shopifyApp(
      testConfig({ SHOPIFY_API_KEY: 'key', SHOPIFY_API_SECRET: 'a-real-secret-of-16+' }),
    );
    expect(live).toMatchObject({ apiKey: 'key', sandboxOrigin: null, apiVersion: '2026-10' });
  });

  it('lets a person create a shop and an order, see it and cancel it, on a page marked Sandbox', async () => {
    const { app } = harness;
    const sandbox = app.services.shopifySandbox!;
    const created = await app.inject({
      method: 'POST',
      url: '/sandbox/shopify/admin/shops',
      ...form({ domain: 'mi-tienda.myshopify.com', name: 'Mi tienda' }),
    });
    expect(created.statusCode).toBe(303);
    const ordered = await app.inject({
      method: 'POST',
      url: '/sandbox/shopify/admin/shops/mi-tienda.myshopify.com/orders',
      ...form({
        name: 'Rosa <b>Díaz</b>',
        email: 'rosa@example.com',
        address1: 'Juárez 10',
        city: 'Puebla',
        province: 'Puebla',
        zip: '72000',
        sku: 'TAZA-ROJA',
        title: 'Taza roja',
        quantity: '2',
        price: '149.90',
      }),
    });
    expect(ordered.statusCode).toBe(303);
    const [order] = await sandbox.orders('mi-tienda.myshopify.com');
    expect(order).toMatchObject({
      name: '#1001',
      email: 'rosa@example.com',
      lines: [expect.objectContaining({ sku: 'TAZA-ROJA', quantity: 2, price: 14990 })],
    });

    const page = await app.inject({ method: 'GET', url: '/sandbox/shopify/admin' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain('Sandbox');
    expect(page.body).toContain('#1001');
    // What a person typed is shown as text, never as markup.
    expect(page.body).toContain('Rosa &lt;b&gt;Díaz&lt;/b&gt;');
    expect(page.body).not.toContain('<b>Díaz</b>');
    expect(page.body).toContain('<label>Dominio (tienda.myshopify.com) <input');

    const edited = await app.inject({
      method: 'POST',
      url: `/sandbox/shopify/admin/shops/mi-tienda.myshopify.com/orders/${order!.id}`,
      ...form({ email: 'rosa.diaz@example.com', tags: 'vip, regalo', financialStatus: 'REFUNDED' }),
    });
    expect(edited.statusCode).toBe(303);
    expect(await sandbox.order('mi-tienda.myshopify.com', order!.id)).toMatchObject({
      email: 'rosa.diaz@example.com',
      tags: ['vip', 'regalo'],
      financialStatus: 'REFUNDED',
    });

    const cancelled = await app.inject({
      method: 'POST',
      url: `/sandbox/shopify/admin/shops/mi-tienda.myshopify.com/orders/${order!.id}/cancel`,
    });
    expect(cancelled.statusCode).toBe(303);
    expect((await sandbox.order('mi-tienda.myshopify.com', order!.id))!.cancelledAt).not.toBeNull();
  });

  it('shows the consent screen with what it asks, escaping the query it echoes', async () => {
    const { app } = harness;
    await app.services.shopifySandbox!.createShop({ domain: 'consent.myshopify.com', name: 'C' });
    const query = new URLSearchParams({
      client_id: 'despacho-sandbox-app',
      scope: 'read_orders,write_merchant_managed_fulfillment_orders',
      redirect_uri: 'http://despacho.test/app/settings/marketplaces',
      state: '"><script>alert(1)</script>',
    });
    const page = await app.inject({
      method: 'GET',
      url: `/sandbox/shopify/store/consent.myshopify.com/admin/oauth/authorize?${query}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Ver pedidos');
    expect(page.body).toContain('<button type="submit">Instalar</button>');
    expect(page.body).not.toContain('<script>alert(1)</script>');
    const unknown = await app.inject({
      method: 'GET',
      url: `/sandbox/shopify/store/nadie.myshopify.com/admin/oauth/authorize?${query}`,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
