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
    address: {
      street: 'Av. Recursos Hidráulicos',
      external_number: '8',
      internal_number: 'B',
      reference: null,
      neighborhood: 'La Loma',
      city: 'Tultitlán',
      municipality: 'Tultitlán',
      state: 'Estado de México',
      zip: '54060',
      country: 'MX',
    },
    contact_phone: '5558761200',
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

  it('shows each line’s counts, status and incidents, and sends the merchant’s answer', async () => {
    const calls = stubApi({
      [`GET /entries/${ENTRY.id}`]: () => json(200, { data: ENTRY }),
      [`POST /entries/${ENTRY.id}/incidents/${ENTRY.lines[0]!.incidents[0]!.id}/answer`]: () =>
        json(200, { data: ENTRY }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp(`/app/products/entry-detail/${ENTRY.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrada 7' })).toBeInTheDocument();
    expect(screen.getByText('Parcial')).toBeInTheDocument();
    for (const figure of ['Esperado: 12', 'Recibido: 10', 'Aceptado: 8', 'No vendible: 2']) {
      expect(screen.getByLabelText(figure)).toBeInTheDocument();
    }
    // Its damaged units await the merchant's answer: said so, not "Pendiente".
    expect(screen.getByText('Incidencia abierta')).toBeInTheDocument();
    // Received in part: nothing more to send, so no address to send it to.
    expect(screen.queryByText('Envía la mercancía a')).toBeNull();
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
    saveSession(makeSession(), 'SESSION');
    await renderApp(`/app/products/entry-detail/${ENTRY.id}`);
    // On its way: where to send it, and each line awaited.
    const sendTo = await screen.findByRole('region', { name: 'Envía la mercancía a' });
    expect(sendTo).toHaveTextContent('CEDIS Tultitlán');
    expect(sendTo).toHaveTextContent('Av. Recursos Hidráulicos 8 int. B, La Loma');
    expect(sendTo).toHaveTextContent('Tultitlán, Estado de México, C.P. 54060');
    expect(sendTo).toHaveTextContent('Anota el número de entrada 7 en los paquetes');
    expect(screen.getByText('Por recibir')).toBeInTheDocument();

    // Cancelling asks first, in a dialog.
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar entrada' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cancelar la entrada 7?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'No, conservarla' }));
    expect(calls.some((call) => call.key.endsWith('/cancel'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar entrada' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Sí, cancelar la entrada',
      }),
    );
    await waitFor(() =>
      expect(calls.some((call) => call.key === `POST /entries/${ENTRY.id}/cancel`)).toBe(true),
    );
  }, 15_000);

  it('reads a received entry’s lines as done: arrived, set apart or did not arrive', async () => {
    const line = ENTRY.lines[0]!;
    const closed: EntryView = {
      ...ENTRY,
      status: 'received',
      closed_short: true,
      lines: [
        { ...line, incidents: [{ ...line.incidents[0]!, resolved: true }] },
        {
          ...line,
          id: '8a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
          sku: 'TAZ-02',
          received: 0,
          accepted: 0,
          not_sellable: 0,
          incidents: [],
          stock_status: 'no_definition',
        },
      ],
    };
    stubApi({ [`GET /entries/${ENTRY.id}`]: () => json(200, { data: closed }) });
    saveSession(makeSession(), 'SESSION');
    await renderApp(`/app/products/entry-detail/${ENTRY.id}`);
    expect(await screen.findByText('Recibida')).toBeInTheDocument();
    expect(screen.getByText('Con unidades no vendibles')).toBeInTheDocument();
    expect(screen.getByText('No llegó')).toBeInTheDocument();
    expect(screen.queryByText(/Sin definir|Pendiente/)).toBeNull();
  }, 15_000);
});
