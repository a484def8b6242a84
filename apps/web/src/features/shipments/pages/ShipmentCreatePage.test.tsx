import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession, shippingOnlyUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import {
  CHEAP,
  CUSTOMER,
  CUSTOMER_ID,
  CUSTOMER_ROW,
  LOCATION,
  LOCATION_ID,
  makeQuote,
  makeShipment,
  MERIDA_ZIP,
  QUOTE_ID,
  ROMA_NORTE_ZIP,
} from '../create-test-data';

const TAX_INFO = {
  legal_name: 'COMERCIAL JADE',
  person_type: 'moral',
  zip_code: '06700',
  tax_regime: '601',
  payment_form: '03',
  payment_method: 'PUE',
  cfdi_use: 'G03',
  tax_id: 'CJA010101AB1',
  updated_at: '2026-01-01T00:00:00.000Z',
};

type Answers = Parameters<typeof stubApi>[0];

const VARIANT_ID = '5f1d2c3b-4a59-4e8d-9c7b-6a5f4e3d2c1b';

/** The drafts this tab keeps (see shipment-draft.ts). */
const draftKeys = () =>
  Object.keys(window.sessionStorage).filter((key) => key.startsWith('despacho.shipment.draft'));

/** The calls every step makes, answered as a merchant with one location and one customer. */
function stubWizard(answers: Answers = {}, balanceCentavos = 500_000) {
  return stubApi({
    'GET /locations': () =>
      json(200, { data: [LOCATION], meta: { page: 1, pageSize: 100, total: 1 } }),
    'GET /packages': () =>
      json(200, { data: [], meta: { page: 1, pageSize: 100, total: 0 }, default_unit: 'cm_kg' }),
    'GET /customers': () =>
      json(200, { data: [CUSTOMER_ROW], meta: { page: 1, pageSize: 20, total: 1 } }),
    [`GET /customers/${CUSTOMER_ID}`]: () => json(200, { data: CUSTOMER }),
    'GET /wallet/balance': () =>
      json(200, {
        data: { available_centavos: balanceCentavos, on_hold_centavos: 0, currency: 'MXN' },
      }),
    'GET /organization/tax-info': () => json(200, { data: TAX_INFO }),
    'POST /quotes': () => json(201, { data: makeQuote() }),
    ...answers,
  });
}

/** The input labelled `label` (a combobox's list carries its label too; asterisks follow). */
function field(label: string): HTMLInputElement {
  const input = screen
    .getAllByLabelText(label, { exact: false })
    .find((element) => element.tagName === 'INPUT');
  if (!input) throw new Error(`No input labelled ${label}`);
  return input as HTMLInputElement;
}
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });

/** Opened from the quick quote with the zips, a parcel and a rate, to the destination step. */
async function fromQuickQuote() {
  saveSession(makeSession(), 'SESSION');
  await renderApp(
    '/app/shipment?origin_zip=06700&destination_zip=97000&rate=estafeta%3Aterrestre' +
      '&unit=cm_kg&length=30&width=20&height=15&weight=2',
  );
  await waitFor(() => expect(screen.getByText(/Colima 120, Roma Norte/)).toBeInTheDocument());
  next();
  await stepHeading('¿A dónde va el paquete?');
}

/** The recipient typed as a new address at the quick quote's zip (which fills the rest). */
async function typeRecipient() {
  type('Nombre de quien recibe', 'Marta Díaz');
  type('Correo electrónico', 'marta@example.mx');
  type('Teléfono (10 dígitos)', '9997654321');
  await waitFor(() => expect(field('Estado').value).toBe('Yucatán'));
  type('Calle', 'Calle 62');
  type('Número exterior', '410');
}

/** The quick quote's parcel gets its product; no insurance; on to the quote. */
async function productToQuote() {
  type('Descripción', 'Hamacas');
  type('Clave de producto SAT', '52121500');
  type('Valor unitario (MXN)', '400');
  next();
  await stepHeading('Seguro del envío');
  next();
  await stepHeading('Elige la paquetería');
}

async function open() {
  saveSession(makeSession(), 'SESSION');
  await renderApp('/app/shipment');
  // The default location is chosen as soon as the list arrives.
  await waitFor(() => expect(screen.getByText(/Colima 120, Roma Norte/)).toBeInTheDocument());
}

