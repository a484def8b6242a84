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
    });
    saveSession(makeSession({ user: staffUser(), organization: null }), 'SESSION');
    await renderApp('/staff/exits');
    const row = (await screen.findByText('Salida 7')).closest('tr')!;
    expect(within(row).getByText('Comercio Demo')).toBeInTheDocument();
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
    expect(await screen.findByText('Salida 7 enviada con la guía EST123.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        calls.find((call) => call.key === `POST /staff/exits/${EXIT.id}/ship`)?.body,
      ).toMatchObject({
        quote_id: QUOTE_ID,
        rate_id: RATE.id,
      }),
    );
  }, 20_000);
});
