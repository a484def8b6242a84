import type { InventoryRow, MovementView, StockLocationView } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const OWN: StockLocationView = {
  id: '1a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  kind: 'own',
  name: 'Bodega Roma',
  code: null,
  location_id: '2a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  active: true,
};
const CEDIS: StockLocationView = {
  id: '3a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  kind: 'warehouse',
  name: 'CEDIS Tultitlán',
  code: 'CEDIS-MEX',
  location_id: null,
  active: true,
};
const row = (overrides: Partial<InventoryRow>): InventoryRow => ({
  variant_id: '4a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  product_id: '5a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  product_name: 'Playera básica',
  variant_title: 'Rojo / M',
  sku: 'PLY-RM',
  location: OWN,
  on_hand: 12,
  reserved: 2,
  available: 10,
  incoming: 0,
  not_sellable: 1,
  ...overrides,
});
const SHIRT = row({});
const MUG = row({
  variant_id: '6a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  product_name: 'Taza',
  variant_title: '',
  sku: 'TAZ-01',
  location: CEDIS,
  on_hand: 3,
  reserved: 0,
  available: 3,
  incoming: 20,
  not_sellable: 0,
});
const EMPTY = row({
  variant_id: '7a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  product_name: 'Gorra',
  variant_title: '',
  sku: null,
  on_hand: 0,
  reserved: 0,
  available: 0,
  not_sellable: 0,
});
const MOVEMENT: MovementView = {
  id: 2,
  operation_id: '8a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  kind: 'adjust',
  location: OWN,
  on_hand: -2,
  reserved: 0,
  incoming: 0,
  not_sellable: 1,
  reason: 'Dañadas en exhibición',
  cause: { type: 'adjustment', id: 'key-1', label: null },
  actor: { id: '9a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b', name: 'Ana López' },
  created_at: '2026-03-02T16:00:00.000Z',
};
const page = <T,>(data: T[]) =>
  json(200, { data, meta: { page: 1, pageSize: 20, total: data.length } });

