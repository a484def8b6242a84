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

  it('asks in a dialog before closing short, saying how many units stop being expected', async () => {
    const counted = { ...ENTRY, status: 'partial' as const };
    counted.lines = [{ ...ENTRY.lines[0]!, received: 5, accepted: 5 }];
    const calls = stubApi({
      'GET /staff/receiving': () =>
        json(200, { data: [ROW], meta: { page: 1, pageSize: 20, total: 1 } }),
      'GET /staff/warehouses': () => json(200, { data: [] }),
      [`GET /staff/receiving/${ENTRY.id}`]: () => json(200, { data: counted }),
      [`POST /staff/receiving/${ENTRY.id}/close`]: () =>
        json(200, { data: { ...counted, status: 'received', closed_short: true } }),
    });
    // The browser's own confirm is not how this asks.
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    saveSession(makeSession({ user: staffUser(), organization: null }), 'SESSION');
    await renderApp('/staff/receiving');
    const row = (await screen.findByText('Comercio Demo')).closest('tr')!;
    // The warehouse by its name, the code beneath it.
    expect(within(row).getByText('CEDIS Tultitlán')).toBeInTheDocument();
    expect(within(row).getByText('CEDIS-MEX')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('link', { name: '3' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar con faltantes' }));

    const dialog = await screen.findByRole('dialog', {
      name: '¿Cerrar la entrada 3 con faltantes?',
    });
    expect(dialog).toHaveTextContent('Faltan 7 unidades por contar.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Seguir recibiendo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.key.endsWith('/close'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Cerrar con faltantes' }));
    const again = await screen.findByRole('dialog', {
      name: '¿Cerrar la entrada 3 con faltantes?',
    });
    fireEvent.click(within(again).getByRole('button', { name: 'Cerrar con faltantes' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.key.endsWith('/close'))).toHaveLength(1),
    );
    expect(window.confirm).not.toHaveBeenCalled();
  }, 20_000);
});
