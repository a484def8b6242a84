import type { OrderListItem } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { BULK_RUN } from '../order-test-data';

const STORE = {
  id: '3f1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  name: 'Jade Sandbox',
  platform: 'shopify',
};
const order = (overrides: Partial<OrderListItem>): OrderListItem => ({
  id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  number: '#1001',
  source: 'shopify',
  store: STORE as OrderListItem['store'],
  placed_at: '2026-11-20T16:00:00.000Z',
  customer_name: 'Ana López',
  items: 3,
  total: 129_900,
  currency: 'MXN',
  payment_state: 'paid',
  fulfillment_state: 'unfulfilled',
  status: 'open',
  tags: ['mayoreo'],
  flags: [],
  ...overrides,
});
const FIRST = order({ flags: ['unmapped_lines'] });
const SECOND = order({
  id: '8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  number: 'M-000012',
  source: 'manual',
  store: null,
  customer_name: 'Luis Pérez',
  payment_state: 'pending',
  fulfillment_state: 'partial',
  tags: [],
});
const ORIGIN = {
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  alias: 'Bodega Centro',
  zip: '06600',
  is_default: true,
};
const PACKAGE = {
  id: '2a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  name: 'Caja mediana',
  is_default: true,
};
const page = (data: unknown[]) =>
  json(200, { data, meta: { page: 1, pageSize: 100, total: data.length } });
const lastQuery = (urls: URL[]) => Object.fromEntries(urls.at(-1)!.searchParams);

