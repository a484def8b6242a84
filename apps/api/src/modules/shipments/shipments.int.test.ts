import {
  shipmentCreateSchema,
  type QuoteView,
  type RateView,
  type ShipmentDetail,
  type ShipmentSummary,
} from '@despacho/domain';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEachForbidden, expectEachNotFound } from '../../../test/expect-each';
import { multipart, sampleFiles } from '../../../test/multipart';
import { createTestApp } from '../../../test/test-app';
import {
  callAs,
  createTestMerchant,
  createTestUser,
  signIn,
  type CallArgs,
  type TestUser,
} from '../../../test/users';
import { ProcessInstance } from '../../platform/instance';
import { importSatProducts } from '../catalogs/sat-products.importer';
import { importSatUnits } from '../catalogs/sat-units.importer';
import { LedgerService } from '../wallet/ledger.service';
import { verifyLedger } from '../invariants';
import { lostCarriers, monterreyCustomer, otherProcessPurchase } from './guides.test-support';
import { RESUME_FLOW_AFTER_MS } from '../../platform/flows';

const here = path.dirname(fileURLToPath(import.meta.url));
const SAT_PRODUCTS = path.resolve(here, '../../../test/fixtures/sat-products-sample.csv');
const SAT_UNITS = path.resolve(here, '../catalogs/fixtures/sat-units-sample.csv');

const ORIGIN_ZIP = '06700';
const MONTERREY = '64000';
const GUADALAJARA = '44100';
const GROUND = 'estafeta:terrestre';

const locationBody = {
  alias: 'Bodega Roma',
  company: 'Comercio Prueba',
  contact_name: 'Ana López',
  contact_email: 'ana@prueba.mx',
  contact_phone: '5512345678',
  street: 'Calle Colima',
  external_number: '120',
  neighborhood: 'Roma Norte',
  city: 'Ciudad de México',
  municipality: 'Cuauhtémoc',
  state: 'Ciudad de México',
  zip: ORIGIN_ZIP,
};

/** A destination typed in the form rather than taken from a customer. */
const newDestination = (overrides: object = {}) => ({
  kind: 'new',
  contact_name: 'Pedro Ruiz',
  email: 'pedro@correo.mx',
  phone: '3312345678',
  street: 'Av. Juárez',
  external_number: '88',
  neighborhood: 'Centro',
  city: 'Guadalajara',
  municipality: 'Guadalajara',
  state: 'Jalisco',
  zip: GUADALAJARA,
  ...overrides,
});

const box = { length: 20, width: 15, height: 10, weight: 1 };
const product = {
  description: 'Playera de algodón',
  quantity: 2,
  sat_product_code: '24121503',
  sat_unit_code: 'H87',
  unit_value: '250.00',
};

const INSURANCE_MAX_ES = 'El valor declarado asegurable es de máximo $100,000.00 MXN.';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const call = (...args: CallArgs) => callAs(ctx.app, ...args);

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  expect(await verifyLedger(ctx.db)).toEqual([]);
  await ctx.close();
});

interface Merchant {
  user: TestUser;
  organizationId: string;
  locationId: string;
  customerId: string;
  addressId: string;
}

/** A merchant with a funded wallet, an origin location in Mexico City and a customer. */
async function merchant(centavos: number, company = 'Comercio Prueba'): Promise<Merchant> {
  const { user, organization } = await createTestMerchant(ctx, company);
  if (centavos > 0) {
    await new LedgerService(ctx).credit({
      organizationId: organization.id,
      idempotencyKey: `opening-${randomUUID()}`,
      kind: 'deposit',
      amount: centavos,
      from: 'bank_clearing',
    });
  }
  const location = await call(user, 'POST', '/locations', locationBody);
  expect(location.statusCode, location.body).toBe(201);
  const customer = await call(user, 'POST', '/customers', monterreyCustomer);
  expect(customer.statusCode, customer.body).toBe(201);
  return {
    user,
    organizationId: organization.id,
    locationId: location.json().data.id,
    customerId: customer.json().data.id,
    addressId: customer.json().data.addresses[0].id,
  };
}

