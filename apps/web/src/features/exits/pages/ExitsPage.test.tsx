import type { ExitView, InventoryRow, StockLocationView } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const CEDIS: StockLocationView = {
  id: '3a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  kind: 'warehouse',
  name: 'CEDIS Tultitlán',
  code: 'CEDIS-MEX',
  location_id: null,
  active: true,
};
const MUG: InventoryRow = {
  variant_id: '6a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  product_id: '5a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  product_name: 'Taza',
  variant_title: '',
  sku: 'TAZ-01',
  location: CEDIS,
  on_hand: 3,
  reserved: 0,
  available: 3,
  incoming: 0,
  not_sellable: 0,
};
const address = {
  street: 'Av. Constitución',
  external_number: '455',
  internal_number: null,
  reference: null,
  neighborhood: 'Centro',
  city: 'Monterrey',
  municipality: 'Monterrey',
  state: 'Nuevo León',
  zip: '64000',
  country: 'MX',
};
const CUSTOMER = {
  id: '8a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  name: 'Laura',
  last_name: 'Garza',
  company: null,
  email: 'laura@boutiquesol.mx',
  phone: '8112345678',
  is_favorite: false,
  created_at: '2026-03-02T16:00:00.000Z',
  default_address: {
    ...address,
    id: '9a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
    alias: 'Tienda',
    company: null,
    contact_name: 'Laura Garza',
    contact_email: null,
    contact_phone: '8112345678',
    is_default: true,
  },
  address_count: 1,
};
const EXIT: ExitView = {
  id: 'aa0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  number: 7,
  status: 'created',
  warehouse: { id: CEDIS.id, name: CEDIS.name, code: CEDIS.code },
  destination: { kind: 'customer', name: 'Laura Garza', address },
  reference: 'PEDIDO-77',
  notes: null,
  lines: [
    {
      variant_id: MUG.variant_id,
      product_name: 'Taza',
      variant_title: null,
      sku: 'TAZ-01',
      barcode: null,
      quantity: 2,
    },
  ],
  guide: null,
  created_at: '2026-03-02T16:00:00.000Z',
  processing_at: null,
  shipped_at: null,
  cancelled_at: null,
};
const field = (container: HTMLElement, label: RegExp) =>
  within(container)
    .getAllByLabelText(label)
    .find((element) => element.tagName === 'INPUT') as HTMLInputElement;
const page = <T,>(data: T[]) =>
  json(200, { data, meta: { page: 1, pageSize: 10, total: data.length } });