describe('orders list', () => {
  afterEach(async () => {
    clearSession();
    vi.unstubAllGlobals();
    await setLanguage('es');
  });

  it('shows each order with its store, states and flags, in es and en', async () => {
    stubApi({
      'GET /orders': () => page([FIRST, SECOND]),
      'GET /stores': () => json(200, { data: [] }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/orders');

    const first = (await screen.findByRole('link', { name: '#1001' })).closest('tr')!;
    expect(within(first).getByText('Jade Sandbox')).toBeInTheDocument();
    expect(within(first).getByText('Pagado')).toBeInTheDocument();
    expect(within(first).getByText('Sin surtir')).toBeInTheDocument();
    expect(within(first).getByText('Productos sin vincular')).toBeInTheDocument();
    expect(within(first).getByText('$1,299.00')).toBeInTheDocument();
    const second = screen.getByRole('link', { name: 'M-000012' }).closest('tr')!;
    expect(within(second).getByText('Manual')).toBeInTheDocument();
    expect(within(second).getByText('Surtido parcial')).toBeInTheDocument();
    expect(within(second).getByText('Pago pendiente')).toBeInTheDocument();

    await setLanguage('en');
    expect(await within(first).findByText('Unlinked products')).toBeInTheDocument();
    expect(within(second).getByText('Partially fulfilled')).toBeInTheDocument();
  });

  it('sends the tab, search and filters to the server, kept in the URL', async () => {
    const urls: URL[] = [];
    stubApi({
      'GET /orders': (_body, url) => {
        urls.push(url);
        return page([FIRST]);
      },
      'GET /stores': () => json(200, { data: [storeView(STORE)] }),
    });
    saveSession(makeSession(), 'SESSION');
    const router = await renderApp('/app/orders');
    await screen.findByRole('link', { name: '#1001' });
    expect(lastQuery(urls)).toEqual({ tab: 'all', page: '1', pageSize: '20' });

    fireEvent.click(screen.getByRole('tab', { name: 'Cancelados' }));
    await waitFor(() => expect(lastQuery(urls).tab).toBe('cancelled'));
    fireEvent.change(screen.getByLabelText('Buscar'), {
      target: { value: 'PLAYERA-S' },
    });
    await waitFor(() => expect(lastQuery(urls).search).toBe('PLAYERA-S'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Pago' }), {
      target: { value: 'refunded' },
    });
    await waitFor(() => expect(lastQuery(urls).payment).toBe('refunded'));
    const tag = screen.getByRole('textbox', { name: 'Etiqueta' });
    fireEvent.change(tag, { target: { value: 'mayoreo' } });
    fireEvent.keyDown(tag, { key: 'Enter' });
    await waitFor(() => expect(lastQuery(urls).tag).toBe('mayoreo'));
    const store = screen.getByRole('combobox', { name: 'Tienda' });
    await within(store).findByRole('option', { name: 'Jade Sandbox' });
    fireEvent.change(store, { target: { value: STORE.id } });
    await waitFor(() =>
      expect(lastQuery(urls)).toEqual({
        tab: 'cancelled',
        search: 'PLAYERA-S',
        payment: 'refunded',
        tag: 'mayoreo',
        store_id: STORE.id,
        page: '1',
        pageSize: '20',
      }),
    );
    expect(router.state.location.search).toContain(`store_id=${STORE.id}`);
  }, 30_000);

  it('starts a bulk run for the selected orders with an Idempotency-Key and opens it', async () => {
    const calls = stubApi({
      'GET /orders': () => page([FIRST, SECOND]),
      'GET /stores': () => json(200, { data: [] }),
      'GET /locations': () => page([ORIGIN]),
      'GET /packages': () => page([PACKAGE]),
      'GET /wallet/balance': () =>
        json(200, { data: { available_centavos: 50_000, on_hold_centavos: 0 } }),
      'POST /orders/bulk-labels': () => json(202, { data: BULK_RUN }),
      [`GET /orders/bulk-labels/${BULK_RUN.id}`]: () => json(200, { data: BULK_RUN }),
    });
    saveSession(makeSession(), 'SESSION');
    const router = await renderApp('/app/orders');
    await screen.findByRole('link', { name: '#1001' });
    const open = screen.getByRole('button', { name: 'Generar guías' }) as HTMLButtonElement;
    expect(open.disabled).toBe(true);
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'Seleccionar los pedidos de esta página' }),
    );
    expect(screen.getByText('2 pedidos seleccionados')).toBeInTheDocument();
    fireEvent.click(open);

    const dialog = await screen.findByRole('dialog', { name: 'Generar guías de 2 pedidos' });
    expect(await within(dialog).findByText(/Saldo disponible: \$500.00/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Una paquetería preferida' }));
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Paquetería' }), {
      target: { value: 'estafeta' },
    });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Servicio' }), {
      target: { value: 'terrestre' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generar 2 guías' }));

    await waitFor(() => expect(router.state.location.search).toBe(`?bulk=${BULK_RUN.id}`));
    expect(router.state.location.pathname).toBe('/app/orders/fulfillment');
    const start = calls.find((call) => call.key === 'POST /orders/bulk-labels')!;
    expect(start.body).toEqual({
      order_ids: [FIRST.id, SECOND.id],
      rule: 'preferred',
      preferred: { carrier: 'estafeta', service: 'terrestre' },
      origin_id: ORIGIN.id,
      package_id: PACKAGE.id,
    });
    expect(start.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/);
  }, 30_000);

  it('shows the balance refusal in the dialog', async () => {
    stubApi({
      'GET /orders': () => page([FIRST]),
      'GET /stores': () => json(200, { data: [] }),
      'GET /locations': () => page([ORIGIN]),
      'GET /packages': () => page([PACKAGE]),
      'GET /wallet/balance': () =>
        json(200, { data: { available_centavos: 100, on_hold_centavos: 0 } }),
      'POST /orders/bulk-labels': () =>
        json(402, {
          error: {
            code: 'BULK_LABELS_BALANCE',
            message:
              'Saldo insuficiente para las guías seleccionadas: se estiman $180.00 y tienes $1.00.',
          },
        }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/orders');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar el pedido #1001' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generar guías' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generar la guía de 1 pedido' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Generar 1 guía' }));
    expect(
      await within(dialog).findByText(
        'Saldo insuficiente para las guías seleccionadas: se estiman $180.00 y tienes $1.00.',
      ),
    ).toBeInTheDocument();
  }, 30_000);

  it('shows each order as a card on a 390 px screen', async () => {
    vi.stubGlobal('innerWidth', 390);
    stubApi({
      'GET /orders': () => page([FIRST, SECOND]),
      'GET /stores': () => json(200, { data: [] }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/orders');
    const cards = await screen.findByRole('list', { name: 'Pedidos' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
  });
});

function storeView(store: typeof STORE) {
  return {
    ...store,
    external_id: 'jade.myshopify.com',
    status: 'enabled',
    health: 'ok',
    sandbox: true,
    api_version: '2026-04',
    connected_at: '2026-11-01T00:00:00.000Z',
    last_synced_at: null,
    backfill: null,
    orders_count: 1,
  };
}
