import type { StaffExitDetail } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession, staffUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const EXIT: StaffExitDetail = {
  id: 'aa0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  number: 7,
  status: 'processing',
  organization: { id: 'ba0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b', name: 'Comercio Demo' },
  warehouse: {
    id: 'ca0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
    name: 'CEDIS Tultitlán',
    code: 'CEDIS-MEX',
  },
  destination: {
    kind: 'customer',
    name: 'Laura Garza',
    address: {
      street: 'Av. Constitución',
      external_number: '455',
      internal_number: null,
      reference: null,
      neighborhood: 'Centro',
      city: 'Monterrey',
      municipality: 'Monterrey',
      state: 'Nuevo León',
      zip: '64000',
      country: 'MX',
    },
  },
  reference: null,
  notes: null,
  lines: [
    {
      variant_id: 'da0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
      product_name: 'Taza',
      variant_title: null,
      sku: 'TAZ-01',
      barcode: '7501234567890',
      quantity: 2,
    },
  ],
  guide: null,
  created_at: '2026-03-02T16:00:00.000Z',
  processing_at: '2026-03-02T17:00:00.000Z',
  shipped_at: null,
  cancelled_at: null,
  packages: [
    {
      id: 'ea0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
      name: 'Caja chica',
      length: 25,
      width: 20,
      height: 10,
      weight: 1,
      unit: 'cm_kg',
    },
  ],
};
const RATE = {
  id: 'estafeta:terrestre',
  carrier_key: 'estafeta',
  carrier_name: 'Estafeta',
  service_key: 'terrestre',
  service_name: 'Terrestre',
  service_kind: 'ground',
  sandbox: true,
  zone: 3,
  billable_weight_kg: 2,
  base: 10000,
  fuel_surcharge: 0,
  extended_zone_surcharge: 0,
  extended_zone: false,
  subtotal: 10000,
  vat: 1600,
  total: 11600,
  transit_days: { min: 2, max: 3 },
  estimated_delivery: '2026-03-05',
  cheapest: true,
  fastest: true,
};
const QUOTE_ID = 'fa0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b';