/** Origin (the default location) and a saved customer's default address. */
async function toPackages() {
  await open();
  next();
  await stepHeading('¿A dónde va el paquete?');
  const customer = screen.getByRole('combobox', { name: /^Cliente/ });
  fireEvent.focus(customer);
  fireEvent.change(customer, { target: { value: 'Luis' } });
  // jsdom has no layout: the dropdown counts as hidden.
  fireEvent.click(await screen.findByRole('option', { name: 'Luis Pérez', hidden: true }));
  expect(
    await screen.findByRole('radio', { name: /Casa: Calle 60 500, 97000 Mérida/ }),
  ).toBeInTheDocument();
  next();
  await stepHeading('Paquetes y productos');
}

function fillMeasures() {
  type('Largo (cm)', '30');
  type('Ancho (cm)', '20');
  type('Alto (cm)', '15');
  type('Peso (kg)', '2');
}

function fillPackage() {
  fillMeasures();
  type('Descripción', 'Playeras de algodón');
  type('Cantidad', '2');
  type('Clave de producto SAT', '53102700');
  type('Valor unitario (MXN)', '750');
}

/** From the filled packages step, without insurance, to paying with the cheapest rate. */
async function quoteAndChoose() {
  next();
  await stepHeading('Seguro del envío');
  next();
  await stepHeading('Elige la paquetería');
  // Choosing the rate goes on to pay by itself.
  fireEvent.click(
    await screen.findByRole('button', { name: 'Elegir esta tarifa: Estafeta Terrestre' }),
  );
  await stepHeading('Revisa y paga');
}

/** Through packages (no insurance) and the quote, choosing the cheapest rate. */
async function toPay() {
  await toPackages();
  fillPackage();
  await quoteAndChoose();
}

