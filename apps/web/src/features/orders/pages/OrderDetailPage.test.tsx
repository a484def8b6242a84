import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import {
  CAP_LINE,
  CAP_VARIANT,
  DEL_VALLE,
  FULFILMENT,
  FULFILMENT_ID,
  makeOrder,
  ORDER_ID,
} from '../order-test-data';

beforeEach(() => saveSession(makeSession(), 'SESSION'));
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const PATH = `/app/orders/${ORDER_ID}`;
const ORDER = `/orders/${ORDER_ID}`;

describe('orders/:id', () => {
  it('shows lines, flags, the doubtful address, the guide with its push and the worded history', async () => {
    stubApi({ [`GET ${ORDER}`]: () => json(200, { data: makeOrder() }) });
    await renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido #1001' })).toBeVisible();
    expect(screen.getByText(/Hay productos sin vincular/)).toBeInTheDocument();
    expect(screen.getByText('El estado no corresponde al código postal.')).toBeInTheDocument();
    expect(
      screen.getByText('La tienda no respondió; lo reintentamos en breve.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Rastreo enviado a la tienda (intento 3): la tienda no respondió'),
    ).toBeInTheDocument();
    expect(screen.getByText('Recibido de Tienda Sol')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enviar' })).toHaveAttribute(
      'href',
      `/app/orders/create-fulfillment?order=${ORDER_ID}`,
    );
    expect(screen.getByRole('link', { name: FULFILMENT.tracking_number! })).toHaveAttribute(
      'href',
      `/app/shippings/${FULFILMENT.shipment_id}`,
    );
    // The unmapped line's product starts from its title, SKU and price.
    expect(screen.getByRole('link', { name: 'Crear producto' })).toHaveAttribute(
      'href',
      '/app/products/create?name=Gorra&sku=GOR-9&price=111.00',
    );
  });

  it('cancels at the store too when asked, saying so before', async () => {
    let order = makeOrder();
    const calls = stubApi({
      [`GET ${ORDER}`]: () => json(200, { data: order }),
      [`POST ${ORDER}/cancel`]: () => {
        order = makeOrder({ status: 'cancelled', flags: [] });
        return json(200, { data: order });
      },
    });
    await renderApp(PATH);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar pedido' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Se cancela solo aquí/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByLabelText('Cancelarlo también en Tienda Sol'));
    expect(within(dialog).getByText(/Se cancela aquí y también en Tienda Sol/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar pedido' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === `POST ${ORDER}/cancel`)?.body).toEqual({
        at_store: true,
      }),
    );
    expect(await screen.findByText('Cancelado')).toBeInTheDocument();
  });

  it('offers no store cancel where the platform does not allow it', async () => {
    stubApi({
      [`GET ${ORDER}`]: () => json(200, { data: makeOrder({ can_cancel_at_store: false }) }),
    });
    await renderApp(PATH);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar pedido' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(within(dialog).getByText(/La tienda no permite cancelarlo/)).toBeInTheDocument();
  });

  it('offers no «Enviar» while every line left to send is unmapped', async () => {
    const order = makeOrder();
    order.lines[0] = { ...order.lines[0]!, variant_id: null };
    stubApi({ [`GET ${ORDER}`]: () => json(200, { data: order }) });
    await renderApp(PATH);
    expect(await screen.findAllByRole('link', { name: 'Crear producto' })).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Enviar' })).toBeNull();
  });

  it('links an unmapped line to a catalogue variant', async () => {
    const linked = makeOrder({ flags: ['address_doubtful'] });
    linked.lines[1] = { ...linked.lines[1]!, variant_id: CAP_VARIANT };
    let order = makeOrder();
    const calls = stubApi({
      [`GET ${ORDER}`]: () => json(200, { data: order }),
      'GET /product-variants': () =>
        json(200, {
          data: [
            {
              id: CAP_VARIANT,
              product_id: 'ca0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5c',
              product_name: 'Gorra',
              title: 'Negra',
              sku: 'GOR-9',
              barcode: null,
              price: 11_100,
              sat_product_code: null,
              sat_unit_code: null,
              unit: 'cm_kg',
              weight: null,
              length: null,
              width: null,
              height: null,
              thumbnail_url: null,
            },
          ],
        }),
      [`PUT ${ORDER}/lines/${CAP_LINE}/variant`]: () => {
        order = linked;
        return json(200, { data: order });
      },
    });
    await renderApp(PATH);
    fireEvent.click(await screen.findByRole('button', { name: 'Vincular a variante' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('Variante del catálogo'));
    fireEvent.click(
      await screen.findByRole('option', { name: 'Gorra — Negra · GOR-9', hidden: true }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vincular' }));
    await waitFor(() =>
      expect(
        calls.find((call) => call.key === `PUT ${ORDER}/lines/${CAP_LINE}/variant`)?.body,
      ).toEqual({ variant_id: CAP_VARIANT }),
    );
    await waitFor(() => expect(screen.queryByText('Sin vincular')).toBeNull());
  });

  it('retries the push of a guide to the store', async () => {
    const calls = stubApi({
      [`GET ${ORDER}`]: () => json(200, { data: makeOrder() }),
      [`POST ${ORDER}/fulfillments/${FULFILMENT_ID}/push`]: () =>
        json(202, { data: { ...FULFILMENT, push: { ...FULFILMENT.push, state: 'pending' } } }),
    });
    await renderApp(PATH);
    fireEvent.click(await screen.findByRole('button', { name: 'Reintentar envío a la tienda' }));
    await waitFor(() =>
      expect(
        calls.some((call) => call.key === `POST ${ORDER}/fulfillments/${FULFILMENT_ID}/push`),
      ).toBe(true),
    );
    // The order is read again after the retry.
    await waitFor(() =>
      expect(calls.filter((call) => call.key === `GET ${ORDER}`)).toHaveLength(2),
    );
  });

  it('corrects the address before anything ships', async () => {
    let order = makeOrder();
    const calls = stubApi({
      [`GET ${ORDER}`]: () => json(200, { data: order }),
      'GET /postal-codes/03100': () => json(200, { data: DEL_VALLE }),
      [`PUT ${ORDER}/address`]: () => {
        order = makeOrder({ address_issues: [], flags: ['unmapped_lines'] });
        return json(200, { data: order });
      },
    });
    await renderApp(PATH);
    fireEvent.click(await screen.findByRole('button', { name: 'Editar dirección' }));
    const dialog = await screen.findByRole('dialog');
    const state = within(dialog).getByRole('textbox', { name: /^Estado/ });
    fireEvent.change(state, { target: { value: 'Ciudad de México' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar dirección' }));
    await waitFor(() => {
      const body = calls.find((call) => call.key === `PUT ${ORDER}/address`)?.body as {
        shipping_address: Record<string, unknown>;
      };
      expect(body.shipping_address).toMatchObject({
        contact_name: 'Laura Garza',
        state: 'Ciudad de México',
        zip: '03100',
      });
    });
    await waitFor(() =>
      expect(screen.queryByText('El estado no corresponde al código postal.')).toBeNull(),
    );
  });
});
