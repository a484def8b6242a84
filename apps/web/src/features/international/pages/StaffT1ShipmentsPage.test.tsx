import type { StaffT1ShipmentSummary } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession, staffUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { page, SHIPMENT_ID } from '../test-data';

const SHIPMENT: StaffT1ShipmentSummary = {
  id: SHIPMENT_ID,
  organization: { id: 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b', name: 'Comercial Jade' },
  direction: 'export',
  abroad_country: 'US',
  abroad_name: 'Jane Doe',
  carrier_key: 'fedex',
  carrier_name: 'FedEx',
  service_name: 'International Economy',
  tracking_number: '794612345678',
  status: 'created',
  purchase_state: 'purchased',
  customs_status: 'in_clearance',
  incoterm: 'DAP',
  currency: 'USD',
  invoice_total_cents: 12_000,
  duties_mxn_centavos: 37_230,
  cost: 81_200,
  reference: null,
  created_at: '2026-03-02T16:00:00.000Z',
};

describe('/staff/international/shipments', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('moves a shipment’s customs status to one its current status allows, with a note', async () => {
    const calls = stubApi({
      'GET /staff/international/shipments': () => page([SHIPMENT]),
      [`POST /staff/international/shipments/${SHIPMENT_ID}/customs-status`]: () =>
        json(200, { data: { ...SHIPMENT, customs_status: 'held' } }),
    });
    saveSession(makeSession({ user: staffUser() }), 'SESSION');
    await renderApp('/staff/international/shipments');
    const table = await screen.findByRole('table', { name: 'Envíos internacionales (T1)' });
    expect(table).toHaveTextContent('Comercial Jade');
    expect(table).toHaveTextContent('Exportación · Estados Unidos');
    expect(table).toHaveTextContent('En despacho aduanal');
    fireEvent.click(
      within(table).getByRole('button', { name: 'Cambiar estado en aduana de 794612345678' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar estado en aduana' });
    // From clearance: released, held or duties due; never back to pending.
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['released', 'held', 'duties_due']);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Retenido en aduana' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Nota para el comercio/ }), {
      target: { value: 'Falta la factura firmada.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar estado' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.key.startsWith('POST'))?.body).toEqual({
      status: 'held',
      note: 'Falta la factura firmada.',
    });
  });

  it('offers no move once customs released the shipment', async () => {
    stubApi({
      'GET /staff/international/shipments': () =>
        page([{ ...SHIPMENT, customs_status: 'released' }]),
    });
    saveSession(makeSession({ user: staffUser() }), 'SESSION');
    await renderApp('/staff/international/shipments');
    const table = await screen.findByRole('table', { name: 'Envíos internacionales (T1)' });
    expect(table).toHaveTextContent('Liberado');
    expect(within(table).queryByRole('button', { name: /Cambiar estado en aduana/ })).toBeNull();
  });
});
