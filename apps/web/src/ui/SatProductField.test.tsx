import { packageInputSchema } from '@despacho/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Controller, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { domainResolver } from '../lib/form-resolver';
import '../lib/i18n';
import { stubApi } from '../test/api-stub';
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
let submitted: string | undefined;

function Form() {
  const form = useForm({
    resolver: domainResolver(packageInputSchema.pick({ sat_code: true })),
    defaultValues: { sat_code: '' },
  });
  return (
    <form onSubmit={form.handleSubmit((values) => void (submitted = values.sat_code))}>
      <Controller
        control={form.control}
        name="sat_code"
        render={({ field, fieldState }) => (
          <SatProductField
            label="Clave SAT"
            hint={HINT}
            name={field.name}
            inputRef={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <button type="submit">Guardar</button>
    </form>
  );
}

function renderField() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <Form />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const field = () =>
  screen
    .getAllByLabelText('Clave SAT')
    .find((element) => element.tagName === 'INPUT') as HTMLInputElement;
const type = (value: string) => {
  fireEvent.focus(field());
  fireEvent.change(field(), { target: { value } });
};
/** Stubs the search over CATALOGUE; answers the texts searched, in order. */
function stubSearch() {
  const searched: string[] = [];
  stubApi({
    'GET /sat-products': (_, url) => {
      const search = url.searchParams.get('search') ?? '';
      searched.push(search);
      return json(200, { data: answer(search) });
    },
  });
  return searched;
}

describe('SatProductField', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    submitted = undefined;
  });

  it('searches by description once typing pauses and keeps the chosen code, showing its description', async () => {
    const searched = stubSearch();
    renderField();
    type('c');
    type('ca');
    type('caja');
    const option = await screen.findByRole('option', { name: '24121503 — Cajas para empacar' });
    expect(screen.getByRole('option', { name: '24112404 — Caja' })).toBeTruthy();
    expect(screen.getByRole('option', { name: '31181701 — Empaques' })).toBeTruthy();
    // Debounced: one search, for what was typed last.
    expect(searched).toEqual(['caja']);
    fireEvent.click(option);
    await waitFor(() => expect(field().value).toBe('24121503'));
    expect(screen.getByTestId('sat-product-description').textContent).toBe('Cajas para empacar');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(submitted).toBe('24121503'));
  });

  it('takes a typed code and shows its description, or says it is not in the catalogue', async () => {
    const searched = stubSearch();
    renderField();
    type('31181701');
    await waitFor(() =>
      expect(screen.getByTestId('sat-product-description').textContent).toBe('Empaques'),
    );
    expect(searched).toEqual(['31181701']);

    type('24121599');
    expect(
      await screen.findByText('Esta clave no está en el catálogo Carta Porte del SAT.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('sat-product-description')).toBeNull();
    // The server has the last word: the form still submits a well-formed code of a real family.
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(submitted).toBe('24121599'));
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
    renderField();
    type('24112404');
    expect(await screen.findByText('Catálogo del SAT no cargado')).toBeTruthy();
    expect(screen.getByText(/Solo revisamos que la familia de la clave/)).toBeTruthy();
    expect(screen.getByText(HINT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(submitted).toBe('24112404'));
  });

  it('refuses text that is not a code with the domain message', async () => {
    stubApi({ 'GET /sat-products': () => json(200, { data: [] }) });
    renderField();
    type('caja');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText(
        'Ingresa una clave de producto del catálogo Carta Porte del SAT (8 dígitos).',
      ),
    ).toBeTruthy();
    expect(submitted).toBeUndefined();
  });
});