describe('staff console: dispatch', () => {
  it('shows the queue and the pick list, packs a saved package, quotes and ships', async () => {
    const { packages: _packages, ...queued } = EXIT;
    const calls = stubApi({
      'GET /staff/warehouses': () => json(200, { data: [] }),
      'GET /staff/exits': () =>
        json(200, { data: [queued], meta: { page: 1, pageSize: 100, total: 1 } }),
      [`GET /staff/exits/${EXIT.id}`]: () => json(200, { data: EXIT }),
      [`POST /staff/exits/${EXIT.id}/quote`]: () =>
        json(201, {
          data: {
            id: QUOTE_ID,
            origin_zip: '54060',
            destination_zip: '64000',
            parcels: [],
            rates: [RATE],
            unavailable: [],
            status: 'pending',
            created_at: '2026-03-02T17:00:00.000Z',
            expires_at: '2026-03-02T18:00:00.000Z',
          },
        }),
      [`POST /staff/exits/${EXIT.id}/ship`]: () =>
        json(200, {
          data: {
            ...queued,
            status: 'shipped',
            guide: { shipment_id: QUOTE_ID, tracking_number: 'EST123' },
          },
        }),
      [`GET /staff/exits/${EXIT.id}/label.pdf`]: () =>
        new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
          status: 200,
          headers: { 'content-type': 'application/pdf' },
        }),
    });
    // The label opens in a new tab, given its file's object URL.
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    Object.assign(URL, { createObjectURL: () => 'blob:label', revokeObjectURL: () => {} });
    saveSession(makeSession({ user: staffUser(), organization: null }), 'SESSION');
    await renderApp('/staff/exits');
    const row = (await screen.findByText('Salida 7')).closest('tr')!;
    expect(within(row).getByText('Comercio Demo')).toBeInTheDocument();
    // The warehouse by the name merchants know it by, its code as a second line.
    expect(within(row).getByText('CEDIS Tultitlán')).toBeInTheDocument();
    expect(within(row).getByText('CEDIS-MEX')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Despachar la salida 7' }));

    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('7501234567890')).toBeInTheDocument();
    expect(within(drawer).getByText('TAZ-01')).toBeInTheDocument();

    const packageField = within(drawer)
      .getAllByLabelText('Paquete 1')
      .find((element) => element.tagName === 'INPUT')!;
    fireEvent.click(packageField);
    fireEvent.click(await screen.findByRole('option', { name: 'Caja chica', hidden: true }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Cotizar' }));
    expect(
      await within(drawer).findByRole('radio', { name: /Estafeta · Terrestre/ }),
    ).toBeChecked();
    expect(calls.find((call) => call.key === `POST /staff/exits/${EXIT.id}/quote`)?.body).toEqual({
      parcels: [
        {
          package_id: EXIT.packages[0]!.id,
          unit: 'cm_kg',
          length: 25,
          width: 20,
          height: 10,
          weight: 1,
        },
      ],
    });

    fireEvent.click(within(drawer).getByRole('button', { name: 'Comprar guía y enviar' }));
    // The drawer stays open on the shipped exit, with its label to print.
    const done = await within(drawer).findByRole('status');
    expect(done).toHaveTextContent('Salida 7 enviada');
    expect(done).toHaveTextContent('Se compró la guía EST123');
    expect(
      calls.find((call) => call.key === `POST /staff/exits/${EXIT.id}/ship`)?.body,
    ).toMatchObject({ quote_id: QUOTE_ID, rate_id: RATE.id });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Imprimir etiqueta' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:label'));
    expect(calls.map((call) => call.key)).toContain(`GET /staff/exits/${EXIT.id}/label.pdf`);

    fireEvent.click(within(drawer).getByRole('button', { name: 'Listo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 20_000);

  it('lists the exits whose guide the merchant cancelled, for staff to unpack', async () => {
    const { packages: _packages, ...queued } = EXIT;
    const cancelled = {
      ...queued,
      number: 9,
      status: 'cancelled',
      guide: { shipment_id: QUOTE_ID, tracking_number: 'EST999' },
      shipped_at: '2026-03-03T10:00:00.000Z',
      cancelled_at: '2026-03-03T12:00:00.000Z',
    };
    stubApi({
      'GET /staff/warehouses': () => json(200, { data: [] }),
      'GET /staff/exits': (_body, url) => {
        const rows = url.searchParams.get('view') === 'guide_cancelled' ? [cancelled] : [queued];
        return json(200, { data: rows, meta: { page: 1, pageSize: 100, total: 1 } });
      },
    });
    saveSession(makeSession({ user: staffUser(), organization: null }), 'SESSION');
    await renderApp('/staff/exits');
    expect(await screen.findByText('Salida 7')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'Guías canceladas' }));
    // A card per exit on a narrow screen (the tests' media queries all match), a row otherwise.
    const row = (await screen.findByText('Salida 9')).closest<HTMLElement>(
      '[role="listitem"], tr',
    )!;
    expect(screen.queryByText('Salida 7')).not.toBeInTheDocument();
    expect(within(row).getByText('Comercio Demo')).toBeInTheDocument();
    expect(within(row).getByText('CEDIS Tultitlán')).toBeInTheDocument();
    expect(within(row).getByText('EST999')).toBeInTheDocument();
    expect(
      within(row).getByText('Desempaca el paquete y regresa sus 2 piezas al anaquel.'),
    ).toBeInTheDocument();
    expect(within(row).getByText('2 × Taza (SKU TAZ-01)')).toBeInTheDocument();
    // Nothing to dispatch on a cancelled exit.
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText(/desempácalo y regresa sus piezas al anaquel/)).toBeInTheDocument();
  }, 20_000);
});
