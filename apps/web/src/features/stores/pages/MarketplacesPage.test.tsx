import type { StoreView } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { openConsentScreen } from '../consent-screen';

vi.mock('../consent-screen', () => ({ openConsentScreen: vi.fn() }));

const SHOP: StoreView = {
  id: '3f1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  platform: 'shopify',
  name: 'Jade Sandbox',
  external_id: 'jade.myshopify.com',
  status: 'enabled',
  health: 'needs_reapproval',
  sandbox: true,
  api_version: '2025-04',
  connected_at: '2026-11-01T00:00:00.000Z',
  last_synced_at: null,
  backfill: {
    state: 'running',
    done: 40,
    total: 160,
    started_at: '2026-11-20T17:00:00.000Z',
    finished_at: null,
  },
  orders_count: 40,
};
const WOO: StoreView = {
  ...SHOP,
  id: '4f1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  platform: 'woocommerce',
  name: 'Tienda Woo',
  external_id: 'https://tienda.example.mx',
  health: 'ok',
  sandbox: false,
  backfill: null,
};
const CONSENT = 'https://despacho.test/sandbox/shopify/admin/oauth/authorize?client_id=x';

describe('marketplaces', () => {
  afterEach(async () => {
    clearSession();
    vi.unstubAllGlobals();
    vi.mocked(openConsentScreen).mockReset();
    await setLanguage('es');
  });

  it('shows each store with its sandbox badge, health, import progress and actions', async () => {
    const calls = stubApi({
      'GET /stores': () => json(200, { data: [SHOP] }),
      [`POST /stores/${SHOP.id}/reauthorize`]: () =>
        json(200, { data: { authorize_url: CONSENT, store: null } }),
      [`POST /stores/${SHOP.id}/sync`]: () => json(202, { data: SHOP }),
      [`PATCH /stores/${SHOP.id}/status`]: () =>
        json(200, { data: { ...SHOP, status: 'disabled' } }),
      [`DELETE /stores/${SHOP.id}`]: () => new Response(null, { status: 204 }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/settings/marketplaces');

    const card = await screen.findByRole('listitem', { name: 'Jade Sandbox' });
    expect(within(card).getByText('Sandbox')).toBeInTheDocument();
    expect(within(card).getAllByText('Requiere reautorización').length).toBeGreaterThan(0);
    expect(
      within(card).getByRole('progressbar', { name: 'Importando pedidos abiertos: 40 de 160' }),
    ).toHaveAttribute('aria-valuenow', '25');

    fireEvent.click(within(card).getByRole('button', { name: 'Autorizar de nuevo' }));
    await waitFor(() => expect(openConsentScreen).toHaveBeenCalledWith(CONSENT));
    fireEvent.click(within(card).getByRole('button', { name: 'Sincronizar ahora' }));
    await waitFor(() =>
      expect(calls.some((call) => call.key === `POST /stores/${SHOP.id}/sync`)).toBe(true),
    );
    fireEvent.click(within(card).getByRole('switch', { name: 'Sincronizar Jade Sandbox' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === `PATCH /stores/${SHOP.id}/status`)?.body).toEqual({
        status: 'disabled',
      }),
    );

    fireEvent.click(within(card).getByRole('button', { name: 'Desconectar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Desconectar tienda' });
    expect(calls.some((call) => call.key === `DELETE /stores/${SHOP.id}`)).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Desconectar' }));
    await waitFor(() =>
      expect(calls.some((call) => call.key === `DELETE /stores/${SHOP.id}`)).toBe(true),
    );

    await setLanguage('en');
    expect(
      await within(card).findByRole('button', { name: 'Authorize again' }),
    ).toBeInTheDocument();
  }, 30_000);

  it('connects each platform with what it needs', async () => {
    const calls = stubApi({
      'GET /stores': () => json(200, { data: [] }),
      'POST /stores': (body) =>
        (body as { platform: string }).platform === 'woocommerce'
          ? json(200, { data: { authorize_url: null, store: WOO } })
          : json(200, { data: { authorize_url: CONSENT, store: null } }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/settings/marketplaces');
    const connects = () => calls.filter((call) => call.key === 'POST /stores').map((c) => c.body);

    fireEvent.click((await screen.findAllByRole('button', { name: 'Conectar tienda' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Conectar tienda' });
    fireEvent.change(within(dialog).getByLabelText('Dominio de la tienda'), {
      target: { value: 'no es un dominio' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(
      await within(dialog).findByText(/myshopify\.com/, { selector: '.mantine-TextInput-error' }),
    ).toBeInTheDocument();
    expect(connects()).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Dominio de la tienda'), {
      target: { value: 'Jade.myshopify.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(openConsentScreen).toHaveBeenCalledWith(CONSENT));
    expect(connects()).toEqual([{ platform: 'shopify', shop_domain: 'jade.myshopify.com' }]);

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Mercado Libre' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(connects()).toHaveLength(2));
    expect(connects()[1]).toEqual({ platform: 'mercadolibre' });

    fireEvent.click(within(dialog).getByRole('radio', { name: 'WooCommerce' }));
    expect(
      within(dialog).getByText(/WooCommerce › Ajustes › Avanzado › API REST/),
    ).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Dirección de la tienda'), {
      target: { value: 'https://tienda.example.mx' },
    });
    fireEvent.change(within(dialog).getByLabelText('Clave del cliente'), {
      target: { value: 'ck_abc123' },
    });
    fireEvent.change(within(dialog).getByLabelText('Secreto del cliente'), {
      target: { value: 'cs_def456' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conectar' }));
    await waitFor(() => expect(connects()).toHaveLength(3));
    expect(connects()[2]).toEqual({
      platform: 'woocommerce',
      url: 'https://tienda.example.mx',
      consumer_key: 'ck_abc123',
      consumer_secret: 'cs_def456',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      await screen.findByText('Tienda Woo quedó conectada; importamos sus pedidos abiertos.'),
    ).toBeInTheDocument();
  }, 30_000);

  it('finishes an OAuth return with the whole query, shows it and cleans the URL', async () => {
    const calls = stubApi({
      'GET /stores': () => json(200, { data: [SHOP] }),
      'POST /stores/authorizations': () => json(200, { data: SHOP }),
    });
    saveSession(makeSession(), 'SESSION');
    const router = await renderApp(
      '/app/settings/marketplaces?code=abc&hmac=f00&shop=jade.myshopify.com&state=shopify.n0nce&timestamp=1700000000',
    );

    expect(await screen.findByText('Jade Sandbox quedó conectada')).toBeInTheDocument();
    expect(calls.filter((call) => call.key === 'POST /stores/authorizations')).toEqual([
      expect.objectContaining({
        body: {
          platform: 'shopify',
          query: {
            code: 'abc',
            hmac: 'f00',
            shop: 'jade.myshopify.com',
            state: 'shopify.n0nce',
            timestamp: '1700000000',
          },
        },
      }),
    ]);
    expect(router.state.location.search).toBe('');
  }, 20_000);

  it('shows a refused OAuth return', async () => {
    stubApi({
      'GET /stores': () => json(200, { data: [] }),
      'POST /stores/authorizations': () =>
        json(400, { error: { code: 'VALIDATION_ERROR', message: 'La autorización caducó.' } }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/settings/marketplaces?code=abc&state=mercadolibre.n0nce');
    expect(await screen.findByText('No pudimos conectar la tienda')).toBeInTheDocument();
    expect(screen.getByText('La autorización caducó.')).toBeInTheDocument();
  });

  it('offers the customer data a store asked for', async () => {
    const FILE = '6a1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
    const calls = stubApi({
      'GET /stores': () => json(200, { data: [SHOP] }),
      [`GET /stores/customer-data/${FILE}`]: () =>
        new Response('{"customer":{}}', { headers: { 'content-type': 'application/json' } }),
    });
    const createObjectURL = vi.fn(() => 'blob:datos');
    Object.assign(URL, { createObjectURL, revokeObjectURL: () => {} });
    saveSession(makeSession(), 'SESSION');
    await renderApp(`/app/settings/marketplaces?customer_data=${FILE}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Descargar datos del cliente' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(calls.some((call) => call.key === `GET /stores/customer-data/${FILE}`)).toBe(true);
  });
});
