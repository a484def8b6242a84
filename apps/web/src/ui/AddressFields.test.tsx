import { addressFieldsSchema, type AddressFields as AddressValues } from '@despacho/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { domainResolver } from '../lib/form-resolver';
import '../lib/i18n';
import { stubApi } from '../test/api-stub';
import { json } from '../test/fixtures';
import { AddressFields } from './AddressFields';

const DEL_VALLE = {
  zip: '03100',
  state: 'Ciudad de México',
  state_code: '09',
  municipality: 'Benito Juárez',
  city: 'Ciudad de México',
  neighborhoods: [
    { name: 'Del Valle Centro', type: 'Colonia', zone: 'Urbano' },
    { name: 'Del Valle Norte', type: 'Colonia', zone: 'Urbano' },
    { name: 'Insurgentes San Borja', type: 'Fraccionamiento', zone: 'Urbano' },
  ],
};

let values: Partial<AddressValues> = {};

function Form() {
  const form = useForm({
    resolver: domainResolver(addressFieldsSchema),
    defaultValues: {
      street: '',
      external_number: '',
      neighborhood: '',
      city: '',
      municipality: '',
      state: '',
      zip: '',
    },
  });
  return (
    <FormProvider {...form}>
      <form
        onSubmit={form.handleSubmit((submitted) => {
          values = submitted;
        })}
      >
        <AddressFields />
        <button type="submit">Guardar</button>
      </form>
    </FormProvider>
  );
}

function renderFields() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <Form />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const input = (label: string) =>
  screen
    .getAllByLabelText(label, { exact: false })
    .find((element) => element.tagName === 'INPUT') as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(input(label), { target: { value } });

describe('AddressFields', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    values = {};
  });

  it('marks the required fields and counts the limited ones before anything is submitted', () => {
    stubApi({});
    renderFields();
    const marked = (label: string) => input(label).labels![0]!.textContent!.includes('*');
    for (const label of ['Código postal', 'Estado', 'Municipio o alcaldía', 'Ciudad', 'Colonia']) {
      expect(marked(label), label).toBe(true);
    }
    expect(marked('Calle')).toBe(true);
    expect(marked('Número interior')).toBe(false);
    expect(marked('Referencia')).toBe(false);

    // The limits are the schema's (spec §5: street 35, reference 15), counted as typed.
    expect(input('Calle')).toHaveAccessibleDescription('0 de 35 caracteres');
    type('Calle', 'Av. Insurgentes');
    expect(input('Calle')).toHaveAccessibleDescription('15 de 35 caracteres');
    type('Referencia', 'Portón verde al fondo');
    expect(input('Referencia')).toHaveAccessibleDescription('21 de 15 caracteres');
    expect(input('Colonia')).toHaveAccessibleDescription('0 de 25 caracteres');
  });

  it('fills state, municipality and city from the zip and offers its colonias', async () => {
    const calls = stubApi({ 'GET /postal-codes/03100': () => json(200, { data: DEL_VALLE }) });
    renderFields();
    type('Código postal', '0310');
    expect(calls).toHaveLength(0);
    type('Código postal', '03100');
    await waitFor(() => expect(input('Estado').value).toBe('Ciudad de México'));
    expect(input('Municipio o alcaldía').value).toBe('Benito Juárez');
    expect(input('Ciudad').value).toBe('Ciudad de México');
    expect(await screen.findByText(/3 colonias para este código postal/)).toBeInTheDocument();

    fireEvent.focus(input('Colonia'));
    type('Colonia', 'Del Valle');
    expect(await screen.findByRole('option', { name: /Del Valle Norte/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /San Borja/ })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: /Del Valle Norte/ }));
    await waitFor(() => expect(input('Colonia').value).toBe('Del Valle Norte'));
    expect(screen.queryByText('No pudimos completar la dirección automáticamente')).toBeNull();
  });

  it('keeps a colonia that is not listed', async () => {
    stubApi({ 'GET /postal-codes/03100': () => json(200, { data: DEL_VALLE }) });
    renderFields();
    type('Código postal', '03100');
    await waitFor(() => expect(input('Estado').value).toBe('Ciudad de México'));
    type('Colonia', 'Privada Los Pinos');
    type('Calle', 'Av. Coyoacán');
    type('Número exterior', '15');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(values).toMatchObject({ neighborhood: 'Privada Los Pinos', zip: '03100' }),
    );
  });

  it('asks for the address by hand, in merchant words, when the catalogue is not loaded', async () => {
    stubApi({
      'GET /postal-codes/03100': () =>
        json(404, {
          error: {
            code: 'POSTAL_CODES_NOT_LOADED',
            message:
              'El catálogo de códigos postales no está cargado; captura la dirección a mano.',
          },
        }),
    });
    renderFields();
    type('Código postal', '03100');
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('No pudimos completar la dirección automáticamente');
    expect(note).toHaveTextContent('Escribe el estado, municipio, ciudad y colonia');
    // No operator words ("catálogo", "cargado") nor a "check it" for a zip that may be right.
    expect(note.textContent).not.toMatch(/catálogo|cargado|revísalo/i);
    type('Estado', 'Ciudad de México');
    expect(input('Estado').value).toBe('Ciudad de México');
    expect(input('Estado').disabled).toBe(false);
  });

  it('says so for a zip the catalogue does not know, and the rest stays editable', async () => {
    stubApi({
      'GET /postal-codes/99999': () =>
        json(404, { error: { code: 'POSTAL_CODE_NOT_FOUND', message: 'No encontrado.' } }),
    });
    renderFields();
    type('Código postal', '99999');
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('No pudimos completar la dirección automáticamente');
    expect(note.textContent).not.toMatch(/catálogo|revísalo/i);
    type('Colonia', 'Centro');
    expect(input('Colonia').value).toBe('Centro');
  });
});