describe('products/inventory', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('lists stock per variant and location with low and out-of-stock badges, and a variant’s movements', async () => {
    stubApi({
      'GET /inventory': () => page([SHIRT, MUG, EMPTY]),
      'GET /inventory/locations': () => json(200, { data: [CEDIS, OWN] }),
      [`GET /inventory/variants/${SHIRT.variant_id}/movements`]: () => page([MOVEMENT]),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/products/inventory');
    expect(screen.getByRole('heading', { level: 1, name: 'Inventario' })).toBeInTheDocument();

    const shirt = (await screen.findByText('Playera básica · Rojo / M')).closest('tr')!;
    expect(within(shirt).getByText('PLY-RM')).toBeInTheDocument();
    expect(within(shirt).getByText('Ubicación propia')).toBeInTheDocument();
    expect(within(shirt).queryByText('Bajo')).toBeNull();
    const mug = screen.getByText('Taza').closest('tr')!;
    expect(within(mug).getByText('Almacén de la plataforma')).toBeInTheDocument();
    expect(within(mug).getByText('Bajo')).toBeInTheDocument();
    expect(within(mug).getByText('20')).toBeInTheDocument();
    const cap = screen.getByText('Gorra').closest('tr')!;
    expect(within(cap).getByText('Agotado')).toBeInTheDocument();
    expect(within(cap).getByText('Sin SKU')).toBeInTheDocument();
    // Only own locations are adjusted by the merchant.
    expect(within(mug).queryByRole('button', { name: /Ajustar existencias/ })).toBeNull();

    fireEvent.click(
      within(shirt).getByRole('button', { name: 'Ver movimientos de Playera básica · Rojo / M' }),
    );
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Ajuste')).toBeInTheDocument();
    expect(within(drawer).getByText('Ajuste de tu equipo')).toBeInTheDocument();
    expect(within(drawer).getByText('Motivo: Dañadas en exhibición')).toBeInTheDocument();
    expect(within(drawer).getByText('Existencia −2')).toBeInTheDocument();
    expect(within(drawer).getByText('No vendibles +1')).toBeInTheDocument();
    expect(within(drawer).getByText(/Por Ana López/)).toBeInTheDocument();
  }, 15_000);

  it('links a label’s movements to its guide, the goods returned to its cancellation', async () => {
    const guide = '7d0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b';
    stubApi({
      'GET /inventory': () => page([SHIRT]),
      'GET /inventory/locations': () => json(200, { data: [CEDIS, OWN] }),
      [`GET /inventory/variants/${SHIRT.variant_id}/movements`]: () =>
        page([
          {
            ...MOVEMENT,
            id: 4,
            kind: 'return',
            cause: { type: 'shipment_cancellation', id: guide, label: '99M5203612955' },
          },
          {
            ...MOVEMENT,
            id: 3,
            kind: 'ship',
            cause: { type: 'shipment', id: guide, label: '99M5203612955' },
          },
        ]),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/products/inventory');
    const shirt = (await screen.findByText('Playera básica · Rojo / M')).closest('tr')!;
    fireEvent.click(
      within(shirt).getByRole('button', { name: 'Ver movimientos de Playera básica · Rojo / M' }),
    );
    const drawer = await screen.findByRole('dialog');
    // Named by the guide's tracking number, linked by its id.
    const cancellation = await within(drawer).findByRole('link', {
      name: 'Cancelación de la guía 99M5203612955',
    });
    expect(cancellation).toHaveAttribute('href', `/app/shippings/${guide}`);
    expect(within(drawer).getByRole('link', { name: 'Guía 99M5203612955' })).toHaveAttribute(
      'href',
      `/app/shippings/${guide}`,
    );
  }, 15_000);

  it('asks the API for out-of-stock rows and for the search', async () => {
    const queries: URLSearchParams[] = [];
    stubApi({
      'GET /inventory': (_body, url) => {
        queries.push(url.searchParams);
        return page(url.searchParams.get('out_of_stock') === 'true' ? [EMPTY] : [SHIRT, EMPTY]);
      },
      'GET /inventory/locations': () => json(200, { data: [OWN] }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/products/inventory');
    await screen.findByText('Playera básica · Rojo / M');

    fireEvent.click(screen.getByLabelText('Agotadas'));
    await waitFor(() => expect(screen.queryByText('Playera básica · Rojo / M')).toBeNull(), {
      timeout: 3000,
    });
    expect(queries.at(-1)?.get('out_of_stock')).toBe('true');
    fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: 'ply-rm' } });
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('ply-rm'), { timeout: 3000 });
  }, 15_000);

  it('validates an adjustment before sending it, then sends it with an Idempotency-Key', async () => {
    const calls = stubApi({
      'GET /inventory': () => page([SHIRT]),
      'GET /inventory/locations': () => json(200, { data: [OWN] }),
      'POST /inventory/adjustments': () =>
        json(201, { data: { operation_id: MOVEMENT.operation_id, replayed: false } }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/products/inventory');
    const shirt = (await screen.findByText('Playera básica · Rojo / M')).closest('tr')!;
    fireEvent.click(
      within(shirt).getByRole('button', { name: 'Ajustar existencias: Playera básica · Rojo / M' }),
    );
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Guardar ajuste' }));
    expect(await within(drawer).findByText('Este campo es obligatorio.')).toBeInTheDocument();
    expect(within(drawer).getByText('Indica cuántas unidades sumar o restar.')).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'POST /inventory/adjustments')).toBe(false);

    fireEvent.change(within(drawer).getByLabelText(/^Motivo/), {
      target: { value: 'Conteo cíclico' },
    });
    fireEvent.change(within(drawer).getByLabelText('Existencia (+/−)'), {
      target: { value: '-3' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Guardar ajuste' }));
    expect(await screen.findByText('Ajuste guardado.')).toBeInTheDocument();
    const sent = calls.find((call) => call.key === 'POST /inventory/adjustments')!;
    expect(sent.body).toEqual({
      location_id: OWN.id,
      reason: 'Conteo cíclico',
      lines: [{ variant_id: SHIRT.variant_id, on_hand_delta: -3, not_sellable_delta: 0 }],
    });
    expect(sent.headers.get('idempotency-key')).toMatch(/.{8,}/);
  }, 15_000);
});
