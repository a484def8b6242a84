import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession, makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { item, MUG_ID, page, quote, REQUEST_ID, SHIRT_ID, summary } from '../test-data';

const listItem = (id: string, name: string) => ({
  id,
  name,
  status: 'ACTIVE',
  tariff_status: 'UNCLASSIFIED',
  vendor: null,
  tags: [],
  variants_count: 1,
  price_min: 25_000,
  price_max: 25_000,
  sku: null,
  stock: null,
  thumbnail_url: null,
  updated_at: '2026-03-01T12:00:00.000Z',
});

/** The catalogue (a shirt with nothing filled, a mug with its trade fields) and a balance. */
function stubCatalogue(available: number, extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /products': (_body, url) =>
      page(
        [listItem(SHIRT_ID, 'Camiseta Jade'), listItem(MUG_ID, 'Taza Jade')].filter((product) =>
          product.name.includes(url.searchParams.get('search') ?? ''),
        ),
      ),
    'POST /tariff-classifications/quote': (body) => {
      const ids = (body as { product_ids: string[] }).product_ids;
      return json(200, {
        data: quote(
          ids.map((id) =>
            id === MUG_ID ? { id, name: 'Taza Jade', filled: true } : { id, name: 'Camiseta Jade' },
          ),
          available,
        ),
      });
    },
    'GET /wallet/balance': () =>
      json(200, { data: { available_centavos: available, on_hold_centavos: 0, currency: 'MXN' } }),
    ...extra,
  });
}

/** Types the product's name in the picker and takes it. */
async function pick(name: string) {
  const input = screen.getByRole('combobox', { name: 'Agregar productos' });
  fireEvent.click(input);
  fireEvent.change(input, { target: { value: name } });
  // jsdom never ends the dropdown's opening transition: the option is clicked where it is.
  const option = () =>
    [...document.querySelectorAll('[role=option]')].find((node) => node.textContent === name);
  await waitFor(() => expect(option()).toBeDefined());
  fireEvent.click(option()!);
  await screen.findByRole('region', { name });
}

describe('tariff-classification/create', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('points out what each picked product still needs before paying', async () => {
    stubCatalogue(100_000);
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/tariff-classification/create');
    await pick('Camiseta Jade');
    const missing = await screen.findByTestId('missing-inputs');
    expect(missing).toHaveTextContent('Falta información de 1 producto antes de pagar');
    expect(missing).toHaveTextContent(
      'Camiseta Jade: Descripción del producto, Composición (materiales), Función y uso, País de origen',
    );

    // The mug's trade fields fill its inputs: it needs nothing.
    await pick('Taza Jade');
    const mug = screen.getByRole('region', { name: 'Taza Jade' });
    await waitFor(() =>
      expect(within(mug).getByRole('textbox', { name: /Composición/ })).toHaveValue('Cerámica'),
    );
    expect(missing).not.toHaveTextContent('Taza Jade');
    expect(within(mug).getByText('Sin ficha técnica')).toBeInTheDocument();

    const shirt = screen.getByRole('region', { name: 'Camiseta Jade' });
    fireEvent.change(within(shirt).getByRole('textbox', { name: /Descripción del producto/ }), {
      target: { value: 'Camiseta de algodón' },
    });
    await waitFor(() =>
      expect(missing).toHaveTextContent(
        'Camiseta Jade: Composición (materiales), Función y uso, País de origen',
      ),
    );
    expect(screen.getByTestId('classification-total')).toHaveTextContent('$240.00');
  }, 30_000);

  it('lets a user with only the classification permission pick products', async () => {
    stubCatalogue(100_000);
    const user = makeUser({
      role: 'member',
      permissions: ['international_trade.tariff_classification'],
    });
    saveSession(makeSession({ user }), 'SESSION');
    await renderApp('/app/tariff-classification/create');
    await pick('Taza Jade');
    expect(screen.getByRole('region', { name: 'Taza Jade' })).toBeInTheDocument();
  });

  it('blocks paying when the balance is short, with the spec text and a way to deposit', async () => {
    stubCatalogue(5_000);
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/tariff-classification/create');
    await pick('Taza Jade');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Saldo insuficiente para realizar el pago');
    expect(alert).toHaveTextContent('Te faltan $70.00 para cubrir el total.');
    expect(within(alert).getByRole('link', { name: 'Depositar saldo' })).toHaveAttribute(
      'href',
      '/app/finance/deposits?redirect=%2Fapp%2Ftariff-classification%2Fcreate',
    );
    expect(screen.getByTestId('classification-balance')).toHaveTextContent('$50.00');
    expect(screen.getByRole('button', { name: 'Pagar y solicitar' })).toBeDisabled();
  }, 30_000);

  it('pays for the picked products and opens the request', async () => {
    const calls = stubCatalogue(50_000, {
      'POST /tariff-classifications': () =>
        json(201, {
          data: {
            ...summary([]),
            items: [
              item({ product: { id: MUG_ID, name: 'Taza Jade', sku: null, thumbnail_url: null } }),
            ],
          },
        }),
      [`GET /tariff-classifications/${REQUEST_ID}`]: () =>
        json(200, { data: { ...summary([]), items: [item()] } }),
    });
    saveSession(makeSession(), 'SESSION');
    const router = await renderApp('/app/tariff-classification/create');
    await pick('Taza Jade');
    const pay = screen.getByRole('button', { name: 'Pagar y solicitar' });
    await waitFor(() => expect(pay).toBeEnabled());
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Función y uso/ })).toHaveValue('Beber café'),
    );
    fireEvent.click(pay);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/app/tariff-classification/create/${REQUEST_ID}`,
      ),
    );
    expect(calls.find((call) => call.key === 'POST /tariff-classifications')?.body).toEqual({
      items: [
        {
          product_id: MUG_ID,
          description: 'Taza de cerámica',
          materials: 'Cerámica',
          use: 'Beber café',
          origin_country: 'CHN',
        },
      ],
    });
  }, 30_000);
});
