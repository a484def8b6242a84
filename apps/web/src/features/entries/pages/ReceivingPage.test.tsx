import type { StaffEntryListItem, StaffEntryView } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession, staffUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const ORGANIZATION = { id: '2a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b', name: 'Comercio Demo' };
const WAREHOUSE = {
  id: '3a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  name: 'CEDIS Tultitlán',
  code: 'CEDIS-MEX',
};
const ENTRY: StaffEntryView = {
  id: '1a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  number: 3,
  reference: 'OC-77',
  warehouse: WAREHOUSE,
  expected_date: '2026-12-01',
  carrier: null,
  tracking_number: null,
  status: 'pending',
  closed_short: false,
  created_at: '2026-11-20T16:00:00.000Z',
  organization: ORGANIZATION,
  lines: [
    {
      id: '4a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
      variant_id: '5a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
      product_id: '6a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
      product_name: 'Taza',
      variant_title: '',
      sku: 'TAZ-01',
      barcode: '7501000000024',
      expected: 12,
      received: 0,
      accepted: 0,
      not_sellable: 0,
      stock_status: 'no_definition',
      missing_data: [],
      incidents: [],
    },
  ],
};
const ROW: StaffEntryListItem = {
  id: ENTRY.id,
  number: 3,
  reference: 'OC-77',
  warehouse: WAREHOUSE,
  expected_date: '2026-12-01',
  status: 'pending',
  lines_count: 1,
  expected_total: 12,
  received_total: 0,
  open_incidents: 0,
  created_at: ENTRY.created_at,
  organization: ORGANIZATION,
};

describe('/staff/receiving', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('lists entries to receive and counts a scanned code under one Idempotency-Key', async () => {
    const calls = stubApi({
      'GET /staff/receiving': () =>
        json(200, { data: [ROW], meta: { page: 1, pageSize: 20, total: 1 } }),
      'GET /staff/warehouses': () => json(200, { data: [] }),
      [`GET /staff/receiving/${ENTRY.id}`]: () => json(200, { data: ENTRY }),
      [`POST /staff/receiving/${ENTRY.id}/receipts`]: () =>
        json(201, { data: { entry: ENTRY, replayed: false } }),
    });
    saveSession(makeSession({ user: staffUser(), organization: null }), 'SESSION');
    await renderApp('/staff/receiving');
    const row = (await screen.findByText('Comercio Demo')).closest('tr')!;
    expect(within(row).getByText('0 / 12')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('link', { name: '3' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Entrada 3 · Comercio Demo' }),
    ).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Escanear código de barras o SKU'), {
      target: { value: '7501000000024' },
    });
    fireEvent.click(screen.getAllByRole('button', { name: 'Recibir' })[0]!);
    await waitFor(() =>
      expect(calls.filter((call) => call.key.endsWith('/receipts'))).toHaveLength(1),
    );
    const receipt = calls.find((call) => call.key.endsWith('/receipts'))!;
    expect(receipt.body).toEqual({ code: '7501000000024', count: 1, disposition: 'accepted' });
    expect(receipt.headers.get('idempotency-key')).toMatch(/.{8,}/);
  }, 20_000);
});
