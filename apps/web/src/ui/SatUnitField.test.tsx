import { shipmentProductSchema } from '@despacho/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n';
import { renderCatalogCodeForm, stubCatalogSearch } from '../test/catalog-code-form';
import { SatUnitField } from './SatUnitField';

const CATALOGUE = [
  { code: 'H87', name: 'Pieza' },
  { code: 'KGM', name: 'Kilogramo' },
  { code: 'KGS', name: 'Kilogramo por segundo' },
  { code: 'Ohm', name: 'Ohm' },
];
/** What the API answers for a search over the four keys above: key prefix or name start. */
const answer = (search: string) =>
  CATALOGUE.filter(
    (unit) =>
      unit.code.toUpperCase().startsWith(search.toUpperCase()) ||
      unit.name.toLowerCase().startsWith(search.toLowerCase()),
  );

const HINT = 'Clave c_ClaveUnidad, por ejemplo H87.';

function renderField() {
  return renderCatalogCodeForm({
    schema: shipmentProductSchema.pick({ sat_unit_code: true }),
    name: 'sat_unit_code',
    label: 'Unidad SAT',
    renderField: (field) => <SatUnitField label="Unidad SAT" hint={HINT} {...field} />,
  });
}
/** Stubs the search over CATALOGUE (loaded or not); answers the texts searched, in order. */
const stubSearch = (loaded = true) =>
  stubCatalogSearch('/sat-units', (search) => ({
    data: answer(search),
    meta: { catalogue_loaded: loaded },
  }));

describe('SatUnitField', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the common units before anything is typed, without asking the server', async () => {
    const searched = stubSearch();
    const { field } = renderField();
    fireEvent.focus(field());
    fireEvent.click(field());
    const option = await screen.findByRole('option', { name: 'XBX — Caja' });
    expect(screen.getByRole('option', { name: 'H87 — Pieza' })).toBeInTheDocument();
    fireEvent.click(option);
    await waitFor(() => expect(field().value).toBe('XBX'));
    expect(screen.getByTestId('sat-unit-name').textContent).toBe('Caja');
    expect(searched).toEqual([]);
  });

  it('searches once typing pauses and keeps the chosen key, showing its name', async () => {
    const searched = stubSearch();
    const { field, type, submit, submitted } = renderField();
    type('k');
    type('ki');
    type('kilo');
    const option = await screen.findByRole('option', { name: 'KGS — Kilogramo por segundo' });
    expect(screen.getByRole('option', { name: 'KGM — Kilogramo' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'H87 — Pieza' })).toBeNull();
    // Debounced: one search, for what was typed last.
    expect(searched).toEqual(['kilo']);
    fireEvent.click(option);
    await waitFor(() => expect(field().value).toBe('KGS'));
    expect(screen.getByTestId('sat-unit-name').textContent).toBe('Kilogramo por segundo');
    submit();
    await waitFor(() => expect(submitted()).toBe('KGS'));
  });

  it('takes a typed key and shows its name, or says the catalogue does not hold it', async () => {
    const searched = stubSearch();
    const { type } = renderField();
    type('H87');
    await waitFor(() => expect(screen.getByTestId('sat-unit-name').textContent).toBe('Pieza'));

    type('ZZ9');
    expect(
      await screen.findByText(
        'El SAT no tiene esta clave de unidad. Revísala o busca la unidad por nombre.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('sat-unit-name')).toBeNull();
    expect(searched).toContain('ZZ9');
    expect(screen.queryByText('Unidades más usadas')).toBeNull();
  });

  it('says the common units stand in while the catalogue is not loaded, and takes any key', async () => {
    stubSearch(false);
    const { type, submit, submitted } = renderField();
    type('ZZ9');
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Unidades más usadas');
    expect(note).toHaveTextContent(/Te mostramos las unidades más comunes/);
    // No operator words reach the merchant.
    expect(note.textContent).not.toMatch(/c_ClaveUnidad|cargado|catálogo/);
    expect(screen.getByText(HINT)).toBeInTheDocument();
    expect(
      screen.queryByText(
        'El SAT no tiene esta clave de unidad. Revísala o busca la unidad por nombre.',
      ),
    ).toBeNull();
    submit();
    await waitFor(() => expect(submitted()).toBe('ZZ9'));
  });

  it('refuses text that is not a key with the domain message', async () => {
    stubSearch();
    const { type, submit, submitted } = renderField();
    type('pieza');
    submit();
    expect(
      await screen.findByText(
        'Ingresa una clave de unidad del SAT: 2 o 3 letras o números, por ejemplo H87 (Pieza).',
      ),
    ).toBeInTheDocument();
    expect(submitted()).toBeUndefined();
  });
});