describe('create shipment wizard', () => {
  afterEach(() => {
    clearSession();
    window.sessionStorage.clear();
    vi.unstubAllGlobals();
  });

  it('blocks the packages step while a package has no products, or there is no package', async () => {
    stubWizard();
    await toPackages();
    const firstPackage = screen.getByRole('group', { name: /Paquete 1/ });
    fillPackage();
    fireEvent.click(within(firstPackage).getByRole('button', { name: 'Quitar el producto 1' }));
    next();

    expect(
      await screen.findByText(
        'Falta información: cada paquete necesita sus datos y al menos un producto.',
      ),
    ).toBeInTheDocument();
    expect(within(firstPackage).getByText('Falta información')).toBeInTheDocument();
    expect(screen.getByText('Revisa los datos marcados antes de continuar.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Paquetes y productos' })).toBeInTheDocument();

    // A product with a missing value also blocks, under its field.
    fireEvent.click(within(firstPackage).getByRole('button', { name: 'Agregar producto' }));
    type('Descripción', 'Tazas');
    next();
    expect(await screen.findAllByText('Este campo es obligatorio.')).not.toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Paquetes y productos' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Quitar el paquete 1' }));
    next();
    expect(await screen.findByText('Debes agregar al menos un paquete.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Paquetes y productos' })).toBeInTheDocument();
  }, 30_000);

  it('prices the insurance as the declared value is typed and asks for the invoice', async () => {
    const calls = stubWizard();
    await toPackages();
    fillPackage();
    next();
    await stepHeading('Seguro del envío');
    expect(screen.getByText('Mercancía que no se puede asegurar')).toBeInTheDocument();
    expect(
      screen.getByText(/Joyas, relojes finos, piedras y metales preciosos/),
    ).toBeInTheDocument();

    fireEvent.click(screen.getByRole('switch', { name: /Asegurar este envío/ }));
    // It starts at what the products are worth: 2 × $750.00.
    expect(field('Valor declarado (MXN)').value).toBe('1500.00');
    const rows = () =>
      within(screen.getByRole('table', { name: 'Costo del seguro' }))
        .getAllByRole('row')
        .map((row) => row.textContent);
    expect(rows()).toEqual([
      'Prima (1.5 %, mínimo $20.00)$22.50',
      'IVA de la prima$3.60',
      'Total del seguro$26.10',
      'Deducible en caso de siniestro (30 %)$450.00',
    ]);

    // Below the minimum premium: 1.5 % of $1,000.00 is $15.00, so $20.00 is charged.
    type('Valor declarado (MXN)', '1000');
    await waitFor(() => expect(rows()[0]).toBe('Prima (1.5 %, mínimo $20.00)$20.00'));
    expect(rows().slice(1)).toEqual([
      'IVA de la prima$3.20',
      'Total del seguro$23.20',
      'Deducible en caso de siniestro (30 %)$300.00',
    ]);

    next();
    expect(
      await screen.findByText(/El seguro requiere la factura de venta timbrada/),
    ).toBeInTheDocument();
    type('Valor declarado (MXN)', '150000');
    next();
    expect(
      await screen.findByText(/El valor declarado asegurable es de máximo/),
    ).toBeInTheDocument();

    type('Valor declarado (MXN)', '1000');
    type('Folio fiscal (UUID) de la factura', '5fb2822e-396d-4725-8521-cdc4bdd20ccf');
    next();
    await stepHeading('Elige la paquetería');
    // The step opens before its quote is asked for: wait for the request itself.
    await waitFor(() =>
      expect(calls.find((call) => call.key === 'POST /quotes')?.body).toEqual({
        origin_zip: '06700',
        destination_zip: '97000',
        parcels: [
          { package_id: null, unit: 'cm_kg', length: 30, width: 20, height: 15, weight: 2 },
        ],
      }),
    );

    fireEvent.click(
      await screen.findByRole('button', { name: 'Elegir esta tarifa: Estafeta Terrestre' }),
    );
    await stepHeading('Revisa y paga');
    const summary = screen.getByRole('table', { name: 'Resumen del envío' });
    expect(within(summary).getByText('$165.00')).toBeInTheDocument(); // carrier before VAT
    expect(within(summary).getByText('$20.00')).toBeInTheDocument(); // premium
    expect(within(summary).getByText('$29.60')).toBeInTheDocument(); // $26.40 + $3.20 VAT
    expect(within(summary).getByText('$214.60')).toBeInTheDocument(); // $191.40 + $23.20
    expect(screen.getByRole('button', { name: 'Pagar $214.60' })).toBeInTheDocument();
  }, 30_000);

  it('does not let the merchant pay more than the balance; topping up keeps the shipment and comes back to pay', async () => {
    let balance = 10_000;
    const calls = stubWizard({
      'GET /wallet/balance': () =>
        json(200, {
          data: { available_centavos: balance, on_hold_centavos: 0, currency: 'MXN' },
        }),
      'POST /shipments': () => json(201, { data: makeShipment() }),
    });
    await toPay();
    type('Referencia (opcional)', 'PED-2002');
    expect(await screen.findByText('Saldo insuficiente para realizar el pago')).toBeInTheDocument();
    expect(screen.getByText('Te faltan $91.40.')).toBeInTheDocument();
    expect(
      (screen.getByRole('button', { name: 'Pagar $191.40' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    // Off to the deposits screen, which offers the way back; meanwhile the balance is topped up.
    fireEvent.click(screen.getByRole('link', { name: 'Depositar saldo' }));
    // The deposits screen is a lazy chunk of its own: it may take a moment the first time.
    const back = await screen.findByRole('link', { name: 'Volver al envío' }, { timeout: 5000 });
    balance = 100_000;
    fireEvent.click(back);

    // The wizard reopens at the pay step with everything typed, and pays it.
    await stepHeading('Revisa y paga');
    expect(
      screen.getByText(
        'Seguimos con el envío que dejaste pendiente, en el paso donde te quedaste.',
      ),
    ).toBeInTheDocument();
    expect(field('Referencia (opcional)').value).toBe('PED-2002');
    const pay = await screen.findByRole('button', { name: 'Pagar $191.40' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pay);
    expect(await screen.findByTestId('tracking-number')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST /shipments')?.body).toMatchObject({
      location_id: LOCATION_ID,
      destination: { kind: 'customer', customer_id: CUSTOMER_ID },
      rate_id: CHEAP.id,
      reference: 'PED-2002',
    });
    // Bought: the draft is gone.
    expect(draftKeys()).toEqual([]);
  }, 30_000);

  it('reopens an unfinished shipment after a reload, until the merchant discards it', async () => {
    stubWizard();
    await toPackages();
    fillPackage();
    expect(draftKeys()).toHaveLength(1);

    cleanup();
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/shipment');
    await stepHeading('Paquetes y productos');
    expect(field('Largo (cm)').value).toBe('30');
    expect(field('Descripción').value).toBe('Playeras de algodón');

    fireEvent.click(screen.getByRole('button', { name: 'Descartar y empezar de nuevo' }));
    await stepHeading('¿Desde dónde envías?');
    expect(draftKeys()).toEqual([]);
    next();
    await stepHeading('¿A dónde va el paquete?');
    expect(screen.getByRole('combobox', { name: /^Cliente/ })).toHaveValue('');
  }, 30_000);

  it('creates the first origin location in place and goes on with it', async () => {
    let locations: (typeof LOCATION)[] = [];
    const calls = stubWizard({
      'GET /locations': () =>
        json(200, { data: locations, meta: { page: 1, pageSize: 100, total: locations.length } }),
      'POST /locations': () => {
        locations = [LOCATION];
        return json(201, { data: LOCATION });
      },
      'GET /postal-codes/06700': () => json(200, { data: ROMA_NORTE_ZIP }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/shipment');
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar una ubicación' }));
    const drawer = await screen.findByRole('dialog', { name: 'Nueva dirección de origen' });
    const drawerField = (label: RegExp) =>
      within(drawer)
        .getAllByLabelText(label)
        .find((element): element is HTMLInputElement => element.tagName === 'INPUT')!;
    const inDrawer = (label: RegExp, value: string) =>
      fireEvent.change(drawerField(label), { target: { value } });
    inDrawer(/^Alias/, 'Bodega Roma');
    inDrawer(/^Nombre de contacto/, 'Ana López');
    inDrawer(/^Teléfono de contacto/, '5512345678');
    inDrawer(/^Correo de contacto/, 'ana@example.mx');
    inDrawer(/^Código postal/, '06700');
    await waitFor(() => expect(drawerField(/^Estado/).value).toBe('Ciudad de México'));
    inDrawer(/^Calle/, 'Colima');
    inDrawer(/^Número exterior/, '120');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Guardar dirección' }));

    // Back in the wizard, the new location is the origin and the next step opens.
    await waitFor(() => expect(screen.getByText(/Colima 120, Roma Norte/)).toBeInTheDocument());
    expect(calls.find((call) => call.key === 'POST /locations')?.body).toMatchObject({
      alias: 'Bodega Roma',
      zip: '06700',
      street: 'Colima',
    });
    next();
    await stepHeading('¿A dónde va el paquete?');
  }, 30_000);

  it('tells a user who may not add locations whom to ask', async () => {
    stubWizard({
      'GET /locations': () => json(200, { data: [], meta: { page: 1, pageSize: 100, total: 0 } }),
    });
    saveSession(makeSession({ user: shippingOnlyUser() }), 'SESSION');
    await renderApp('/app/shipment');
    expect(await screen.findByText(/Tu usuario no puede agregar ubicaciones/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agregar una ubicación' })).toBeNull();
  }, 30_000);

  it('says who the CFDI goes to, or that the tax information could not be read', async () => {
    stubWizard({
      'GET /organization/tax-info': () =>
        json(500, { error: { code: 'INTERNAL_ERROR', message: 'Ha ocurrido un error.' } }),
    });
    await toPay();
    expect(
      await screen.findByText(
        'No se pudo obtener tu información fiscal, por favor verifica tus datos',
      ),
    ).toBeInTheDocument();
  }, 30_000);

  it('fills a product line from a catalogue variant, keeps it editable and sends its id', async () => {
    const calls = stubWizard({
      'GET /product-variants': (_body, url) =>
        json(200, {
          data:
            url.searchParams.get('search') === 'ply'
              ? [
                  {
                    id: VARIANT_ID,
                    product_id: '0b7c1a52-3c3e-4f0e-9d1e-7a2b1c3d4e5f',
                    product_name: 'Playera básica',
                    title: 'Rojo / M',
                    sku: 'PLY-ROJ-M',
                    barcode: null,
                    price: 19900,
                    sat_product_code: '53102700',
                    sat_unit_code: 'H87',
                    unit: 'cm_kg',
                    weight: 0.3,
                    length: 30,
                    width: 20,
                    height: 2,
                    thumbnail_url: null,
                  },
                ]
              : [],
        }),
      'POST /shipments': () => json(201, { data: makeShipment() }),
    });
    await toPackages();
    // Mantine takes a change without focus for autofill: the merchant types into it.
    const picker = field('Buscar en mis productos');
    picker.focus();
    fireEvent.click(picker);
    fireEvent.change(picker, { target: { value: 'ply' } });
    fireEvent.click(
      await screen.findByRole(
        'option',
        { name: /Playera básica — Rojo \/ M/, hidden: true },
        { timeout: 3000 },
      ),
    );
    expect(field('Descripción').value).toBe('Playera básica — Rojo / M');
    expect(field('Clave de producto SAT').value).toBe('53102700');
    expect(field('Clave de unidad SAT').value).toBe('H87');
    expect(field('Valor unitario (MXN)').value).toBe('199.00');
    // Typed by hand over what the variant filled.
    type('Valor unitario (MXN)', '180');

    fillMeasures();
    await quoteAndChoose();
    fireEvent.click(screen.getByRole('button', { name: /^Pagar/ }));
    await screen.findByTestId('tracking-number', {}, { timeout: 5000 });
    const purchase = calls.find((call) => call.key === 'POST /shipments')!;
    expect(purchase.body).toMatchObject({
      packages: [
        {
          products: [
            {
              description: 'Playera básica — Rojo / M',
              quantity: 1,
              sat_product_code: '53102700',
              sat_unit_code: 'H87',
              unit_value: '180',
              variant_id: VARIANT_ID,
            },
          ],
        },
      ],
    });
  }, 30_000);

  it('forgets the variant when the picker is cleared, keeping what was filled', async () => {
    const calls = stubWizard({
      'POST /shipments': () => json(201, { data: makeShipment() }),
      'GET /product-variants': () =>
        json(200, {
          data: [
            {
              id: VARIANT_ID,
              product_id: '0b7c1a52-3c3e-4f0e-9d1e-7a2b1c3d4e5f',
              product_name: 'Taza',
              title: null,
              sku: null,
              barcode: null,
              price: null,
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
    });
    await toPackages();
    type('Valor unitario (MXN)', '55');
    const picker = field('Buscar en mis productos');
    fireEvent.click(picker);
    fireEvent.click(await screen.findByRole('option', { name: 'Taza', hidden: true }));
    // What the variant lacks stays as typed.
    expect(field('Descripción').value).toBe('Taza');
    expect(field('Valor unitario (MXN)').value).toBe('55');
    expect(picker.value).toBe('Taza');
    const clear = picker.closest('.mantine-Select-root')!.querySelector('button')!;
    fireEvent.click(clear);
    await waitFor(() => expect(picker.value).toBe(''));
    expect(field('Descripción').value).toBe('Taza');

    type('Clave de producto SAT', '53102700');
    fillMeasures();
    await quoteAndChoose();
    fireEvent.click(screen.getByRole('button', { name: /^Pagar/ }));
    await screen.findByTestId('tracking-number', {}, { timeout: 5000 });
    const sent = calls.find((call) => call.key === 'POST /shipments')!.body as {
      packages: { products: object[] }[];
    };
    expect(sent.packages[0]!.products[0]).toEqual({
      description: 'Taza',
      quantity: 1,
      sat_product_code: '53102700',
      sat_unit_code: 'H87',
      unit_value: '55',
    });
  }, 30_000);

  describe('from an origin that keeps stock', () => {
    const stocked = (available: number) => ({
      id: VARIANT_ID,
      product_id: '0b7c1a52-3c3e-4f0e-9d1e-7a2b1c3d4e5f',
      product_name: 'Taza',
      title: null,
      sku: 'TZ-1',
      barcode: null,
      price: 9900,
      sat_product_code: '53102700',
      sat_unit_code: 'H87',
      unit: 'cm_kg',
      weight: null,
      length: null,
      width: null,
      height: null,
      thumbnail_url: null,
      available,
    });
    const openPicker = () => fireEvent.click(field('Buscar en mis productos'));

    it('offers what is available there, with how many, and flags a quantity above it', async () => {
      const askedAt: (string | null)[] = [];
      stubWizard({
        'GET /product-variants': (_body, url) => {
          askedAt.push(url.searchParams.get('location_id'));
          return json(200, { data: [stocked(2)], keeps_stock: true });
        },
      });
      await toPackages();
      openPicker();
      const option = await screen.findByRole('option', { name: /Taza/, hidden: true });
      expect(within(option).getByText('2 disponibles')).toBeInTheDocument();
      expect(askedAt[0]).toBe(LOCATION.id);
      fireEvent.click(option);
      type('Cantidad', '3');
      expect(await screen.findByText('Solo hay 2 disponibles en el origen.')).toBeInTheDocument();
      type('Cantidad', '2');
      await waitFor(() =>
        expect(screen.queryByText('Solo hay 2 disponibles en el origen.')).toBeNull(),
      );
    }, 30_000);

    it('says "No hay productos en inventario" when nothing is available there', async () => {
      stubWizard({ 'GET /product-variants': () => json(200, { data: [], keeps_stock: true }) });
      await toPackages();
      openPicker();
      expect(
        await screen.findByText('No hay productos en inventario', {}, { timeout: 3000 }),
      ).toBeInTheDocument();
    }, 30_000);

    it('says "Error al obtener los productos" when the call fails', async () => {
      stubWizard({
        'GET /product-variants': () =>
          json(500, { error: { code: 'INTERNAL_ERROR', message: 'Ha ocurrido un error.' } }),
      });
      await toPackages();
      openPicker();
      expect(
        await screen.findByText('Error al obtener los productos', {}, { timeout: 3000 }),
      ).toBeInTheDocument();
    }, 30_000);

    it('shows a purchase refused for stock under the short line', async () => {
      const message =
        'No hay existencias suficientes de uno de los productos: quítalo o pon su cantidad en 0.';
      stubWizard({
        'POST /shipments': () =>
          json(409, {
            error: {
              code: 'INSUFFICIENT_STOCK',
              message,
              fields: { 'packages.0.products.0.quantity': message },
            },
          }),
      });
      await toPay();
      fireEvent.click(screen.getByRole('button', { name: /^Pagar/ }));
      await stepHeading('Paquetes y productos');
      await waitFor(() => expect(field('Cantidad')).toHaveAttribute('aria-invalid', 'true'));
      const describedBy = field('Cantidad').getAttribute('aria-describedby') ?? '';
      const described = describedBy
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent);
      expect(described).toContain(message);
    }, 30_000);
  });

  it('pays with one Idempotency-Key kept across retries, then shows the guide and its pickup', async () => {
    let attempts = 0;
    const calls = stubWizard({
      'POST /shipments': () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        if (attempts === 2) {
          return json(409, {
            error: { code: 'PURCHASE_IN_PROGRESS', message: 'La compra sigue en proceso.' },
          });
        }
        return json(201, { data: makeShipment() });
      },
    });
    await toPay();
    expect(
      await screen.findByText(
        'La factura de este pago se emitirá a COMERCIAL JADE, RFC CJA010101AB1.',
      ),
    ).toBeInTheDocument();
    type('Referencia (opcional)', 'PED-1001');

    const pay = screen.getByRole('button', { name: 'Pagar $191.40' });
    fireEvent.click(pay);
    // The answer was lost: the merchant tries again, with a double click.
    expect(await screen.findByText(/Ha ocurrido un error/)).toBeInTheDocument();
    const again = screen.getByRole('button', { name: 'Pagar $191.40' });
    fireEvent.click(again);
    fireEvent.click(again);

    expect(await screen.findByTestId('tracking-number', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('tracking-number').textContent).toBe('8055123456789012');
    const purchases = calls.filter((call) => call.key === 'POST /shipments');
    expect(purchases).toHaveLength(3);
    const keys = purchases.map((call) => call.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(purchases[0]!.body).toEqual({
      location_id: LOCATION_ID,
      destination: {
        kind: 'customer',
        customer_id: CUSTOMER_ID,
        address_id: CUSTOMER.addresses[0]!.id,
      },
      packages: [
        {
          package_id: null,
          unit: 'cm_kg',
          length: 30,
          width: 20,
          height: 15,
          weight: 2,
          products: [
            {
              description: 'Playeras de algodón',
              quantity: 2,
              sat_product_code: '53102700',
              sat_unit_code: 'H87',
              unit_value: '750',
            },
          ],
        },
      ],
      insurance: null,
      quote_id: QUOTE_ID,
      rate_id: CHEAP.id,
      reference: 'PED-1001',
      pickup_time_range: null,
    });

    expect(screen.getByText('¡Listo! Tu guía está creada')).toBeInTheDocument();
    expect(screen.getByText('Recolección programada')).toBeInTheDocument();
    expect(screen.getByText('Confirmación EST-PU-1234')).toBeInTheDocument();
    expect(screen.getByText(/03\/03\/2026, de 09:00 a 13:00/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir etiqueta' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar ZPL' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver envío' }).getAttribute('href')).toBe(
      `/app/shippings/${makeShipment().id}`,
    );
  }, 30_000);

  it('shows the carrier’s refusal, says nothing was charged, and retries with a new key', async () => {
    let attempts = 0;
    const calls = stubWizard({
      'POST /shipments': () => {
        attempts += 1;
        return attempts === 1
          ? json(502, {
              error: {
                code: 'GUIDE_PAYMENT_FAILED',
                message: 'Falló el pago de la guía.',
                details: { reason: 'La paquetería rechazó la guía: servicio no disponible.' },
              },
            })
          : json(201, { data: makeShipment({ pickup: null }) });
      },
    });
    await toPay();
    fireEvent.click(screen.getByRole('button', { name: 'Pagar $191.40' }));
    expect(await screen.findByText('Falló el pago de la guía')).toBeInTheDocument();
    expect(
      screen.getByText('La paquetería rechazó la guía: servicio no disponible.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/No se hizo ningún cargo a tu saldo/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Pagar $191.40' }));
    expect(await screen.findByText('Recolección pendiente')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Solicitar recolección' }).getAttribute('href')).toBe(
      '/app/pickup',
    );
    const keys = calls
      .filter((call) => call.key === 'POST /shipments')
      .map((call) => call.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  }, 30_000);
  it('starts from the quick quote: new address at the destination zip, the parcel and the rate', async () => {
    const calls = stubWizard({ 'GET /postal-codes/97000': () => json(200, { data: MERIDA_ZIP }) });
    await fromQuickQuote();
    expect(
      (screen.getByRole('radio', { name: 'Nueva dirección' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(field('Código postal').value).toBe('97000');
    await waitFor(() => expect(field('Estado').value).toBe('Yucatán'));
    expect(field('Colonia').value).toBe('Centro');
    await typeRecipient();
    // Not ticked: no customer is created.
    expect(
      (screen.getByRole('checkbox', { name: /Guardar como cliente/ }) as HTMLInputElement).checked,
    ).toBe(false);
    next();
    await stepHeading('Paquetes y productos');
    expect(field('Largo (cm)').value).toBe('30');
    expect(field('Peso (kg)').value).toBe('2');
    await productToQuote();
    // The rate chosen in the quick quote is chosen again in the new quote.
    expect(
      await screen.findByRole('button', { name: 'Tarifa elegida: Estafeta Terrestre' }),
    ).toBeInTheDocument();
    next();
    await stepHeading('Revisa y paga');
    expect(screen.getByText('Bodega Roma (06700) → Marta Díaz (97000)')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST /quotes')?.body).toMatchObject({
      origin_zip: '06700',
      destination_zip: '97000',
    });
  }, 30_000);

  it('marks the required fields and counts the limited ones before the merchant presses Siguiente', async () => {
    stubWizard({ 'GET /postal-codes/97000': () => json(200, { data: MERIDA_ZIP }) });
    const marked = (label: string) => field(label).labels![0]!.textContent!.includes('*');
    await fromQuickQuote();

    // The recipient: marks and limits are the destination schema's, shown before any submit.
    expect(screen.queryByText('Este campo es obligatorio.')).toBeNull();
    for (const label of ['Nombre de quien recibe', 'Correo electrónico', 'Teléfono (10 dígitos)']) {
      expect(marked(label), label).toBe(true);
    }
    expect(marked('Empresa (opcional)')).toBe(false);
    expect(field('Empresa (opcional)')).toHaveAccessibleDescription('0 de 100 caracteres');
    expect(field('Nombre de quien recibe')).toHaveAccessibleDescription('0 de 100 caracteres');
    type('Nombre de quien recibe', 'Marta Díaz');
    expect(field('Nombre de quien recibe')).toHaveAccessibleDescription('10 de 100 caracteres');
    await typeRecipient();
    next();

    // The products: every field the Carta Porte needs is marked, the description counted.
    await stepHeading('Paquetes y productos');
    expect(screen.queryByText('Este campo es obligatorio.')).toBeNull();
    for (const label of [
      'Descripción',
      'Cantidad',
      'Valor unitario (MXN)',
      'Clave de producto SAT',
      'Clave de unidad SAT',
    ]) {
      expect(marked(label), label).toBe(true);
    }
    expect(field('Descripción')).toHaveAccessibleDescription('0 de 100 caracteres');
    type('Descripción', 'Hamacas');
    expect(field('Descripción')).toHaveAccessibleDescription('7 de 100 caracteres');
    await productToQuote();
    await screen.findByRole('button', { name: 'Tarifa elegida: Estafeta Terrestre' });
    next();

    // Pay: the optional reference is counted under its hint; the pickup times, once asked, marked.
    await stepHeading('Revisa y paga');
    const hint = 'Tu número de pedido o una nota corta; se imprime en la etiqueta.';
    expect(marked('Referencia (opcional)')).toBe(false);
    expect(field('Referencia (opcional)')).toHaveAccessibleDescription(
      `${hint} 0 de 30 caracteres`,
    );
    type('Referencia (opcional)', 'PED-2002');
    expect(field('Referencia (opcional)')).toHaveAccessibleDescription(
      `${hint} 8 de 30 caracteres`,
    );
    fireEvent.click(screen.getByRole('switch', { name: /Elegir un horario preferido/ }));
    expect(marked('Recolectar desde')).toBe(true);
    expect(marked('Recolectar hasta')).toBe(true);
  }, 30_000);

  it.each([
    ['saved', json(201, { data: CUSTOMER }), 'Marta Díaz quedó guardado en tus clientes.'],
    [
      'refused',
      json(500, {
        error: {
          code: 'INTERNAL_ERROR',
          message: 'Ha ocurrido un error. Por favor, inténtalo más tarde.',
        },
      }),
      'Tu guía está lista, pero no pudimos guardar a Marta Díaz como cliente: Ha ocurrido un error. Por favor, inténtalo más tarde. Puedes agregarlo desde Clientes.',
    ],
  ])(
    'saves a typed destination as a customer with one tick once the guide is bought (%s)',
    async (_case, answer, said) => {
      const calls = stubWizard({
        'GET /postal-codes/97000': () => json(200, { data: MERIDA_ZIP }),
        'POST /customers': () => answer.clone(),
        'POST /shipments': () => json(201, { data: makeShipment() }),
      });
      await fromQuickQuote();
      await typeRecipient();
      fireEvent.click(screen.getByRole('checkbox', { name: /Guardar como cliente/ }));
      next();
      await stepHeading('Paquetes y productos');
      await productToQuote();
      await screen.findByRole('button', { name: 'Tarifa elegida: Estafeta Terrestre' });
      next();
      await stepHeading('Revisa y paga');
      // Nothing is saved before the guide is bought.
      expect(calls.some((call) => call.key === 'POST /customers')).toBe(false);
      fireEvent.click(await screen.findByRole('button', { name: 'Pagar $191.40' }));

      // The guide is bought whatever happens to the customer, and the merchant is told.
      expect(await screen.findByTestId('tracking-number')).toBeInTheDocument();
      expect(await screen.findByText(said)).toBeInTheDocument();
      expect(calls.find((call) => call.key === 'POST /customers')?.body).toEqual({
        name: 'Marta Díaz',
        email: 'marta@example.mx',
        phone: '9997654321',
        is_favorite: false,
        addresses: [
          {
            alias: 'Principal',
            contact_name: 'Marta Díaz',
            contact_email: 'marta@example.mx',
            contact_phone: '9997654321',
            street: 'Calle 62',
            external_number: '410',
            neighborhood: 'Centro',
            city: 'Mérida',
            municipality: 'Mérida',
            state: 'Yucatán',
            zip: '97000',
            country: 'MX',
            is_default: true,
          },
        ],
      });
    },
    30_000,
  );
});
