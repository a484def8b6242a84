import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import {
  CUSTOMER,
  DEL_VALLE,
  LOCATION_ID,
  makeOrder,
  MUG_PICK,
  ORDER_ID,
  page,
  WAREHOUSE,
} from '../order-test-data';

beforeEach(() => saveSession(makeSession(), 'SESSION'));
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const input = (label: RegExp) =>
  screen
    .getAllByLabelText(label)
    .find((element) => element.tagName === 'INPUT') as HTMLInputElement;
const pick = async (label: RegExp, option: RegExp) => {
  fireEvent.click(await waitFor(() => input(label)));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
};

describe('orders/create', () => {
  it('builds the order in steps and creates it once with an Idempotency-Key; too many units is the field’s error', async () => {
    const calls = stubApi({
      'GET /customers': () => page([CUSTOMER]),
      'GET /postal-codes/03100': () => json(200, { data: DEL_VALLE }),
      'GET /locations': () => page([WAREHOUSE]),
      'GET /product-variants': () => json(200, { data: [MUG_PICK], keeps_stock: true }),
      'POST /orders': () => json(201, { data: makeOrder({ number: 'M-000001', store: null }) }),
      [`GET /orders/${ORDER_ID}`]: () => json(200, { data: makeOrder({ number: 'M-000001' }) }),
    });
    const router = await renderApp('/app/orders/create');

    // Customer: one of the address book fills the contact and address.
    fireEvent.click(screen.getByText('De mi libreta'));
    await pick(/^Cliente$/, /Laura Garza/);
    await waitFor(() => expect(input(/^Nombre de quien recibe/).value).toBe('Laura Garza'));
    expect(input(/^Código postal/).value).toBe('03100');
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));

    // Products: nothing chosen says so; too many units stays as typed with its reason.
    await pick(/^Ubicación de inventario/, /Bodega Centro/);
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText(/al menos/i)).toBeInTheDocument();
    await waitFor(() => expect(input(/^Agregar producto/)).toBeEnabled());
    await pick(/^Agregar producto/, /Taza · TAZ-01 \(3 disponibles\)/);
    const quantity = await waitFor(() => input(/^Cantidad/));
    fireEvent.change(quantity, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(
      await screen.findByText('Solo hay 3 disponibles en esta ubicación.'),
    ).toBeInTheDocument();
    expect(input(/^Cantidad/).value).toBe('5');
    fireEvent.change(input(/^Cantidad/), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));

    // Shipping and payment, then the review.
    fireEvent.change(await waitFor(() => input(/^Costo de envío al cliente/)), {
      target: { value: '99' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('2 × Taza · TAZ-01')).toBeInTheDocument();
    expect(screen.getByText('$357.00')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Crear pedido' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/orders/${ORDER_ID}`));
    const created = calls.filter((call) => call.key === 'POST /orders');
    expect(created).toHaveLength(1);
    expect(created[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(created[0]!.body).toMatchObject({
      customer_id: CUSTOMER.id,
      location_id: LOCATION_ID,
      lines: [{ variant_id: MUG_PICK.id, quantity: 2, unit_price: 12_900 }],
      shipping_price: 9_900,
      payment_state: 'paid',
      shipping_address: { contact_name: 'Laura Garza', zip: '03100', phone: '5512345678' },
    });
    expect((created[0]!.body as { lines: object[] }).lines[0]).not.toHaveProperty('label');
  }, 20_000);
});
