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
  summary: { created: 1, updated: 1, unchanged: 0, refused: 0 },
  rows: [
    { row: 2, handle: 'playera', name: 'Playera', outcome: 'created' },
    { row: 3, handle: 'taza', name: 'Taza', outcome: 'updated' },
  ],
  rows_more: 0,
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

  it('shows what the file does, and applies its valid products once confirmed', async () => {
    let asked = 0;
    const checked = view({
      status: 'checked',
      rows_total: 4,
      products_total: 3,
      summary: { created: 1, updated: 1, unchanged: 0, refused: 1 },
      rows: [
        { row: 2, handle: 'playera', name: 'Playera', outcome: 'created' },
        { row: 3, handle: 'taza', name: 'Taza', outcome: 'updated' },
        { row: 4, handle: 'vaso', name: 'Vaso', outcome: 'refused' },
      ],
      errors: [{ row: 4, column: 'Precio', message: 'Usa máximo 2 decimales.' }],
    });
    const calls = stubApi({
      'POST /product-imports': () => json(201, { data: checked }),
      [`POST /product-imports/${ID}/apply`]: () =>
        json(200, { data: { ...checked, status: 'queued' } }),
      [`GET /product-imports/${ID}`]: () => {
        if (!calls.some((call) => call.key === `POST /product-imports/${ID}/apply`)) {
          return json(200, { data: checked });
        }
        asked += 1;
        return json(200, {
          data:
            asked === 1
              ? { ...checked, status: 'running', products_done: 2 }
              : {
                  ...checked,
                  status: 'done',
                  products_done: 3,
                  finished_at: '2026-03-02T16:00:05.000Z',
                },
        });
      },
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    renderInApp(<ImportProductsButton />);
    await chooseFile();

    const summary = await screen.findByRole('list', { name: 'Lo que hará la importación' });
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Nuevos: 1', 'Se actualizan: 1', 'Sin cambios: 0', 'Con errores: 1']);
    const rows = within(screen.getByRole('table', { name: 'Productos del archivo' })).getAllByRole(
      'row',
    );
    expect(rows.map((row) => row.textContent)).toEqual([
      'FilaProductoResultado',
      '2PlayeraNuevos',
      '3TazaSe actualizan',
      '4VasoCon errores',
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent(
      '1 error: el producto de esa fila no se importará.',
    );
    expect(calls.some((call) => call.key.endsWith('/apply'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Importar los 2 productos sin errores' }));
    await waitFor(
      () => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100'),
      { timeout: 4000 },
    );
    expect(screen.getByText('3 de 3 productos procesados')).toBeInTheDocument();
    expect(screen.getByText('Listo: 2 productos importados.')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Resultado de la importación' })).toHaveTextContent(
      'Creados: 1',
    );
    expect(invalidate).toHaveBeenCalledWith(expect.objectContaining({ queryKey: ['products'] }));
  }, 20_000);

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
