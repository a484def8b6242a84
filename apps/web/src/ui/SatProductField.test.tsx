import { packageInputSchema } from '@despacho/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n';
import { stubApi } from '../test/api-stub';
import { renderCatalogCodeForm, stubCatalogSearch } from '../test/catalog-code-form';
import { json } from '../test/fixtures';
import { SatProductField } from './SatProductField';

const CATALOGUE = [
  { code: '24112404', description: 'Caja', similar_words: '' },
  { code: '24121503', description: 'Cajas para empacar', similar_words: '' },
  { code: '31181701', description: 'Empaques', similar_words: 'Embalaje, Paquetería, cajas' },
];
/** What the API answers for a search, over the three codes above. */
const answer = (search: string) =>
  /^\d+$/.test(search)
    ? CATALOGUE.filter((product) => product.code.startsWith(search))
    : CATALOGUE.filter((product) =>
        `${product.description} ${product.similar_words}`.toLowerCase().includes(search),
      );

const HINT = '8 dígitos del catálogo c_ClaveProdServCP.';

function renderField() {
  return renderCatalogCodeForm({
    schema: packageInputSchema.pick({ sat_code: true }),
    name: 'sat_code',
    label: 'Clave SAT',
    renderField: (field) => <SatProductField label="Clave SAT" hint={HINT} {...field} />,
  });
}
/** Stubs the search over CATALOGUE; answers the texts searched, in order. */
const stubSearch = () => stubCatalogSearch('/sat-products', (search) => ({ data: answer(search) }));

describe('SatProductField', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('searches by description once typing pauses and keeps the chosen code, showing its description', async () => {
    const searched = stubSearch();
    const { field, type, submit, submitted } = renderField();
    type('c');
    type('ca');
    type('caja');
    const option = await screen.findByRole('option', { name: '24121503 — Cajas para empacar' });
    expect(screen.getByRole('option', { name: '24112404 — Caja' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: '31181701 — Empaques' })).toBeInTheDocument();
    // Debounced: one search, for what was typed last.
    expect(searched).toEqual(['caja']);
    fireEvent.click(option);
    await waitFor(() => expect(field().value).toBe('24121503'));
    expect(screen.getByTestId('sat-product-description').textContent).toBe('Cajas para empacar');
    submit();
    await waitFor(() => expect(submitted()).toBe('24121503'));
  });

  it('takes a typed code and shows its description, or says it is not in the catalogue', async () => {
    const searched = stubSearch();
    const { type, submit, submitted } = renderField();
    type('31181701');
    await waitFor(() =>
      expect(screen.getByTestId('sat-product-description').textContent).toBe('Empaques'),
    );
    expect(searched).toEqual(['31181701']);

    type('24121599');
    expect(
      await screen.findByText('Esta clave no está en el catálogo Carta Porte del SAT.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('sat-product-description')).toBeNull();
    // The server has the last word: the form still submits a well-formed code of a real family.
    submit();
    await waitFor(() => expect(submitted()).toBe('24121599'));
  });

  it('says only the family is checked when the catalogue is not loaded, and still takes a code', async () => {
    stubApi({
      'GET /sat-products': () =>
        json(404, {
          error: {
            code: 'SAT_PRODUCTS_NOT_LOADED',
            message: 'El catálogo de claves de producto del SAT no está cargado.',
          },
        }),
    });
    const { type, submit, submitted } = renderField();
    type('24112404');
    expect(await screen.findByText('Catálogo del SAT no cargado')).toBeInTheDocument();
    expect(screen.getByText(/Solo revisamos que la familia de la clave/)).toBeInTheDocument();
    expect(screen.getByText(HINT)).toBeInTheDocument();
    submit();
    await waitFor(() => expect(submitted()).toBe('24112404'));
  });

  it('refuses text that is not a code with the domain message', async () => {
    stubApi({ 'GET /sat-products': () => json(200, { data: [] }) });
    const { type, submit, submitted } = renderField();
    type('caja');
    submit();
    expect(
      await screen.findByText(
        'Ingresa una clave de producto del catálogo Carta Porte del SAT (8 dígitos).',
      ),
    ).toBeInTheDocument();
    expect(submitted()).toBeUndefined();
  });
});
