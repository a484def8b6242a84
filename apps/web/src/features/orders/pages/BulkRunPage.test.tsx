import type { BulkLabelsView } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const ID = '9d1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const ITEMS: BulkLabelsView['items'] = [
  {
    order_id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    number: '#1001',
    state: 'bought',
    shipment_id: '5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    tracking_number: '7700112233',
    error: null,
  },
  {
    order_id: '8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    number: '#1002',
    state: 'failed',
    shipment_id: null,
    tracking_number: null,
    error: 'ORDER_QUOTE_EMPTY',
  },
  {
    order_id: '6c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    number: '#1003',
    state: 'pending',
    shipment_id: null,
    tracking_number: null,
    error: null,
  },
];
const RUNNING: BulkLabelsView = {
  id: ID,
  state: 'running',
  created_at: '2026-11-20T17:00:00.000Z',
  finished_at: null,
  total: 3,
  bought: 1,
  failed: 1,
  charged: 18_000,
  items: ITEMS,
  labels_ready: false,
};
const DONE: BulkLabelsView = {
  ...RUNNING,
  state: 'done',
  finished_at: '2026-11-20T17:01:00.000Z',
  bought: 2,
  charged: 36_000,
  items: [
    ITEMS[0]!,
    ITEMS[1]!,
    { ...ITEMS[2]!, state: 'bought', tracking_number: '7700112244', shipment_id: ID },
  ],
  labels_ready: true,
};

describe('bulk run page', () => {
  afterEach(async () => {
    clearSession();
    vi.unstubAllGlobals();
    await setLanguage('es');
  });

  it('follows a running run until it ends, then downloads the merged labels', async () => {
    let answers = 0;
    const calls = stubApi({
      [`GET /orders/bulk-labels/${ID}`]: () => json(200, { data: ++answers < 2 ? RUNNING : DONE }),
      [`GET /orders/bulk-labels/${ID}/labels`]: () =>
        new Response('^XA^XZ', { headers: { 'content-type': 'text/plain' } }),
    });
    const createObjectURL = vi.fn(() => 'blob:guias');
    Object.assign(URL, { createObjectURL, revokeObjectURL: () => {} });
    saveSession(makeSession(), 'SESSION');
    await renderApp(`/app/orders/fulfillment?bulk=${ID}`);

    expect(await screen.findByText('2 de 3 pedidos procesados')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '2 de 3 pedidos procesados' })).toHaveAttribute(
      'aria-valuenow',
      '67',
    );
    const failed = screen.getByRole('link', { name: '#1002' }).closest('tr')!;
    expect(
      within(failed).getByText(
        'Ninguna paquetería cotizó este envío. Revisa los paquetes y el código postal.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Descargar ZPL' })).toBeNull();

    // Asked again while it runs; once done, the labels are offered.
    const zpl = await screen.findByRole('button', { name: 'Descargar ZPL' }, { timeout: 6000 });
    expect(screen.getByText('3 de 3 pedidos procesados')).toBeInTheDocument();
    expect(screen.getByText('Terminada')).toBeInTheDocument();
    fireEvent.click(zpl);
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const download = calls.find((call) => call.key === `GET /orders/bulk-labels/${ID}/labels`);
    expect(download).toBeDefined();
  }, 30_000);

  it('asks for the format in the query of the download', async () => {
    const urls: URL[] = [];
    stubApi({
      [`GET /orders/bulk-labels/${ID}`]: () => json(200, { data: DONE }),
      [`GET /orders/bulk-labels/${ID}/labels`]: (_body, url) => {
        urls.push(url);
        return new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } });
      },
    });
    Object.assign(URL, { createObjectURL: () => 'blob:guias', revokeObjectURL: () => {} });
    saveSession(makeSession(), 'SESSION');
    await renderApp(`/app/orders/fulfillment?bulk=${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Descargar PDF' }));
    await waitFor(() => expect(urls).toHaveLength(1));
    expect(urls[0]!.searchParams.get('format')).toBe('pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Descargar ZPL' }));
    await waitFor(() => expect(urls).toHaveLength(2));
    expect(urls[1]!.searchParams.get('format')).toBe('zpl');

    await setLanguage('en');
    expect(await screen.findByText('3 of 3 orders processed')).toBeInTheDocument();
  }, 20_000);
});
