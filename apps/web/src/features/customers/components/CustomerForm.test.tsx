import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { CUSTOMER_ID, customer } from '../test-data';

const ROMA_NORTE = {
  zip: '06700',
  state: 'Ciudad de México',
  state_code: '09',
  municipality: 'Cuauhtémoc',
  city: 'Ciudad de México',
  neighborhoods: [
    { name: 'Roma Norte', type: 'Colonia', zone: 'Urbano' },
    { name: 'Roma Sur', type: 'Colonia', zone: 'Urbano' },
  ],
};

/** The input labelled `label` inside `container` (Mantine labels carry an asterisk). */
function field(container: HTMLElement, label: RegExp): HTMLInputElement {
  const input = within(container)
    .getAllByLabelText(label)
    .find((element) => element.tagName === 'INPUT');
  if (!input) throw new Error(`No input labelled ${String(label)}`);
  return input as HTMLInputElement;
}
const type = (container: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(field(container, label), { target: { value } });
const addressCard = (number: number) =>
  screen.getByRole('group', { name: new RegExp(`^Dirección ${number}`) });

function fillAddress(card: HTMLElement, alias: string, street: string) {
  type(card, /^Alias/, alias);
  type(card, /^Código postal/, '06700');
  type(card, /^Estado/, 'Ciudad de México');
  type(card, /^Municipio o alcaldía/, 'Cuauhtémoc');
  type(card, /^Ciudad/, 'Ciudad de México');
  type(card, /^Colonia/, 'Roma Norte');
  type(card, /^Calle/, street);
  type(card, /^Número exterior/, '120');
}

describe('customer form (create and clients/:id)', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('validates with the shared schema, keeps one default and shows the server errors per address', async () => {
    let attempts = 0;
    const calls = stubApi({
      'GET /postal-codes/06700': () => json(200, { data: ROMA_NORTE }),
      'POST /customers': () => {
        attempts += 1;
        return attempts === 1
          ? json(400, {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'Revisa los datos marcados.',
                fields: { 'addresses.1.zip': 'Este código postal no existe.' },
              },
            })
          : json(201, { data: customer({ id: CUSTOMER_ID }) });
      },
      [`GET /customers/${CUSTOMER_ID}`]: () => json(200, { data: customer() }),
    });
    saveSession(makeSession(), 'SESSION');
    const router = await renderApp('/app/create');
    expect(screen.getByRole('heading', { level: 1, name: 'Nuevo cliente' })).toBeInTheDocument();
    const form = screen.getByRole('button', { name: 'Guardar cliente' }).closest('form')!;

    // Nothing filled in: the schema's messages, and no call.
    type(form, /^RFC o CURP/, 'XAXX01');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cliente' }));
    expect(
      await screen.findByText(
        'Ingresa un RFC (12 o 13 caracteres) o una CURP (18 caracteres) válidos.',
      ),
    ).toBeInTheDocument();
    expect(
      within(addressCard(1)).getAllByText('Este campo es obligatorio.').length,
    ).toBeGreaterThan(0);
    expect(calls.some((call) => call.key === 'POST /customers')).toBe(false);

    // The customer's contact becomes the new addresses' contact while they are empty.
    type(form, /^Nombre de contacto/, 'Lucía');
    fireEvent.blur(field(form, /^Nombre de contacto/));
    type(form, /^Apellidos/, 'Hernández');
    fireEvent.blur(field(form, /^Apellidos/));
    type(form, /^Correo electrónico/, 'lucia@correo.mx');
    fireEvent.blur(field(form, /^Correo electrónico/));
    type(form, /^Teléfono \(10/, '5598765432');
    fireEvent.blur(field(form, /^Teléfono \(10/));
    type(form, /^RFC o CURP/, '');
    expect(field(addressCard(1), /^Nombre de quien recibe/).value).toBe('Lucía Hernández');
    expect(field(addressCard(1), /^Teléfono de quien recibe/).value).toBe('5598765432');
    fillAddress(addressCard(1), 'Casa', 'Colima');

    fireEvent.click(screen.getByRole('button', { name: 'Agregar dirección' }));
    const second = await waitFor(() => addressCard(2));
    expect(field(second, /^Nombre de quien recibe/).value).toBe('Lucía Hernández');
    expect(field(second, /^Correo de quien recibe/).value).toBe('lucia@correo.mx');
    fillAddress(second, 'Oficina', 'Durango');

    // "Predeterminada" works like a radio: marking the second unmarks the first.
    const firstDefault = within(addressCard(1)).getByRole('radio', { name: 'Predeterminada' });
    const secondDefault = within(second).getByRole('radio', { name: 'Predeterminada' });
    expect((firstDefault as HTMLInputElement).checked).toBe(true);
    fireEvent.click(secondDefault);
    await waitFor(() => expect((secondDefault as HTMLInputElement).checked).toBe(true));
    expect((firstDefault as HTMLInputElement).checked).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Guardar cliente' }));
    expect(await within(second).findByText('Este código postal no existe.')).toBeInTheDocument();
    expect(within(addressCard(1)).queryByText('Este código postal no existe.')).toBeNull();
    expect(screen.getByText('Revisa los datos marcados.')).toBeInTheDocument();
    const sent = calls.find((call) => call.key === 'POST /customers')?.body as {
      name: string;
      tax_id?: string;
      addresses: { alias: string; is_default: boolean; contact_name: string }[];
    };
    expect(sent.name).toBe('Lucía');
    expect(sent.tax_id).toBeUndefined();
    expect(sent.addresses.map((item) => [item.alias, item.is_default])).toEqual([
      ['Casa', false],
      ['Oficina', true],
    ]);
    expect(sent.addresses[1]?.contact_name).toBe('Lucía Hernández');

    fireEvent.click(screen.getByRole('button', { name: 'Guardar cliente' }));
    expect(await screen.findByText('Cliente Lucía creado.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/client/${CUSTOMER_ID}`));
  }, 40_000);

  it('refuses two default addresses with the schema message', async () => {
    // A stored customer that somehow has two defaults (an older client, say): saving says so.
    const twoDefaults = customer({
      addresses: customer().addresses.map((item) => ({ ...item, is_default: true })),
    });
    const calls = stubApi({
      [`GET /customers/${CUSTOMER_ID}`]: () => json(200, { data: twoDefaults }),
      'GET /postal-codes/06700': () => json(200, { data: ROMA_NORTE }),
      'GET /postal-codes/01020': () => json(404, { error: { code: 'POSTAL_CODE_NOT_FOUND' } }),
      [`PUT /customers/${CUSTOMER_ID}`]: () => json(200, { data: customer() }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp(`/app/clients/${CUSTOMER_ID}`);
    const save = await screen.findByRole('button', { name: 'Guardar cambios' });
    expect(field(addressCard(1), /^Alias/).value).toBe('Casa');
    fireEvent.click(save);
    expect(
      await screen.findByText('Marca solo una dirección como predeterminada.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.key.startsWith('PUT'))).toBe(false);

    // Choosing one fixes it and the PUT keeps each address's id.
    fireEvent.click(within(addressCard(2)).getByRole('radio', { name: 'Predeterminada' }));
    await waitFor(() =>
      expect(screen.queryByText('Marca solo una dirección como predeterminada.')).toBeNull(),
    );
    fireEvent.click(save);
    await waitFor(() =>
      expect(
        calls.find((call) => call.key === `PUT /customers/${CUSTOMER_ID}`)?.body,
      ).toMatchObject({
        addresses: [
          { id: twoDefaults.addresses[0]!.id, is_default: false },
          { id: twoDefaults.addresses[1]!.id, is_default: true },
        ],
      }),
    );
    expect(await screen.findByText('Cambios guardados.')).toBeInTheDocument();
  }, 30_000);

  it('says the customer does not exist on a 404', async () => {
    stubApi({});
    saveSession(makeSession(), 'SESSION');
    await renderApp(`/app/clients/${CUSTOMER_ID}`);
    expect(await screen.findByText('No encontramos este cliente')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a clientes' })).toBeInTheDocument();
  }, 30_000);
});