describe('products/outs', () => {
  it('creates an exit from the stock at a warehouse, a quantity out of range kept as typed with its error', async () => {
    const calls = stubApi({
      'GET /exits': () => page([]),
      'GET /inventory/locations': () => json(200, { data: [CEDIS] }),
      'GET /customers': () => page([CUSTOMER]),
      'GET /locations': () => page([]),
      'GET /inventory': () => page([MUG]),
      'POST /exits': () => json(201, { data: EXIT }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/products/outs');
    fireEvent.click(await screen.findByRole('button', { name: 'Nueva salida' }));
    const drawer = await screen.findByRole('dialog');

    // Nothing chosen: the form says what is missing and sends nothing.
    fireEvent.click(within(drawer).getByRole('button', { name: 'Crear salida' }));
    expect(await within(drawer).findByText(/Elige el almacén, el destino/)).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'POST /exits')).toBe(false);

    const pick = async (label: RegExp, option: RegExp) => {
      const input = field(drawer, label);
      fireEvent.click(input);
      fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
    };
    await pick(/^Almacén/, /CEDIS Tultitlán/);
    await pick(/^Destino/, /Laura Garza/);
    await waitFor(() => expect(field(drawer, /^Agregar producto/)).toBeEnabled());
    await pick(/^Agregar producto/, /TAZ-01 · Taza — 3 disponibles/);
    await within(drawer).findByText('TAZ-01 · Taza');
    const quantity = field(drawer, /TAZ-01 · Taza/);
    // Out of range stays as typed, with the reason under it, and nothing is sent; 3 is taken.
    fireEvent.change(quantity, { target: { value: '9' } });
    fireEvent.blur(quantity);
    expect(quantity).toHaveValue('9');
    expect(within(drawer).getByText('Solo hay 3 disponibles')).toBeInTheDocument();
    fireEvent.change(quantity, { target: { value: '-4' } });
    fireEvent.blur(quantity);
    expect(quantity).toHaveValue('-4');
    expect(within(drawer).getByText('El valor mínimo es 1.')).toBeInTheDocument();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Crear salida' }));
    expect(calls.some((call) => call.key === 'POST /exits')).toBe(false);
    fireEvent.change(quantity, { target: { value: '3' } });
    await waitFor(() => expect(quantity).toHaveValue('3'));
    expect(within(drawer).queryByText('El valor mínimo es 1.')).toBeNull();

    fireEvent.click(within(drawer).getByRole('button', { name: 'Crear salida' }));
    await waitFor(() => expect(calls.some((call) => call.key === 'POST /exits')).toBe(true));
    expect(calls.find((call) => call.key === 'POST /exits')?.body).toEqual({
      warehouse_id: CEDIS.id,
      destination: {
        kind: 'customer',
        customer_id: CUSTOMER.id,
        address_id: CUSTOMER.default_address.id,
      },
      reference: '',
      lines: [{ variant_id: MUG.variant_id, quantity: 3 }],
    });
    expect(await screen.findByText('Salida 7 creada.')).toBeInTheDocument();
  }, 20_000);

  it('lists exits and sends one to the warehouse, lowering a short line after the refusal', async () => {
    let sent = 0;
    const calls = stubApi({
      'GET /exits': () => page([EXIT]),
      [`POST /exits/${EXIT.id}/process`]: () =>
        ++sent === 1
          ? json(409, {
              error: {
                code: 'EXIT_OUT_OF_STOCK',
                message:
                  'Hay productos sin existencias suficientes en el almacén: quítalos o pon su cantidad en 0.',
                details: {
                  lines: [
                    { variant_id: MUG.variant_id, sku: 'TAZ-01', requested: 2, available: 1 },
                  ],
                },
              },
            })
          : json(200, { data: { ...EXIT, status: 'processing' } }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/products/outs');
    const row = (await screen.findByText('Salida 7')).closest('tr')!;
    expect(within(row).getByText('PEDIDO-77')).toBeInTheDocument();
    expect(within(row).getByText('2 × TAZ-01')).toBeInTheDocument();
    expect(within(row).getByText('Creada')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Enviar al almacén la salida 7' }));

    const modal = await screen.findByRole('dialog');
    // More than the exit asked for is an error on the field, not a silent 2.
    const quantity = field(modal, /TAZ-01 · Taza/);
    fireEvent.change(quantity, { target: { value: '5' } });
    fireEvent.blur(quantity);
    expect(quantity).toHaveValue('5');
    expect(
      within(modal).getByText('No puede ser más de 2, lo que pide la salida.'),
    ).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Enviar al almacén' })).toBeDisabled();
    fireEvent.change(quantity, { target: { value: '2' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Enviar al almacén' }));
    expect(await within(modal).findByText('Solo hay 1 disponibles')).toBeInTheDocument();
    expect(within(modal).getByText(/quítalos o pon su cantidad en 0/)).toBeInTheDocument();
    fireEvent.change(field(modal, /TAZ-01 · Taza/), { target: { value: '1' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Enviar al almacén' }));
    expect(await screen.findByText('La salida 7 se envió al almacén.')).toBeInTheDocument();
    const bodies = calls
      .filter((call) => call.key === `POST /exits/${EXIT.id}/process`)
      .map((call) => call.body);
    expect(bodies).toEqual([
      { quantities: [{ variant_id: MUG.variant_id, quantity: 2 }] },
      { quantities: [{ variant_id: MUG.variant_id, quantity: 1 }] },
    ]);
  }, 15_000);

  it('says how to add a destination when there is none', async () => {
    stubApi({
      'GET /exits': () => page([]),
      'GET /inventory/locations': () => json(200, { data: [CEDIS] }),
      'GET /customers': () => page([]),
      'GET /locations': () => page([]),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/products/outs');
    fireEvent.click(await screen.findByRole('button', { name: 'Nueva salida' }));
    const drawer = await screen.findByRole('dialog', { name: 'Nueva salida' });
    expect(
      await within(drawer).findByText('Aún no tienes clientes con dirección.'),
    ).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Agregar un cliente' })).toHaveAttribute(
      'href',
      '/app/create',
    );
    fireEvent.click(within(drawer).getByText('A una de mis direcciones'));
    expect(within(drawer).getByRole('link', { name: 'Agregar una dirección' })).toHaveAttribute(
      'href',
      '/app/settings/locations',
    );
    // The drawer's close button is named, as every dialog's (the theme's default).
    expect(within(drawer).getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
  }, 15_000);

  it('marks an exit cancelled by its guide’s cancellation', async () => {
    stubApi({
      'GET /exits': () =>
        page([
          {
            ...EXIT,
            status: 'cancelled',
            guide: { shipment_id: MUG.variant_id, tracking_number: 'EST999' },
            cancelled_at: '2026-03-03T12:00:00.000Z',
          },
        ]),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/products/outs');
    const row = (await screen.findByText('Salida 7')).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'EST999' })).toBeInTheDocument();
    expect(
      within(row).getByText('Guía cancelada: sus productos volvieron a tus existencias.'),
    ).toBeInTheDocument();
  });

  it('cancels an exit only once the merchant confirms', async () => {
    const calls = stubApi({
      'GET /exits': () => page([EXIT]),
      [`POST /exits/${EXIT.id}/cancel`]: () =>
        json(200, { data: { ...EXIT, status: 'cancelled' } }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/products/outs');
    const row = (await screen.findByText('Salida 7')).closest('tr')!;
    // Sending to the warehouse is a labelled button, not an icon alone.
    expect(
      within(row).getByRole('button', { name: 'Enviar al almacén la salida 7' }),
    ).toHaveTextContent('Enviar al almacén');
    fireEvent.click(within(row).getByRole('button', { name: 'Cancelar la salida 7' }));
    const modal = await screen.findByRole('dialog', { name: '¿Cancelar la salida 7?' });
    fireEvent.click(within(modal).getByRole('button', { name: 'No, conservarla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.key.endsWith('/cancel'))).toBe(false);

    fireEvent.click(within(row).getByRole('button', { name: 'Cancelar la salida 7' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Sí, cancelar la salida',
      }),
    );
    expect(await screen.findByText('La salida 7 se canceló.')).toBeInTheDocument();
    expect(calls.filter((call) => call.key === `POST /exits/${EXIT.id}/cancel`)).toHaveLength(1);
  }, 15_000);
});
