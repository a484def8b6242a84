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

const HINT = '8 dígitos, por ejemplo 24121503 Cajas para empacar.';

function renderField() {
  return renderCatalogCodeForm({
    schema: packageInputSchema.pick({ sat_code: true }),
    name: 'sat_code',
    label: 'Clave SAT',
    renderField: (field) => <SatProductField label="Clave SAT" hint={HINT} {...field} />,
  });
}
/** Stubs the search over CATALOGUE (loaded or not); answers the texts searched, in order. */
const stubSearch = (loaded = true) =>
  stubCatalogSearch('/sat-products', (search) => ({
    data: answer(search),
    meta: { catalogue_loaded: loaded },
  }));

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
      await screen.findByText(
        'El SAT no tiene esta clave de producto para envíos. Revisa los dígitos o busca tu producto por nombre.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('sat-product-description')).toBeNull();
    // The server has the last word: the form still submits a well-formed code of a real family.
    submit();
    await waitFor(() => expect(submitted()).toBe('24121599'));
  });

  it('offers the common codes before anything is typed, without asking the server', async () => {
    const searched = stubSearch();
    const { field } = renderField();
    fireEvent.focus(field());
    fireEvent.click(field());
    const option = await screen.findByRole('option', { name: '53103000 — Camisetas' });
    expect(
      screen.getByRole('option', { name: '43191501 — Teléfonos móviles' }),
    ).toBeInTheDocument();
    fireEvent.click(option);
    await waitFor(() => expect(field().value).toBe('53103000'));
    expect(screen.getByTestId('sat-product-description').textContent).toBe('Camisetas');
    expect(searched).toEqual([]);
  });

  it('says the common codes stand in while the catalogue is not loaded, in plain words, and takes any code', async () => {
    stubSearch(false);
    const { type, submit, submitted } = renderField();
    type('24112499');
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Claves de producto más usadas');
    expect(note).toHaveTextContent(/Te mostramos las claves más comunes/);
    expect(note.textContent).not.toMatch(/c_ClaveProdServCP|cargado|catálogo/);
    expect(screen.getByText(HINT)).toBeInTheDocument();
    submit();
    await waitFor(() => expect(submitted()).toBe('24112499'));
  });

  it('refuses text that is not a code with the domain message', async () => {
    stubApi({
      'GET /sat-products': () => json(200, { data: [], meta: { catalogue_loaded: true } }),
    });
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
