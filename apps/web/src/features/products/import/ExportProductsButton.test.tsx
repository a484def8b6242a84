import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { renderInApp } from '../../../test/render';
import { ExportProductsButton } from './ExportProductsButton';

describe('ExportProductsButton', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('downloads the export with the list’s filters', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:productos');
    Object.assign(URL, { createObjectURL, revokeObjectURL: () => {} });
    let asked: URL | undefined;
    stubApi({
      'GET /products/export': (_body, url) => {
        asked = url;
        return new Response('\uFEFFIdentificador,Nombre\r\n', {
          headers: { 'content-type': 'text/csv; charset=utf-8' },
        });
      },
    });
    renderInApp(<ExportProductsButton filters={{ status: 'ACTIVE', search: 'playera' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Exportar' }));

    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(asked?.searchParams.get('status')).toBe('ACTIVE');
    expect(asked?.searchParams.get('search')).toBe('playera');
    expect(await createObjectURL.mock.calls[0]![0].text()).toContain('Identificador,Nombre');
  });
});
