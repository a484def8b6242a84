import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import {
  FULFILMENT,
  LOCATION_ID,
  makeOrder,
  MUG_LINE,
  ORDER_ID,
  page,
  QUOTE,
  QUOTE_ID,
  RATE,
  WAREHOUSE,
} from '../order-test-data';

beforeEach(() => saveSession(makeSession(), 'SESSION'));
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const ORDER = `/orders/${ORDER_ID}`;
const input = (label: RegExp) =>
  screen
    .getAllByLabelText(label)
    .find((element) => element.tagName === 'INPUT') as HTMLInputElement;

describe('orders/create-fulfillment → orders/quote-shipping', () => {
  it('quotes a partial fulfilment and buys its guide once with an Idempotency-Key', async () => {
    const calls = stubApi({
      [`GET ${ORDER}`]: () => json(200, { data: makeOrder() }),
      'GET /locations': () => page([WAREHOUSE]),
      'GET /packages': () => page([]),
      [`POST ${ORDER}/quote`]: () => json(201, { data: QUOTE }),
      [`POST ${ORDER}/fulfillments`]: () => json(201, { data: FULFILMENT }),
    });
    const router = await renderApp(`/app/orders/create-fulfillment?order=${ORDER_ID}`);

    // Only linked lines with units left are offered, each with what remains.
    const units = await waitFor(() => input(/^Unidades de Taza a enviar/));
    expect(units.value).toBe('2');
    expect(screen.queryByLabelText(/Unidades de Gorra/)).toBeNull();
    // More than remains is the field's error, kept as typed; one unit is a partial fulfilment.
    fireEvent.change(units, { target: { value: '3' } });
    expect(await screen.findByText('Solo quedan 2 por surtir.')).toBeInTheDocument();
    expect(units.value).toBe('3');
    fireEvent.change(units, { target: { value: '1' } });
    fireEvent.change(input(/^Largo/), { target: { value: '20' } });
    fireEvent.change(input(/^Ancho/), { target: { value: '15' } });
    fireEvent.change(input(/^Alto/), { target: { value: '10' } });
    fireEvent.change(input(/^Peso/), { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cotizar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/orders/quote-shipping'));
    const rates = await screen.findByRole('list', { name: /tarifas/i });
    fireEvent.click(within(rates).getByRole('button', { name: /Elegir/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Comprar guía' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/orders/${ORDER_ID}`));
    const request = {
      origin_id: LOCATION_ID,
      lines: [{ line_id: MUG_LINE, quantity: 1 }],
      parcels: [
        { unit: 'cm_kg', length: 20, width: 15, height: 10, weight: 1.5, package_id: null },
      ],
    };
    expect(calls.find((call) => call.key === `POST ${ORDER}/quote`)?.body).toEqual(request);
    const bought = calls.filter((call) => call.key === `POST ${ORDER}/fulfillments`);
    expect(bought).toHaveLength(1);
    expect(bought[0]!.body).toEqual({ ...request, quote_id: QUOTE_ID, rate_id: RATE.id });
    expect(bought[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/);
  }, 20_000);
});
