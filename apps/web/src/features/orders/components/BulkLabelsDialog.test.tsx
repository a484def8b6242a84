import type { BulkCsvView } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { stubApi } from '../../../test/api-stub';
import { json } from '../../../test/fixtures';
import { renderInApp } from '../../../test/render';
import { BULK_RUN } from '../order-test-data';
import { BulkLabelsDialog } from './BulkLabelsDialog';

const FOUND = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const ORIGIN = {
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  alias: 'Bodega',
  zip: '06600',
  is_default: true,
};
const PACKAGE = { id: '2a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Caja', is_default: true };
const RESOLVED: BulkCsvView = {
  rows: [
    { row: 2, number: '#1001', order_id: FOUND, error: null },
    { row: 3, number: '#1002', order_id: null, error: 'ORDER_CANCELLED' },
    { row: 4, number: '#9999', order_id: null, error: 'BULK_CSV_ORDER_UNKNOWN' },
  ],
  order_ids: [FOUND],
};
const page = (data: unknown[]) =>
  json(200, { data, meta: { page: 1, pageSize: 100, total: data.length } });

function openOnCsv(answers: Parameters<typeof stubApi>[0]) {
  const calls = stubApi(answers);
  queryClient.clear();
  renderInApp(<BulkLabelsDialog orderIds={null} fromCsv onClose={() => {}} />);
  return calls;
}
const choose = async (file: File) =>
  fireEvent.change(await screen.findByLabelText('Archivo CSV de pedidos'), {
    target: { files: [file] },
  });
const csv = (text: string) => new File([text], 'pedidos.csv', { type: 'text/csv' });

describe('BulkLabelsDialog from a CSV', () => {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:plantilla');
  beforeEach(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL: () => {} });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    createObjectURL.mockClear();
  });

  it('shows every row left out with its reason, then runs the rule on the orders found', async () => {
    const calls = openOnCsv({
      'POST /orders/bulk-labels/csv': () => json(200, { data: RESOLVED }),
      'GET /locations': () => page([ORIGIN]),
      'GET /packages': () => page([PACKAGE]),
      'GET /wallet/balance': () =>
        json(200, { data: { available_centavos: 50_000, on_hold_centavos: 0 } }),
      'POST /orders/bulk-labels': () => json(202, { data: BULK_RUN }),
    });
    await screen.findByRole('dialog', { name: 'Generar guías desde un CSV' });
    await choose(csv('pedido\r\n#1001\r\n#1002\r\n#9999\r\n'));

    const left = await screen.findByRole('table', { name: 'Filas que quedan fuera' });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Encontramos 1 pedido para generar su guía. 2 filas quedan fuera:',
    );
    const rows = within(left).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '3#1002El pedido está cancelado.',
      '4#9999No hay un pedido con ese número en tu organización.',
    ]);
    const upload = calls.find((call) => call.key === 'POST /orders/bulk-labels/csv')!;
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);

    fireEvent.click(screen.getByRole('button', { name: 'Continuar con 1 pedido' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generar la guía de 1 pedido' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Generar 1 guía' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === 'POST /orders/bulk-labels')?.body).toEqual({
        order_ids: [FOUND],
        rule: 'cheapest',
        preferred: null,
        origin_id: ORIGIN.id,
        package_id: PACKAGE.id,
      }),
    );
  });

  it('shows a file refused whole and offers the template', async () => {
    openOnCsv({
      'POST /orders/bulk-labels/csv': () =>
        json(400, {
          error: {
            code: 'BULK_CSV_HEADER',
            message: 'La primera fila debe ser el encabezado «pedido».',
          },
        }),
    });
    await choose(csv('sku\r\n#1001\r\n'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'La primera fila debe ser el encabezado «pedido».',
    );
    expect(screen.queryByRole('button', { name: /Continuar/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Descargar plantilla' }));
    const template = createObjectURL.mock.calls[0]![0];
    // UTF-8 with a byte-order mark, so a spreadsheet reads it right (text() drops the mark).
    expect([...new Uint8Array(await template.arrayBuffer()).slice(0, 3)]).toEqual([
      0xef, 0xbb, 0xbf,
    ]);
    expect(await template.text()).toBe('pedido,tienda\r\n#1001,\r\n#1002,Shopify\r\n');
  });

  it('offers a preferred carrier only its domestic services: orders ship within Mexico', async () => {
    openOnCsv({
      'POST /orders/bulk-labels/csv': () => json(200, { data: RESOLVED }),
      'GET /locations': () => page([ORIGIN]),
      'GET /packages': () => page([PACKAGE]),
      'GET /wallet/balance': () =>
        json(200, { data: { available_centavos: 50_000, on_hold_centavos: 0 } }),
    });
    await choose(csv('pedido\r\n#1001\r\n'));
    fireEvent.click(await screen.findByRole('button', { name: 'Continuar con 1 pedido' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generar la guía de 1 pedido' });
    fireEvent.click(await within(dialog).findByLabelText('Una paquetería preferida'));
    fireEvent.change(within(dialog).getByLabelText('Paquetería'), { target: { value: 'fedex' } });
    const services = within(dialog).getByLabelText('Servicio');
    const offered = within(services)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(offered).toContain('Standard Overnight');
    expect(offered.some((name) => name?.startsWith('International'))).toBe(false);
  });
});
