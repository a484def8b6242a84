import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import {
  LOCATION,
  page,
  PRODUCT_DETAIL,
  PRODUCT_ID,
  PRODUCT_ITEM,
  QUOTE,
  QUOTE_ID,
  RESTRICTED,
  SHIPMENT_ID,
} from '../test-data';

/** The API the wizard reads: a location, a product, a balance and the quote's answer. */
function stubWizard(available: number, answers: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /locations': () => page([LOCATION]),
    'GET /packages': () => page([]),
    'GET /products': () => page([PRODUCT_ITEM]),
    [`GET /products/${PRODUCT_ID}`]: () => json(200, { data: PRODUCT_DETAIL }),
    'GET /wallet/balance': () =>
      json(200, { data: { available_centavos: available, on_hold_centavos: 0, currency: 'MXN' } }),
    'POST /international-shipments/quotes': () => json(201, { data: QUOTE }),
    ...answers,
  });
}

/** The input labelled `label` (a combobox's list carries its label too; asterisks follow). */
function field(label: string, within: HTMLElement = document.body): HTMLInputElement {
  const input = [...within.querySelectorAll<HTMLInputElement>('input, textarea')].find((element) =>
    element.labels?.[0]?.textContent?.startsWith(label),
  );
  if (!input) throw new Error(`No input labelled ${label}`);
  return input as HTMLInputElement;
}
const type = (label: string, value: string, scope?: HTMLElement) =>
  fireEvent.change(field(label, scope), { target: { value } });
const next = (name = 'Siguiente') => fireEvent.click(screen.getByRole('button', { name }));
const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });

/** Picks `option` in the Mantine select or autocomplete labelled `label`. */
async function choose(label: string, search: string, option: string) {
  const input = field(label);
  fireEvent.click(input);
  fireEvent.change(input, { target: { value: search } });
  // jsdom never ends the dropdown's opening transition: the option is clicked where it is.
  const found = () =>
    [...document.querySelectorAll('[role=option]')].find((node) => node.textContent === option);
  await waitFor(() => expect(found()).toBeDefined());
  fireEvent.click(found()!);
}

/** Direction (export), route to the US, one parcel, the product's line and the customs step. */
async function toCustoms() {
  saveSession(makeSession(), 'SESSION');
  await renderApp('/app/crear-envio/T1');
  await stepHeading('¿Hacia dónde va la mercancía?');
  next();
  await stepHeading('Origen en México');
  // The default location is the Mexican side as soon as the list arrives.
  await waitFor(() => expect(screen.getByText(/Colima 120, Roma Norte/)).toBeInTheDocument());
  await choose('País', 'Estados Unidos', 'Estados Unidos');
  type('Código postal', '78701');
  type('Ciudad', 'Austin');
  type('Estado o provincia', 'TX');
  type('Calle y número', '100 Congress Ave');
  type('Nombre de contacto', 'Jane Doe');
  type('Correo', 'jane@example.com');
  type('Teléfono', '+1 512 555 0100');
  next();
  await stepHeading('Paquetes');
  type('Largo (cm)', '30');
  type('Ancho (cm)', '20');
  type('Alto (cm)', '10');
  type('Peso (kg)', '1.5');
  next();
  await stepHeading('Factura comercial');
  await choose('Agregar producto del catálogo', 'Rebozo', 'Rebozo de seda · REB-01');
  const line = await screen.findByRole('region', { name: 'Rebozo de seda' });
  // The product's tariff code fills the line, as TIGIE prints it.
  await waitFor(() =>
    expect(field('Fracción arancelaria + NICO', line)).toHaveValue('5007.20.01.00'),
  );
  type('Descripción en inglés', 'Silk shawl', line);
  type('Cantidad', '2', line);
  type('Valor unitario (USD)', '60', line);
  await waitFor(() =>
    expect(screen.getByTestId('t1-invoice-total')).toHaveTextContent('USD 120.00'),
  );
  next();
  await stepHeading('Datos para la aduana');
}