async function quote(
  user: TestUser,
  { destination = MONTERREY, parcels = [box] as object[], origin = ORIGIN_ZIP } = {},
): Promise<QuoteView> {
  const response = await call(user, 'POST', '/quotes', {
    origin_zip: origin,
    destination_zip: destination,
    parcels,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const rateOf = (view: QuoteView, id: string): RateView => {
  const rate = view.rates.find((candidate) => candidate.id === id);
  if (!rate) throw new Error(`the quote has no rate ${id}`);
  return rate;
};

/** The body of a purchase from a quote's rate, to the merchant's customer by default. */
function order(m: Merchant, view: QuoteView, overrides: Record<string, unknown> = {}) {
  return {
    location_id: m.locationId,
    destination: { kind: 'customer', customer_id: m.customerId, address_id: m.addressId },
    packages: [{ ...box, name: 'Caja chica', products: [product] }],
    quote_id: view.id,
    rate_id: GROUND,
    reference: 'PEDIDO-1001',
    ...overrides,
  };
}

function buy(
  user: TestUser,
  body: object,
  { key = randomUUID() as string | null, language = 'es' } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/shipments',
    headers: user.headers({
      'x-language': language,
      ...(key === null ? {} : { 'idempotency-key': key }),
    }),
    payload: body,
  });
}

async function bought(user: TestUser, body: object): Promise<ShipmentDetail> {
  ctx.clock.advance(1000);
  const response = await buy(user, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function wallet(user: TestUser): Promise<{ available: number; onHold: number }> {
  const { data } = (await call(user, 'GET', '/wallet/balance')).json();
  return { available: data.available_centavos, onHold: data.on_hold_centavos };
}

/** A ledger transaction's entries, by account kind. */
async function entriesOf(transactionId: string) {
  const { rows } = await ctx.db.$client.query<{ kind: string; amount: number }>(
    `select a.kind, e.amount::int as amount from ledger_entries e
       join ledger_accounts a on a.id = e.account_id
      where e.transaction_id = $1`,
    [transactionId],
  );
  return Object.fromEntries(rows.map((row) => [row.kind, row.amount]));
}

async function shipmentRow(id: string) {
  const { rows } = await ctx.db.$client.query(
    `select purchase_state, failure_reason, hold_id, charge_transaction_id, quote_id, status,
            pickup_id
       from shipments where id = $1`,
    [id],
  );
  return rows[0];
}

async function shipmentsOf(organizationId: string) {
  const { rows } = await ctx.db.$client.query(
    `select id, purchase_state from shipments where organization_id = $1`,
    [organizationId],
  );
  return rows;
}

async function quoteStatus(user: TestUser, id: string) {
  return (await call(user, 'GET', `/quotes/${id}`)).json().data.status;
}

function uploadInvoice(user: TestUser, file: { name: string; content: Buffer }) {
  const form = multipart(file);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/shipments/insurance-invoices',
    headers: { ...user.headers(), ...form.headers },
    payload: form.payload,
  });
}

async function uploadedInvoice(user: TestUser): Promise<string> {
  const response = await uploadInvoice(user, { name: 'factura.pdf', content: sampleFiles.pdf() });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.file_id;
}

describe('buying a guide', () => {
  it('charges exactly the rate, pays the carrier and VAT, and keeps the carrier’s label', async () => {
    const m = await merchant(100_000);
    const view = await quote(m.user);
    const rate = rateOf(view, GROUND);
    const response = await buy(m.user, order(m, view));
    expect(response.statusCode, response.body).toBe(201);
    const guide: ShipmentDetail = response.json().data;
    const tracking = guide.tracking_number!;
    expect(tracking).toMatch(/^\w+$/);
    expect(guide).toMatchObject({
      purchase_state: 'purchased',
      status: 'created',
      carrier_status: 'CREATED',
      carrier_key: 'estafeta',
      carrier_name: 'Estafeta',
      service_key: 'terrestre',
      service_name: 'Terrestre',
      sandbox: true,
      quote_status: 'completed',
      cost: rate.total,
      charges: {
        carrier: rate.subtotal,
        insurance_premium: 0,
        vat: rate.vat,
        total: rate.total,
        deductible: null,
        refunded: 0,
      },
      insured: false,
      declared_value: null,
      billable_weight_kg: 1,
      dimensions: '20 × 15 × 10 cm',
      package_count: 1,
      rate: {
        zone: rate.zone,
        transit_days: rate.transit_days,
        estimated_delivery: rate.estimated_delivery,
        extended_zone: false,
      },
      reference: 'PEDIDO-1001',
      customer_id: m.customerId,
      location_id: m.locationId,
      origin: { contact_name: 'Ana López', company: 'Comercio Prueba', zip: ORIGIN_ZIP },
      destination: {
        contact_name: 'Laura Garza',
        company: 'Boutique Sol',
        email: 'laura@boutiquesol.mx',
        phone: '8112345678',
        street: 'Av. Constitución',
        zip: MONTERREY,
      },
      destination_name: 'Laura Garza · Boutique Sol',
      destination_zip: MONTERREY,
      packages: [
        {
          name: 'Caja chica',
          length_cm: 20,
          width_cm: 15,
          height_cm: 10,
          weight_kg: 1,
          products: [
            {
              description: 'Playera de algodón',
              quantity: 2,
              sat_product_code: '24121503',
              sat_unit_code: 'H87',
              unit_value: 25_000,
            },
          ],
        },
      ],
      failure_reason: null,
      events: [{ status: 'CREATED', code: 'label_created', description: 'Guía creada' }],
      created_at: '2026-03-02T16:00:00.000Z',
      cancellable_until: '2026-03-05T17:00:00.000Z',
      cancellation_refusal: null,
      cancelled_at: null,
      refund_due_by: null,
      tracking_url: `http://despacho.test/t/${tracking}`,
    });
    // The automatic pickup was booked with the carrier.
    expect(guide.pickup).toMatchObject({ confirmation_number: expect.any(String) });

    // The balance dropped by exactly the total, nothing stays on hold.
    expect(await wallet(m.user)).toEqual({ available: 100_000 - rate.total, onHold: 0 });
    const row = await shipmentRow(guide.id);
    expect(await entriesOf(row.charge_transaction_id)).toEqual({
      wallet_hold: -rate.total,
      carrier_payable: rate.subtotal,
      vat_payable: rate.vat,
    });

    // The label: a PDF naming the tracking number, and the same label in ZPL.
    const pdf = await call(m.user, 'GET', `/shipments/${guide.id}/label.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename=guia-${tracking}.pdf`);
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toMatch(new RegExp(`/Title \\(${tracking}\\)`));
    const zpl = await call(m.user, 'GET', `/shipments/${guide.id}/label.zpl`);
    expect(zpl.statusCode).toBe(200);
    expect(zpl.headers['content-disposition']).toBe(`attachment; filename=guia-${tracking}.zpl`);
    expect(zpl.body.startsWith('^XA')).toBe(true);
    expect(zpl.body).toContain(tracking);

    // The detail reads the same guide, in English too.
    const detail = await call(m.user, 'GET', `/shipments/${guide.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toEqual(guide);
    const english = (await call(m.user, 'GET', `/shipments/${guide.id}`, undefined, 'en')).json();
    expect(english.data).toMatchObject({
      service_name: 'Ground',
      events: [{ description: 'Label created' }],
    });
  });

  it('adds the insurance premium and its VAT, paid to the insurer’s account', async () => {
    const m = await merchant(100_000);
    const invoice = await uploadedInvoice(m.user);
    const view = await quote(m.user);
    const rate = rateOf(view, GROUND);
    const guide = await bought(
      m.user,
      order(m, view, { insurance: { declared_value: '5000.00', invoice_file_id: invoice } }),
    );
    // 1.5% of 5,000.00 = 75.00, VAT 12.00; deductible 30% = 1,500.00.
    expect(guide).toMatchObject({
      insured: true,
      declared_value: 500_000,
      cost: rate.total + 8_700,
      charges: {
        carrier: rate.subtotal,
        insurance_premium: 7_500,
        vat: rate.vat + 1_200,
        total: rate.total + 8_700,
        deductible: 150_000,
      },
    });
    expect(await wallet(m.user)).toEqual({ available: 100_000 - rate.total - 8_700, onHold: 0 });
    const row = await shipmentRow(guide.id);
    expect(await entriesOf(row.charge_transaction_id)).toEqual({
      wallet_hold: -(rate.total + 8_700),
      carrier_payable: rate.subtotal,
      insurance_payable: 7_500,
      vat_payable: rate.vat + 1_200,
    });

    // A small declared value pays the minimum premium of 20.00 plus VAT; the invoice may be
    // given by its fiscal folio instead of a file.
    const second = await bought(
      m.user,
      order(m, await quote(m.user), {
        insurance: {
          declared_value: '300.00',
          invoice_uuid: '5fb2822e-396d-4725-8521-cdc4bdd20ccf',
        },
      }),
    );
    expect(second.charges).toMatchObject({ insurance_premium: 2_000, deductible: 9_000 });
    expect(second.charges.vat).toBe(rate.vat + 320);
  });

  it('answers the same guide to the same Idempotency-Key, and charges once', async () => {
    const m = await merchant(100_000);
    const view = await quote(m.user);
    const body = order(m, view);
    const key = randomUUID();
    const first = await buy(m.user, body, { key });
    expect(first.statusCode).toBe(201);
    const again = await buy(m.user, body, { key });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await shipmentsOf(m.organizationId)).toHaveLength(1);
    expect((await wallet(m.user)).available).toBe(100_000 - rateOf(view, GROUND).total);

    const changed = await buy(m.user, { ...body, reference: 'OTRO' }, { key });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');

    const missing = await buy(m.user, body, { key: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    const short = await buy(m.user, body, { key: 'corta' });
    expect(short.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');

    // One guide per quote: buying from it again with another key asks for a new quote.
    const reused = await buy(m.user, body);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe('QUOTE_ALREADY_USED');
  });

  it('ships to an address typed in the form, quoted in inches and pounds', async () => {
    const m = await merchant(100_000);
    const parcel = { unit: 'in_lb', length: 10, width: 8, height: 4, weight: 3.5 };
    const view = await quote(m.user, { destination: GUADALAJARA, parcels: [parcel] });
    const guide = await bought(
      m.user,
      order(m, view, {
        destination: newDestination({ company: 'Ferretería Ruiz' }),
        packages: [{ ...parcel, products: [product] }],
        pickup_time_range: { start: '09:00', end: '12:00' },
      }),
    );
    expect(guide).toMatchObject({
      customer_id: null,
      destination_name: 'Pedro Ruiz · Ferretería Ruiz',
      destination_zip: GUADALAJARA,
      destination: { contact_name: 'Pedro Ruiz', email: 'pedro@correo.mx', city: 'Guadalajara' },
      packages: [{ length_cm: 25.4, width_cm: 20.32, height_cm: 10.16, weight_kg: 1.588 }],
    });
    expect(guide.pickup).toMatchObject({ start: '09:00', end: '12:00' });
  });
});

describe('what stops a purchase', () => {
  it('refuses a balance that does not cover the total, writing nothing', async () => {
    const m = await merchant(5_000);
    const view = await quote(m.user);
    const response = await buy(m.user, order(m, view));
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      message: 'Saldo insuficiente para realizar el pago',
    });
    const english = await buy(m.user, order(m, view), { language: 'en' });
    expect(english.json().error.message).toBe('Insufficient balance to make payment');
    expect(await shipmentsOf(m.organizationId)).toEqual([]);
    expect(await wallet(m.user)).toEqual({ available: 5_000, onHold: 0 });
    expect(await quoteStatus(m.user, view.id)).toBe('quote');
    const { rows } = await ctx.db.$client.query(
      `select count(*)::int as holds from ledger_holds h join ledger_transactions t
          on t.id = h.hold_transaction_id where t.organization_id = $1`,
      [m.organizationId],
    );
    expect(rows[0].holds).toBe(0);
  });

  it('explains each missing or wrong field with the spec’s messages', async () => {
    const m = await merchant(0);
    const view = await quote(m.user);
    const expectFields = async (body: object, fields: Record<string, string>) => {
      const response = await buy(m.user, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
      expect(response.json().error.fields).toMatchObject(fields);
    };
    await expectFields(order(m, view, { packages: [] }), {
      packages: 'Debes agregar al menos un paquete.',
    });
    await expectFields(
      order(m, view, {
        packages: Array.from({ length: 11 }, () => ({ ...box, products: [product] })),
      }),
      { packages: 'Agrega máximo 10 elementos.' },
    );
    await expectFields(order(m, view, { packages: [{ ...box, products: [] }] }), {
      'packages.0.products':
        'Falta información: cada paquete necesita sus datos y al menos un producto.',
    });
    const { location_id: _location, ...withoutLocation } = order(m, view);
    await expectFields(withoutLocation, { location_id: 'Este campo es obligatorio.' });
    await expectFields(
      order(m, view, {
        packages: [{ ...box, products: [{ ...product, description: '', sat_unit_code: '' }] }],
      }),
      {
        'packages.0.products.0.description': 'Este campo es obligatorio.',
        'packages.0.products.0.sat_unit_code': 'Este campo es obligatorio.',
      },
    );
    await expectFields(
      order(m, view, {
        insurance: { declared_value: '100000.01', invoice_uuid: randomUUID() },
      }),
      { 'insurance.declared_value': INSURANCE_MAX_ES },
    );
    await expectFields(order(m, view, { insurance: { declared_value: '5000.00' } }), {
      'insurance.invoice_uuid':
        'El seguro requiere la factura de venta timbrada: sube el PDF o XML, o escribe su folio fiscal (UUID).',
    });
    expect(await shipmentsOf(m.organizationId)).toEqual([]);
  });

  it('releases the hold when the carrier refuses the guide, and says why', async () => {
    const m = await merchant(100_000);
    const view = await quote(m.user);
    const body = order(m, view, { reference: 'PEDIDO SANDBOX-FALLA' });
    const key = randomUUID();
    const response = await buy(m.user, body, { key });
    expect(response.statusCode).toBe(502);
    const error = response.json().error;
    expect(error).toMatchObject({
      code: 'GUIDE_PAYMENT_FAILED',
      message: 'Falló el pago de la guía',
      details: { reason: expect.stringContaining('Estafeta rechazó la guía') },
    });
    expect(await wallet(m.user)).toEqual({ available: 100_000, onHold: 0 });
    const [failed] = await shipmentsOf(m.organizationId);
    expect(failed.purchase_state).toBe('failed');
    expect((await shipmentRow(failed.id)).failure_reason).toBe(error.details.reason);
    expect(await quoteStatus(m.user, view.id)).toBe('quote');
    // The hold was placed and released: both in the ledger, the hold marked as refunded.
    const { rows } = await ctx.db.$client.query(
      `select t.payment_state, h.status from ledger_holds h
         join ledger_transactions t on t.id = h.hold_transaction_id
        where t.organization_id = $1`,
      [m.organizationId],
    );
    expect(rows).toEqual([{ payment_state: 'refund', status: 'released' }]);

    // The same key answers the same failure; the list shows it with its reason.
    const again = await buy(m.user, body, { key });
    expect(again.statusCode).toBe(502);
    expect(again.json().error.details.reason).toBe(error.details.reason);
    const list = (await call(m.user, 'GET', '/shipments')).json();
    expect(list.data.map((row: ShipmentSummary) => [row.id, row.purchase_state])).toEqual([
      [failed.id, 'failed'],
    ]);
    const detail = (await call(m.user, 'GET', `/shipments/${failed.id}`)).json().data;
    expect(detail).toMatchObject({ failure_reason: error.details.reason, tracking_number: null });

    // The quote is free again: fixed, the purchase goes through.
    const fixed = await buy(m.user, { ...body, reference: 'PEDIDO 2' });
    expect(fixed.statusCode).toBe(201);
  });

  it('asks for a new quote once the quote expired', async () => {
    const m = await merchant(100_000);
    const view = await quote(m.user);
    ctx.clock.advance(61 * 60_000);
    m.user = await signIn(ctx, m.user);
    const response = await buy(m.user, order(m, view));
    expect(response.statusCode).toBe(410);
    expect(response.json().error).toMatchObject({
      code: 'QUOTE_EXPIRED',
      message: 'La cotización venció; cotiza de nuevo.',
    });
    expect(await shipmentsOf(m.organizationId)).toEqual([]);
    expect(await wallet(m.user)).toEqual({ available: 100_000, onHold: 0 });
  });

  it('refuses a shipment that is not what was quoted', async () => {
    const m = await merchant(100_000);
    const view = await quote(m.user);
    const mismatches = [
      order(m, view, { packages: [{ ...box, weight: 2, products: [product] }] }),
      order(m, view, {
        packages: [
          { ...box, products: [product] },
          { ...box, products: [product] },
        ],
      }),
      order(m, view, { destination: newDestination() }),
    ];
    const elsewhere = await call(m.user, 'POST', '/locations', {
      ...locationBody,
      alias: 'Bodega Puebla',
      city: 'Puebla',
      municipality: 'Puebla',
      state: 'Puebla',
      zip: '72000',
    });
    mismatches.push(order(m, view, { location_id: elsewhere.json().data.id }));
    for (const body of mismatches) {
      const response = await buy(m.user, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(409);
      expect(response.json().error.code).toBe('QUOTE_MISMATCH');
    }
    expect(await shipmentsOf(m.organizationId)).toEqual([]);
    expect(await quoteStatus(m.user, view.id)).toBe('quote');
  });

  it('answers 404 for another organization’s location, customer, quote, package or invoice', async () => {
    const m = await merchant(100_000);
    const stranger = await merchant(100_000, 'Otra Tienda');
    const view = await quote(m.user);
    const foreignQuote = await quote(stranger.user);
    const foreignInvoice = await uploadedInvoice(stranger.user);
    const foreignPackage = await call(stranger.user, 'POST', '/packages', {
      name: 'Caja ajena',
      unit: 'cm_kg',
      ...box,
      sat_code: '24121503',
    });
    expect(foreignPackage.statusCode).toBe(201);
    const bodies = [
      order(m, view, { location_id: stranger.locationId }),
      order(m, view, {
        destination: {
          kind: 'customer',
          customer_id: stranger.customerId,
          address_id: stranger.addressId,
        },
      }),
      order(m, view, {
        destination: {
          kind: 'customer',
          customer_id: m.customerId,
          address_id: stranger.addressId,
        },
      }),
      order(m, view, { quote_id: foreignQuote.id }),
      order(m, view, { rate_id: 'estafeta:no_existe' }),
      order(m, view, {
        packages: [{ ...box, package_id: foreignPackage.json().data.id, products: [product] }],
      }),
      order(m, view, { insurance: { declared_value: '1000.00', invoice_file_id: foreignInvoice } }),
    ];
    for (const body of bodies) {
      const response = await buy(m.user, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    expect(await shipmentsOf(m.organizationId)).toEqual([]);
  });
});

describe('insurance invoices', () => {
  it('takes a PDF or a CFDI XML up to 1 MB, read by content', async () => {
    const { user } = await merchant(0);
    const cfdi = (version: '3' | '4', prefix = 'cfdi') =>
      Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?>\n' +
          `<${prefix}:Comprobante xmlns:${prefix}="http://www.sat.gob.mx/cfd/${version}" Version="${version}.0">` +
          `<${prefix}:Emisor Rfc="EKU9003173C9"/></${prefix}:Comprobante>`,
      );
    const xml = cfdi('4');
    for (const file of [
      { name: 'factura.pdf', content: sampleFiles.pdf() },
      { name: 'factura.xml', content: xml },
      { name: 'factura-33.xml', content: cfdi('3') },
      { name: 'otro-prefijo.xml', content: cfdi('4', 'sat') },
      { name: 'con-bom.xml', content: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), xml]) },
    ]) {
      const response = await uploadInvoice(user, file);
      expect(response.statusCode, file.name).toBe(201);
      expect(response.json().data.file_id).toMatch(/^[0-9a-f-]{36}$/);
    }
    const image = await uploadInvoice(user, { name: 'factura.pdf', content: sampleFiles.png() });
    expect(image.statusCode).toBe(415);
    expect(image.json().error.code).toBe('FILE_TYPE_NOT_ALLOWED');
    const large = await uploadInvoice(user, {
      name: 'factura.pdf',
      content: sampleFiles.pdf(1024 * 1024 + 1),
    });
    expect(large.json().error.code).toBe('FILE_TOO_LARGE');
  });

  it('takes an XML only when it is a CFDI: no SVG, no other XML, nothing malformed', async () => {
    const { user } = await merchant(0);
    const declaration = '<?xml version="1.0" encoding="UTF-8"?>\n';
    const documents = {
      'script.svg':
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
      'sin-espacio.xml': '<cfdi:Comprobante Version="4.0"/>',
      'otro-espacio.xml': '<c:Comprobante xmlns:c="http://example.com/cfd/4" Version="4.0"/>',
      'sin-prefijo.xml': '<Comprobante Version="4.0"/>',
      'raiz-hija.xml':
        '<a xmlns:cfdi="http://www.sat.gob.mx/cfd/4"><cfdi:Comprobante Version="4.0"/></a>',
      'roto.xml': '<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0">',
      'entidades.xml':
        '<!DOCTYPE c [<!ENTITY a "aaaaaaaaaa">]>' +
        '<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4">&a;</cfdi:Comprobante>',
    };
    const before = await ctx.db.$client.query('select count(*)::int as n from files');
    for (const [name, document] of Object.entries(documents)) {
      const response = await uploadInvoice(user, {
        name,
        content: Buffer.from(declaration + document),
      });
      expect(response.statusCode, name).toBe(415);
      expect(response.json().error, name).toEqual({
        code: 'CFDI_INVALID',
        message: 'El XML no es un CFDI. Sube la factura timbrada (CFDI 3.3 o 4.0) en XML o en PDF.',
      });
    }
    const after = await ctx.db.$client.query('select count(*)::int as n from files');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});

describe('the shipments list', () => {
  let m: Merchant;
  const ids: Record<string, string> = {};
  const trackings: Record<string, string> = {};

  const list = async (query = '') => {
    const response = await call(m.user, 'GET', `/shipments${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: ShipmentSummary[]; meta: object };
  };
  const namesOf = async (query = '') => {
    const page = await list(query);
    const byId = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
    return page.data.map((row) => byId[row.id]);
  };

  beforeAll(async () => {
    m = await merchant(1_000_000, 'Lista');
    const setClock = async (iso: string) => {
      ctx.clock.advance(new Date(iso).getTime() - ctx.clock.now().getTime());
      m.user = await signIn(ctx, m.user);
    };
    // 3 March, 10:00 in Mexico City.
    await setClock('2026-03-03T16:00:00Z');
    const fresh = () => quote(m.user);
    const toGuadalajara = () => quote(m.user, { destination: GUADALAJARA });
    const keep = (name: string, guide: ShipmentDetail) => {
      ids[name] = guide.id;
      if (guide.tracking_number) trackings[name] = guide.tracking_number;
    };
    keep('A', await bought(m.user, order(m, await fresh())));
    // A preferred time no Estafeta window holds: no pickup, the guide waits for one.
    keep(
      'B',
      await bought(
        m.user,
        order(m, await toGuadalajara(), {
          destination: newDestination(),
          pickup_time_range: { start: '19:00', end: '20:00' },
        }),
      ),
    );
    ctx.clock.advance(1000);
    const failed = await buy(m.user, order(m, await fresh(), { reference: 'SANDBOX-FALLA' }));
    expect(failed.statusCode).toBe(502);
    ids.F = failed.json().error.details.shipment_id;

    // 23:30 in Mexico City on 4 March is already 5 March in UTC.
    await setClock('2026-03-05T05:30:00Z');
    const flowers = await fresh();
    const fedex = flowers.rates.find((rate) => rate.carrier_key === 'fedex')!;
    keep(
      'C',
      await bought(
        m.user,
        order(m, flowers, {
          rate_id: fedex.id,
          destination: newDestination({
            contact_name: 'Marta Díaz',
            company: 'Florería Lis',
            city: 'Monterrey',
            municipality: 'Monterrey',
            state: 'Nuevo León',
            zip: MONTERREY,
          }),
        }),
      ),
    );
    keep('D', await bought(m.user, order(m, await fresh())));
    keep('E', await bought(m.user, order(m, await fresh())));
    // What tracking would have done: A delivered, C collected, E cancelled.
    for (const [name, status] of [
      ['A', 'delivered'],
      ['C', 'collected'],
      ['E', 'cancelled'],
    ] as const) {
      await ctx.db.$client.query(`update shipments set status = $2 where id = $1`, [
        ids[name],
        status,
      ]);
    }
  });

  it('lists purchased and failed guides, newest first, by tab', async () => {
    expect(await namesOf()).toEqual(['E', 'D', 'C', 'F', 'B', 'A']);
    expect(await namesOf('?tab=fulfilled')).toEqual(['A']);
    expect(await namesOf('?tab=partially_fulfilled')).toEqual(['C']);
    expect(await namesOf('?tab=not_fulfilled')).toEqual(['D', 'B']);
    expect(await namesOf('?tab=cancelled')).toEqual(['E']);
    expect(await namesOf('?tab=pickup_requested')).toEqual(['D']);
    expect(await namesOf('?tab=pickup_pending')).toEqual(['B']);

    const [first] = (await list('?tab=pickup_requested')).data;
    expect(first).toMatchObject({
      tracking_number: trackings.D,
      destination_name: 'Laura Garza · Boutique Sol',
      origin_zip: ORIGIN_ZIP,
      purchase_state: 'purchased',
      pickup: { confirmation_number: expect.any(String), date: expect.any(String) },
    });
    expect((await list('?tab=pickup_pending')).data[0]!.pickup).toBeNull();
  });

  it('searches tracking numbers, names, companies and zips', async () => {
    expect(await namesOf(`?search=${trackings.C}`)).toEqual(['C']);
    expect(await namesOf(`?search=${trackings.C!.slice(2, 10).toLowerCase()}`)).toEqual(['C']);
    expect(await namesOf('?search=pedro')).toEqual(['B']);
    expect(await namesOf(`?search=${encodeURIComponent('Florería lis')}`)).toEqual(['C']);
    expect(await namesOf('?search=44100')).toEqual(['B']);
    expect(await namesOf('?search=boutique%20garza')).toEqual(['E', 'D', 'F', 'A']);
    expect(await namesOf('?search=boutique&tab=not_fulfilled')).toEqual(['D']);
    expect(await namesOf('?search=100%25')).toEqual([]);
  });

  it('filters by Mexico City days of purchase and by carrier, a page at a time', async () => {
    expect(await namesOf('?from=2026-03-04&to=2026-03-04')).toEqual(['E', 'D', 'C']);
    expect(await namesOf('?from=2026-03-05')).toEqual([]);
    expect(await namesOf('?to=2026-03-03')).toEqual(['F', 'B', 'A']);
    expect(await namesOf('?carrier=fedex')).toEqual(['C']);
    const page = await list('?pageSize=2&page=2');
    expect(page.meta).toEqual({ page: 2, pageSize: 2, total: 6 });
    expect(await namesOf('?pageSize=2&page=2')).toEqual(['C', 'F']);
  });

  it('says why a guide can no longer be cancelled', async () => {
    const used = (await call(m.user, 'GET', `/shipments/${ids.C}`)).json().data;
    expect(used.cancellation_refusal).toBe(
      'La guía ya fue utilizada (tiene escaneo de recolección) y no puede cancelarse.',
    );
    const fresh = (await call(m.user, 'GET', `/shipments/${ids.D}`)).json().data;
    expect(fresh.cancellation_refusal).toBeNull();
    ctx.clock.advance(74 * 60 * 60_000);
    m.user = await signIn(ctx, m.user);
    const late = (await call(m.user, 'GET', `/shipments/${ids.D}`, undefined, 'en')).json().data;
    expect(late.cancellation_refusal).toBe(
      'A guide can only be cancelled within 73 hours of its creation.',
    );
  });

  it('prints many labels in one PDF, in the order asked', async () => {
    const response = await call(m.user, 'POST', '/shipments/labels', { ids: [ids.D, ids.A] });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=/);
    const text = response.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain(`/Title (${trackings.D} ${trackings.A})`);
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(2);

    const withFailed = await call(m.user, 'POST', '/shipments/labels', { ids: [ids.A, ids.F] });
    expect(withFailed.statusCode).toBe(404);
    const tooMany = await call(m.user, 'POST', '/shipments/labels', {
      ids: Array.from({ length: 101 }, () => randomUUID()),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields.ids).toBe('Agrega máximo 100 elementos.');
  });

  it('shows another organization none of them, and nothing without the permission', async () => {
    const stranger = await createTestMerchant(ctx, 'Ajena');
    await expectEachNotFound(call, stranger.user, [
      ['GET', `/shipments/${ids.A}`],
      ['GET', `/shipments/${ids.A}/label.pdf`],
      ['GET', `/shipments/${ids.A}/label.zpl`],
      ['POST', '/shipments/labels', { ids: [ids.A] }],
    ]);
    expect((await call(stranger.user, 'GET', '/shipments')).json().meta.total).toBe(0);

    const pickupsOnly = await createTestUser(ctx, {
      organizationId: m.organizationId,
      permissions: ['shipments.pickup'],
    });
    await expectEachForbidden(call, pickupsOnly, [
      ['POST', '/shipments', order(m, await quote(m.user))],
      ['POST', '/shipments/insurance-invoices'],
      ['GET', '/shipments'],
      ['GET', `/shipments/${ids.A}`],
      ['GET', `/shipments/${ids.A}/label.pdf`],
      ['GET', `/shipments/${ids.A}/label.zpl`],
      ['POST', '/shipments/labels', { ids: [ids.A] }],
    ]);
  });
});

describe('a purchase interrupted after the hold', () => {
  const interrupted = async (
    m: Merchant,
    body: ReturnType<typeof order>,
    key: string,
    instance?: ProcessInstance,
  ) => {
    const purchase = otherProcessPurchase(ctx, lostCarriers(), instance).purchase({
      organizationId: m.organizationId,
      userId: m.user.id,
      idempotencyKey: key,
      language: 'es',
      data: shipmentCreateSchema.parse(body),
    });
    await expect(purchase).rejects.toThrow('socket hang up');
  };

  it('is finished by its resume job: the carrier is asked again, the hold captured', async () => {
    const m = await merchant(100_000, 'Recupera');
    const view = await quote(m.user);
    const total = rateOf(view, GROUND).total;
    const body = order(m, view);
    const key = randomUUID();
    await interrupted(m, body, key);

    expect(await wallet(m.user)).toEqual({ available: 100_000 - total, onHold: total });
    expect(await quoteStatus(m.user, view.id)).toBe('in_process');
    expect((await call(m.user, 'GET', '/shipments')).json().meta.total).toBe(0);
    const retry = await buy(m.user, body, { key });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error.code).toBe('PURCHASE_IN_PROGRESS');

    // Not before five minutes: the request may still be under way.
    await ctx.app.jobs.runDue(ctx.clock.now(), 10_000);
    expect((await shipmentsOf(m.organizationId))[0].purchase_state).toBe('purchasing');
    ctx.clock.advance(RESUME_FLOW_AFTER_MS);
    await ctx.app.jobs.runDue(ctx.clock.now(), 10_000);

    const [row] = await shipmentsOf(m.organizationId);
    expect(row.purchase_state).toBe('purchased');
    expect(await wallet(m.user)).toEqual({ available: 100_000 - total, onHold: 0 });
    expect(await quoteStatus(m.user, view.id)).toBe('completed');
    const answer = await buy(m.user, body, { key });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ id: row.id, purchase_state: 'purchased' });
    const label = await call(m.user, 'GET', `/shipments/${row.id}/label.pdf`);
    expect(label.rawPayload.toString('latin1')).toContain(answer.json().data.tracking_number);
  });

  it('is recovered at once when the process that started it is gone', async () => {
    const m = await merchant(100_000, 'Huérfana');
    const view = await quote(m.user);
    const total = rateOf(view, GROUND).total;
    const other = new ProcessInstance({ db: ctx.db });
    await other.hold();
    await interrupted(m, order(m, view), randomUUID(), other);
    const [started] = await shipmentsOf(m.organizationId);
    // Its run is stamped with that process: the flows' sweep asks whether it is gone.
    const { rows: runs } = await ctx.db.$client.query(
      `select kind, step, instance from flow_runs where subject_id = $1`,
      [started.id],
    );
    expect(runs).toEqual([{ kind: 'shipment.purchase', step: 'carrier', instance: other.id }]);

    // Its process lives: it may still be finishing the purchase, so the sweep leaves it be.
    await ctx.app.jobs.sweep();
    await ctx.app.jobs.runDue(ctx.clock.now(), 10_000);
    expect((await shipmentsOf(m.organizationId))[0].purchase_state).toBe('purchasing');

    // It dies (its session ends): the next sweep — a restart's first — recovers it now.
    await other.release();
    await ctx.app.jobs.sweep();
    await ctx.app.jobs.runDue(ctx.clock.now(), 10_000);
    expect((await shipmentsOf(m.organizationId))[0].purchase_state).toBe('purchased');
    expect(await wallet(m.user)).toEqual({ available: 100_000 - total, onHold: 0 });
  });

  it('keeps the five-minute wait for purchases no process stamped', async () => {
    const m = await merchant(100_000, 'Sin dueño');
    const view = await quote(m.user);
    await interrupted(m, order(m, view), randomUUID());
    await ctx.app.jobs.sweep();
    await ctx.app.jobs.runDue(ctx.clock.now(), 10_000);
    expect((await shipmentsOf(m.organizationId))[0].purchase_state).toBe('purchasing');
    ctx.clock.advance(RESUME_FLOW_AFTER_MS);
    await ctx.app.jobs.runDue(ctx.clock.now(), 10_000);
    expect((await shipmentsOf(m.organizationId))[0].purchase_state).toBe('purchased');
  });

  it('releases the hold when the carrier, asked again, refuses', async () => {
    const m = await merchant(100_000, 'Recupera 2');
    const view = await quote(m.user);
    const body = order(m, view, { reference: 'SANDBOX-FALLA' });
    await interrupted(m, body, randomUUID());
    ctx.clock.advance(RESUME_FLOW_AFTER_MS);
    await ctx.app.jobs.runDue(ctx.clock.now(), 10_000);
    const [row] = await shipmentsOf(m.organizationId);
    expect(row.purchase_state).toBe('failed');
    expect(await wallet(m.user)).toEqual({ available: 100_000, onHold: 0 });
    expect(await quoteStatus(m.user, view.id)).toBe('quote');
  });
});

describe('with the SAT catalogues imported', () => {
  beforeAll(async () => {
    await importSatProducts(ctx.db, SAT_PRODUCTS);
    await importSatUnits(ctx.db, SAT_UNITS, '2026-03-02');
  });

  it('accepts only product and unit keys the catalogues hold', async () => {
    const m = await merchant(100_000, 'Catálogo');
    const view = await quote(m.user);
    const response = await buy(
      m.user,
      order(m, view, {
        packages: [
          {
            ...box,
            products: [
              product,
              { ...product, sat_product_code: '24121599' },
              { ...product, sat_unit_code: 'ZZZ' },
            ],
          },
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      'packages.0.products.1.sat_product_code':
        'Ingresa una clave de producto del catálogo Carta Porte del SAT (8 dígitos).',
      'packages.0.products.2.sat_unit_code':
        'Ingresa una clave de unidad del SAT: 2 o 3 letras o números, por ejemplo H87 (Pieza).',
    });
    expect(await shipmentsOf(m.organizationId)).toEqual([]);
    const fine = await buy(m.user, order(m, view));
    expect(fine.statusCode, fine.body).toBe(201);
  });
});
