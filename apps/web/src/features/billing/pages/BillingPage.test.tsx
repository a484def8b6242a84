import type { InvoiceView } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const INVOICE: InvoiceView = {
  id: '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f1',
  series: 'DEP',
  folio: 12,
  folio_label: 'DEP12',
  cfdi_type: 'I',
  kind: 'deposit',
  status: 'stamped',
  user: { id: 'a1b2c3d4-0000-4000-8000-000000000009', name: 'Ana Staff' },
  issuer: { rfc: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE' },
  receiver: { rfc: 'XAXX010101000', name: 'PUBLICO EN GENERAL', generic: true },
  subtotal_centavos: 107_759,
  vat_centavos: 17_241,
  total_centavos: 125_000,
  uuid: '0E2B2F52-6F0B-4B7A-9D4B-6A1C2D3E4F50',
  sandbox: true,
  deposit_id: 'a1b2c3d4-0000-4000-8000-000000000001',
  created_at: '2026-03-02T16:00:00.000Z',
  stamped_at: '2026-03-02T16:00:01.000Z',
  cancellation: null,
};

const page = (rows: InvoiceView[]) =>
  json(200, { data: rows, meta: { page: 1, pageSize: 20, total: rows.length } });

describe('finance/billing', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('lists the invoices, filters by type and downloads the XML', async () => {
    const urls: URL[] = [];
    const downloads: string[] = [];
    stubApi({
      'GET /invoices': (_body, url) => {
        urls.push(url);
        return page([INVOICE]);
      },
      [`GET /invoices/${INVOICE.id}/xml`]: () => {
        downloads.push('xml');
        return new Response('<cfdi:Comprobante/>', {
          headers: { 'content-type': 'application/xml' },
        });
      },
    });
    const createObjectURL = vi.fn(() => 'blob:factura');
    Object.assign(URL, { createObjectURL, revokeObjectURL: () => {} });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/finance/billing');
    expect(screen.getByRole('heading', { level: 1, name: 'Facturación' })).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Facturas' });
    expect(screen.getByText('Sandbox — sin validez fiscal')).toBeInTheDocument();
    const row = within(table).getByText('DEP12').closest('tr')!;
    for (const text of [
      'Depósito (anticipo)',
      'Ana Staff',
      'ESCUELA KEMPER URGATE',
      'Público en general',
      '$1,250.00',
      'XAXX010101000',
    ]) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }

    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'fee' } });
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('type')).toBe('fee'));

    fireEvent.click(within(row).getByRole('button', { name: 'Descargar XML de DEP12' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(downloads).toEqual(['xml']);
  }, 30_000);
  it("shows the cancellation staff asked for: pending, with SAT's reason and the replacement", async () => {
    stubApi({
      'GET /invoices': () =>
        page([
          {
            ...INVOICE,
            cancellation: {
              motive: '01',
              substitution_uuid: '11111111-2222-4333-8444-555555555555',
              status: 'pending',
              requested_at: '2026-03-03T10:00:00.000Z',
            },
          },
        ]),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/finance/billing');
    const table = await screen.findByRole('table', { name: 'Facturas' });
    const row = within(table).getByText('DEP12').closest('tr')!;
    expect(within(row).getByText('Cancelación pendiente')).toBeInTheDocument();
    expect(
      within(row).getByText('Motivo 01: Comprobante emitido con errores con relación'),
    ).toBeInTheDocument();
    expect(
      within(row).getByText('Sustituida por 11111111-2222-4333-8444-555555555555'),
    ).toBeInTheDocument();
  }, 30_000);
});