describe('crear-envio/T1', () => {
  beforeEach(() => {
    // A searchable select scrolls its first option into view; jsdom has no layout to scroll.
    Element.prototype.scrollIntoView ??= () => undefined;
  });

  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('does not open the next step while the side abroad is incomplete', async () => {
    const calls = stubWizard(500_000);
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/crear-envio/T1');
    next();
    await stepHeading('Origen en México');
    next();
    expect(await screen.findByText('Revisa los campos marcados antes de continuar.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Origen en México' })).toBeVisible();
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false);
  });

  it('quotes the declared shipment and shows the duties with their basis before paying', async () => {
    const calls = stubWizard(500_000);
    await toCustoms();
    next('Cotizar');
    await stepHeading('Tarifas internacionales');
    const quote = calls.find((call) => call.key === 'POST /international-shipments/quotes');
    expect(quote?.body).toMatchObject({
      direction: 'export',
      location_id: LOCATION.id,
      abroad: { country: 'US', postal_code: '78701', city: 'Austin' },
      currency: 'USD',
      lines: [
        {
          product_id: PRODUCT_ID,
          tariff_code: '5007.20.01.00',
          quantity: 2,
          unit_value: '60',
          origin_country: 'MEX',
          description: 'Silk shawl',
        },
      ],
      incoterm: 'DAP',
      reason: 'sale',
    });
    const duties = screen.getByTestId('t1-duties');
    expect(within(duties).getByTestId('t1-duties-mxn')).toHaveTextContent('$372.30');
    expect(duties).toHaveTextContent('USD 20.40 al tipo de cambio');
    expect(duties).toHaveTextContent('T-MEC 50.01–117 USD: 17 %');
    expect(duties).toHaveTextContent('18.2500 MXN por USD (desde 01/03/2026)');
    expect(duties).toHaveTextContent('02/03/2026');
    expect(duties).toHaveTextContent('Los paga quien recibe a la paquetería (DAP).');
    expect(screen.getByTestId('t1-rates-duties')).toHaveTextContent('$372.30');
    expect(
      screen.getByRole('button', { name: 'Elegir esta tarifa: DHL Express Worldwide' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Elegir esta tarifa: FedEx International Economy' }),
    ).toBeInTheDocument();
  }, 30_000);

  it('shows a restricted line refused on the line, with its reason and the way to an embarque', async () => {
    stubWizard(500_000, {
      'POST /international-shipments/quotes': () =>
        json(422, {
          error: {
            code: 'T1_LINES_REFUSED',
            message: 'Estas líneas no pueden ir por mensajería: 1.',
            fields: { 'lines.0.tariff_code': RESTRICTED.message },
            details: { lines: [RESTRICTED], embarque_path: '/app/my-shipments' },
          },
        }),
    });
    await toCustoms();
    next('Cotizar');
    await stepHeading('Factura comercial');
    const line = screen.getByRole('region', { name: 'Rebozo de seda' });
    const alert = within(line).getByRole('alert');
    expect(alert).toHaveTextContent('Esta línea no puede ir por mensajería');
    expect(alert).toHaveTextContent(RESTRICTED.message);
    expect(alert).toHaveTextContent('SE · NOM-004-SE-2021: Etiquetado de productos textiles');
    expect(within(alert).getByRole('link', { name: 'Envíala como embarque' })).toHaveAttribute(
      'href',
      '/app/my-shipments',
    );
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent(
      'Estas líneas no pueden ir por mensajería: 1.',
    );
  }, 30_000);

  it('shows a code not in force under the line’s tariff field', async () => {
    const message = 'La fracción 5007.20.01.00 no está vigente hoy.';
    stubWizard(500_000, {
      'POST /international-shipments/quotes': () =>
        json(422, {
          error: {
            code: 'T1_LINES_REFUSED',
            message: 'Estas líneas no pueden ir por mensajería: 1.',
            details: {
              lines: [
                { ...RESTRICTED, reason: 'tariff_code_not_in_force', restrictions: [], message },
              ],
            },
          },
        }),
    });
    await toCustoms();
    next('Cotizar');
    await stepHeading('Factura comercial');
    const line = screen.getByRole('region', { name: 'Rebozo de seda' });
    const input = field('Fracción arancelaria + NICO', line);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(line).toHaveTextContent(message);
    expect(within(line).queryByRole('link', { name: 'Envíala como embarque' })).toBeNull();
  }, 30_000);

  it('pays the chosen rate from the balance with an Idempotency-Key and opens the shipment', async () => {
    const calls = stubWizard(500_000, {
      'POST /international-shipments': () =>
        json(201, { data: { ...QUOTE, id: SHIPMENT_ID, quote_id: QUOTE_ID } }),
    });
    await toCustoms();
    next('Cotizar');
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Elegir esta tarifa: FedEx International Economy',
      }),
    );
    await stepHeading('Pago');
    expect(screen.getByTestId('t1-pay-total')).toHaveTextContent('$812.00');
    expect(screen.getByTestId('t1-pay-balance')).toHaveTextContent('$5,000.00');
    expect(screen.getByText('Impuestos estimados (no se cobran aquí)')).toBeInTheDocument();
    const pay = screen.getByRole('button', { name: 'Pagar $812.00' });
    fireEvent.click(pay);
    fireEvent.click(pay);
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
        'Detalle del envío internacional (T1)',
      ),
    );
    const buys = calls.filter((call) => call.key === 'POST /international-shipments');
    expect(buys).toHaveLength(1);
    expect(buys[0]!.body).toEqual({ quote_id: QUOTE_ID, rate_id: 'fedex:international_economy' });
    expect(buys[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/);
    // The balance is read again after paying (the header's figure follows).
    expect(calls.filter((call) => call.key === 'GET /wallet/balance').length).toBeGreaterThan(1);
  }, 30_000);

  it('blocks paying when the balance is short, with the shared message and a way to deposit', async () => {
    const calls = stubWizard(50_000);
    await toCustoms();
    next('Cotizar');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Elegir esta tarifa: DHL Express Worldwide' }),
    );
    await stepHeading('Pago');
    const alert = screen
      .getByText('Saldo insuficiente para realizar el pago')
      .closest<HTMLElement>('[role=alert]')!;
    expect(alert).toHaveTextContent('Te faltan $544.00 para cubrir la guía.');
    expect(within(alert).getByRole('link', { name: 'Depositar saldo' })).toHaveAttribute(
      'href',
      '/app/finance/deposits?redirect=%2Fapp%2Fcrear-envio%2FT1',
    );
    expect(screen.getByRole('button', { name: 'Pagar $1,044.00' })).toBeDisabled();
    expect(calls.some((call) => call.key === 'POST /international-shipments')).toBe(false);
  }, 30_000);
});
