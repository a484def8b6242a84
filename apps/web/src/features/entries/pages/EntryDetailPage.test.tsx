import type { EntryView } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const ENTRY: EntryView = {
  id: '1a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  number: 7,
  reference: 'OC-2291',
  warehouse: {
    id: '3a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
    name: 'CEDIS Tultitlán',
    code: 'CEDIS-MEX',
  },
  expected_date: '2026-12-01',
  carrier: 'Estafeta',
  tracking_number: 'EST123',
  status: 'partial',
  closed_short: false,
  created_at: '2026-11-20T16:00:00.000Z',
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
      received: 10,
      accepted: 8,
      not_sellable: 2,
      stock_status: 'pending',
      missing_data: [],
      incidents: [
        {
          id: '7a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
          line_id: '4a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
          kind: 'damaged',
          quantity: 2,
          note: 'Caja aplastada',
          photos: [],
          answer: null,
          answered_at: null,
          resolved: false,
          created_at: '2026-11-25T16:00:00.000Z',
        },
      ],
    },
  ],
};

describe('products/entry-detail', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('shows each line’s counts, stock status and incidents, and sends the merchant’s answer', async () => {
    const calls = stubApi({
      [`GET /entries/${ENTRY.id}`]: () => json(200, { data: ENTRY }),
      [`POST /entries/${ENTRY.id}/incidents/${ENTRY.lines[0]!.incidents[0]!.id}/answer`]: () =>
        json(200, { data: ENTRY }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp(`/app/products/entry-detail/${ENTRY.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrada 7' })).toBeInTheDocument();
    expect(screen.getByText('Parcial')).toBeInTheDocument();
    const row = screen.getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['12', '10', '8', '2']);
    expect(screen.getByText('Pendiente')).toBeInTheDocument();
    expect(screen.getByText('Dañado')).toBeInTheDocument();
    expect(screen.getByText('Caja aplastada')).toBeInTheDocument();
    // Something was received: the entry can no longer be cancelled.
    expect(screen.queryByRole('button', { name: 'Cancelar entrada' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Responder a la incidencia'), {
      target: { value: 'Devuélvanlas al proveedor.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Responder' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key.endsWith('/answer'))?.body).toEqual({
        answer: 'Devuélvanlas al proveedor.',
      }),
    );
  }, 15_000);

  it('offers cancelling while nothing was received', async () => {
    const pending: EntryView = {
      ...ENTRY,
      status: 'pending',
      lines: [
        {
          ...ENTRY.lines[0]!,
          received: 0,
          accepted: 0,
          not_sellable: 0,
          incidents: [],
          stock_status: 'no_definition',
        },
      ],
    };
    const calls = stubApi({
      [`GET /entries/${ENTRY.id}`]: () => json(200, { data: pending }),
      [`POST /entries/${ENTRY.id}/cancel`]: () =>
        json(200, { data: { ...pending, status: 'cancelled' } }),
    });
    vi.stubGlobal('confirm', () => true);
    saveSession(makeSession(), 'SESSION');
    await renderApp(`/app/products/entry-detail/${ENTRY.id}`);
    expect(await screen.findByText('Sin definir')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar entrada' }));
    await waitFor(() =>
      expect(calls.some((call) => call.key === `POST /entries/${ENTRY.id}/cancel`)).toBe(true),
    );
  }, 15_000);
});
