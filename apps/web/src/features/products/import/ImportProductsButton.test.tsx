import type { ProductImportView } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { stubApi } from '../../../test/api-stub';
import { json } from '../../../test/fixtures';
import { renderInApp } from '../../../test/render';
import { ImportProductsButton } from './ImportProductsButton';

const ID = '7d1c9a55-2f4b-4c1e-9a0d-5b6e7f8a9b0c';
const view = (overrides: Partial<ProductImportView>): ProductImportView => ({
  id: ID,
  status: 'queued',
  file_name: 'productos.csv',
  rows_total: 3,
  products_total: 2,
  products_done: 0,
  errors: [],
  errors_more: 0,
  created_at: '2026-03-02T16:00:00.000Z',
  finished_at: null,
  ...overrides,
});

const csvFile = () =>
  new File(['Identificador,Nombre\r\nplayera,Playera\r\n'], 'productos.csv', { type: 'text/csv' });

async function chooseFile() {
  fireEvent.click(screen.getByRole('button', { name: 'Importar' }));
  const input = await screen.findByLabelText('Archivo CSV de productos');
  fireEvent.change(input, { target: { files: [csvFile()] } });
}

describe('ImportProductsButton', () => {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:plantilla');
  beforeEach(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL: () => {} });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    createObjectURL.mockClear();
  });

  it('lists the rows of an invalid file and says nothing was written', async () => {
    const calls = stubApi({
      'POST /product-imports': () =>
        json(201, {
          data: view({
            status: 'invalid',
            products_total: 1,
            errors: [
              { row: 3, column: 'Precio', message: 'Usa máximo 2 decimales.' },
              { row: 1, column: null, message: 'Columnas desconocidas: Color.' },
            ],
            errors_more: 5,
          }),
        }),
    });
    renderInApp(<ImportProductsButton />);
    await chooseFile();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('El archivo tiene 7 errores; no se importó nada.');
    const rows = within(within(alert).getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'FilaColumnaError',
      '3PrecioUsa máximo 2 decimales.',
      '1—Columnas desconocidas: Color.',
    ]);
    expect(alert).toHaveTextContent('Y 5 errores más.');
    expect(screen.queryByRole('progressbar')).toBeNull();
    const upload = calls.find((call) => call.key === 'POST /product-imports')!;
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('follows a queued import to 100 % and reads the products list again', async () => {
    let asked = 0;
    stubApi({
      'POST /product-imports': () => json(201, { data: view({}) }),
      [`GET /product-imports/${ID}`]: () => {
        asked += 1;
        return json(200, {
          data:
            asked === 1
              ? view({ status: 'running', products_done: 1 })
              : view({ status: 'done', products_done: 2, finished_at: '2026-03-02T16:00:05.000Z' }),
        });
      },
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    renderInApp(<ImportProductsButton />);
    await chooseFile();

    await waitFor(() =>
      expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50'),
    );
    await waitFor(
      () => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100'),
      { timeout: 4000 },
    );
    expect(screen.getByText('2 de 2 productos creados')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Se importaron 2 productos.');
    expect(invalidate).toHaveBeenCalledWith(expect.objectContaining({ queryKey: ['products'] }));
  });

  it('refuses a file over 10 MB before sending it, and offers the template', async () => {
    const calls = stubApi({});
    renderInApp(<ImportProductsButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Importar' }));
    const input = await screen.findByLabelText('Archivo CSV de productos');
    const big = new File(['x'], 'grande.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('El archivo pesa más de 10 MB.');
    expect(calls).toHaveLength(0);
    expect(screen.getByText(/hasta 10 MB y 20,000 filas/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Descargar plantilla' }));
    const template = createObjectURL.mock.calls[0]![0];
    const text = await template.text();
    expect(text.startsWith('Identificador,Nombre,Descripción (HTML),Proveedor')).toBe(true);
    expect(text.endsWith('Sitio web\r\n')).toBe(true);
  });
});
