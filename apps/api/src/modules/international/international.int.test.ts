import type { T1QuoteView, T1Shipment } from '@despacho/domain';
import { PDFDocument } from 'pdf-lib';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import {
  callAs,
  createTestMerchant,
  createTestUser,
  signIn,
  type CallArgs,
  type TestUser,
} from '../../../test/users';
import { drawnTexts, pageContent } from '../../platform/pdf-text.test-support';
import { loadDemoTariffFractions } from '../catalogs/tariff-fractions.demo';
import { verifyLedger } from '../invariants';
import { createProduct, productBody } from '../products/products.test-support';
import { createLocation, fund } from '../shipments/guides.test-support';
import { austinBuyer, buyT1, t1QuoteBody } from './international.test-support';

const HOUR = 60 * 60_000;
/** A Mexican SAT test RFC (persona moral) with a valid check digit. */
const RFC = 'EKU9003173C9';

describe('international courier shipments (T1)', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let organizationId: string;
  let stranger: TestUser;
  let staff: TestUser;
  let locationId: string;
  let productId: string;

  const call = (...args: CallArgs) => callAs(ctx.app, ...args);
  const ok = async (status: number, ...args: CallArgs) => {
    const response = await call(...args);
    expect(response.statusCode, `${args[1]} ${args[2]}: ${response.body}`).toBe(status);
    return response.json().data;
  };
  const quote = (extra: Record<string, unknown> = {}, language?: string) =>
    call(
      owner,
      'POST',
      '/international-shipments/quotes',
      t1QuoteBody(locationId, productId, extra),
      language,
    );
  const quoted = async (extra: Record<string, unknown> = {}) => {
    const response = await quote(extra);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as T1QuoteView;
  };
  const available = async () =>
    ((await ok(200, owner, 'GET', '/wallet/balance')) as { available_centavos: number })
      .available_centavos;
  const line = (extra: Record<string, unknown>) => ({
    product_id: productId,
    description: 'Goods',
    tariff_code: '6109100100',
    quantity: 1,
    unit_value: '60.00',
    origin_country: 'USA',
    ...extra,
  });
  const importFrom = (country: string, value: string, extra: Record<string, unknown> = {}) =>
    quote({
      direction: 'import',
      abroad: { ...austinBuyer, country },
      lines: [line({ unit_value: value })],
      recipient_tax_id: RFC,
      ...extra,
    });

  beforeAll(async () => {
    ctx = await createTestApp();
    const merchant = await createTestMerchant(ctx);
    owner = merchant.user;
    organizationId = merchant.organization.id;
    stranger = (await createTestMerchant(ctx, 'Otra Tienda')).user;
    staff = await createTestUser(ctx, { isStaff: true });
    await loadDemoTariffFractions(ctx.app.services.tariffFractions);
    await fund(ctx, organizationId, 5_000_000);
    locationId = await createLocation(ctx, owner);
    productId = (await createProduct(ctx.app, owner, productBody())).id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('quotes the international services with the duties from the rates table and its basis', async () => {
    const view = await quoted();
    expect(view.rates.map((rate) => rate.id).sort()).toEqual([
      'dhl_express:express_worldwide',
      'fedex:international_economy',
      'fedex:international_priority',
    ]);
    expect(view.rates.every((rate) => rate.sandbox)).toBe(true);
    expect(view.unavailable.map((carrier) => carrier.carrier_key)).toContain('estafeta');
    // 4 × 15.00 USD = 60.00 USD; the seeded US export row: 10 %.
    expect(view.invoice_total_cents).toBe(6_000);
    expect(view.duties).toMatchObject({
      day: '2026-03-02',
      payer: 'recipient',
      value_usd_cents: 6_000,
      exchange_rate: { usd_mxn: '18.5000', effective_from: '2025-01-01' },
      band: { country: 'US', rate_percent: '10', effective_from: '2025-08-29' },
      duties_usd_cents: 600,
      duties_mxn_centavos: 11_100,
    });
    expect(view.duties.note).toContain('Despacho solo cobra la guía');
    expect(view.lines[0]).toMatchObject({
      fraction: '61091001',
      nico: '00',
      tariff_description: 'Camisetas de punto, de algodón',
      subtotal: 6_000,
    });
    const english = await ok(
      200,
      owner,
      'GET',
      `/international-shipments/quotes/${view.id}`,
      undefined,
      'en',
    );
    expect(english.duties.note).toContain('Despacho charges only the guide');
    // DDP: the shipper pays them.
    expect((await quoted({ incoterm: 'DDP' })).duties.payer).toBe('shipper');
    // No row for Spain: no estimate, said so; Europe is the sandbox's zone 4.
    const spain = await quoted({ abroad: { ...austinBuyer, country: 'ES', postal_code: '28001' } });
    expect(spain.duties).toMatchObject({ band: null, duties_usd_cents: null });
    expect(spain.duties.note).toContain('Sin estimación');
    expect(new Set(spain.rates.map((rate) => rate.zone))).toEqual(new Set([4]));
  });

  it('imports pay the simplified procedure’s band by origin; above the ceiling there is none', async () => {
    const tmec = (await importFrom('US', '60.00')).json().data as T1QuoteView;
    expect(tmec.duties.band).toMatchObject({ country: 'US', rate_percent: '17' });
    expect(tmec.rates.length).toBeGreaterThan(0);
    const exempt = (await importFrom('CA', '50.00')).json().data as T1QuoteView;
    expect(exempt.duties).toMatchObject({ band: { rate_percent: '0' }, duties_usd_cents: 0 });
    const china = (await importFrom('CN', '100.00')).json().data as T1QuoteView;
    expect(china.duties).toMatchObject({
      band: { country: '*', rate_percent: '33.5' },
      duties_usd_cents: 3_350,
    });
    // MXN invoices are converted at the rate in force: 1,850.00 MXN = 100.00 USD.
    const pesos = (await importFrom('CN', '1850.00', { currency: 'MXN' })).json()
      .data as T1QuoteView;
    expect(pesos.duties.value_usd_cents).toBe(10_000);
    const over = await importFrom('CN', '2500.01');
    expect(over.statusCode, over.body).toBe(422);
    expect(over.json().error.code).toBe('T1_NO_DUTY_RATE');
    // An import needs the recipient's RFC, checked.
    const noRfc = await importFrom('US', '10.00', { recipient_tax_id: '' });
    expect(noRfc.statusCode).toBe(400);
    expect(Object.keys(noRfc.json().error.fields)).toEqual(['recipient_tax_id']);
  });

  it('a staff rate with a later effective date changes the quote; moving its date back undoes it', async () => {
    const created = await ok(201, staff, 'POST', '/staff/international/duty-rates', {
      direction: 'export',
      country: 'US',
      min_value_usd: '0',
      rate_percent: '20',
      label: 'EE. UU.: nueva estimación',
      source: 'Prueba',
      effective_from: '2026-03-02',
    });
    expect((await quoted()).duties.band).toMatchObject({ id: created.id, rate_percent: '20' });
    await ok(200, staff, 'PUT', `/staff/international/duty-rates/${created.id}`, {
      direction: 'export',
      country: 'US',
      min_value_usd: '0',
      rate_percent: '20',
      label: 'EE. UU.: nueva estimación',
      source: 'Prueba',
      effective_from: '2026-03-03',
    });
    expect((await quoted()).duties.band).toMatchObject({ rate_percent: '10' });
    // The same direction, country, floor and day twice is refused.
    const twin = await call(staff, 'POST', '/staff/international/duty-rates', {
      direction: 'export',
      country: 'US',
      min_value_usd: '0',
      rate_percent: '5',
      label: 'Doble',
      source: 'Prueba',
      effective_from: '2026-03-03',
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().error.code).toBe('T1_DUTY_RATE_DUPLICATE');
    // Each change is in the staff audit log with the row before and after; the refused twin is not.
    const audit = (await ok(200, staff, 'GET', '/staff/audit?pageSize=100')).filter(
      (entry: { subject_id: string }) => entry.subject_id === created.id,
    );
    expect(audit.map((entry: { action: string }) => entry.action)).toEqual([
      't1.duty_rate',
      't1.duty_rate',
    ]);
    expect(audit[0]).toMatchObject({
      subject_type: 't1_duty_rate',
      before: { effectiveFrom: '2026-03-02' },
      after: { effectiveFrom: '2026-03-03' },
    });
    expect(audit[1]).toMatchObject({ before: null, after: { effectiveFrom: '2026-03-02' } });
    // A new exchange rate converts from its day on.
    await ok(201, staff, 'POST', '/staff/international/exchange-rates', {
      usd_mxn: '20.0000',
      effective_from: '2026-03-01',
      source: 'Prueba',
    });
    expect((await quoted()).duties).toMatchObject({ duties_mxn_centavos: 12_000 });
    const rates = await ok(
      200,
      staff,
      'GET',
      '/staff/international/duty-rates?on=2026-03-02&country=US',
    );
    expect(
      rates.every((rate: { effective_from: string }) => rate.effective_from <= '2026-03-02'),
    ).toBe(true);
  });

  it('refuses lines without a fracción + NICO in force, each under its field, in es and en', async () => {
    const lines = [
      line({}),
      line({ tariff_code: '6109100199' }),
      line({ tariff_code: '4819100199' }),
    ];
    const refused = await quote({ lines });
    expect(refused.statusCode, refused.body).toBe(422);
    const error = refused.json().error;
    expect(error.code, refused.body).toBe('T1_LINES_REFUSED');
    expect(Object.keys(error.fields)).toEqual(['lines.1.tariff_code', 'lines.2.tariff_code']);
    expect(error.fields['lines.2.tariff_code']).toContain('no está vigente el 2026-03-02');
    expect(error.details.lines.map((refusal: { reason: string }) => refusal.reason)).toEqual([
      'tariff_code_not_in_force',
      'tariff_code_not_in_force',
    ]);
    const english = await quote({ lines }, 'en');
    expect(english.json().error.fields['lines.1.tariff_code']).toContain('is not in force');
    expect(english.json().error.message).toContain('cannot travel by courier');
    // Without its NICO the code is refused by the schema.
    const partial = await quote({ lines: [line({ tariff_code: '61091001' })] });
    expect(partial.statusCode).toBe(400);
    expect(Object.keys(partial.json().error.fields)).toEqual(['lines.0.tariff_code']);
  });

  it('refuses a restricted fracción with the authority and a pointer to an embarque', async () => {
    const horses = [line({ tariff_code: '0101210100' })];
    const refused = await importFrom('US', '60.00', { lines: horses });
    expect(refused.statusCode, refused.body).toBe(422);
    const error = refused.json().error;
    expect(error.details.embarque_path).toBe('/app/my-shipments');
    expect(error.details.lines[0]).toMatchObject({
      index: 0,
      reason: 'restricted',
      restrictions: [{ authority: 'SENASICA', kind: 'permit' }],
    });
    expect(error.fields['lines.0.tariff_code']).toContain('/app/my-shipments');
    // Its restriction stops imports only.
    expect((await quote({ lines: horses })).statusCode).toBe(201);
    // A restriction staff add from tomorrow leaves today's quotes alone; moved to today, it stops them.
    const restriction = {
      fraction: '6109.10.01',
      scope: 'export',
      authority: 'SE',
      kind: 'nom',
      code: 'NOM-004-SE-2021',
      description: 'Etiquetado de textiles',
      source: 'Prueba',
      effective_from: '2026-03-03',
    };
    const added = await ok(201, staff, 'POST', '/staff/international/restrictions', restriction);
    expect(added.fraction).toBe('61091001');
    expect((await quote()).statusCode).toBe(201);
    await ok(200, staff, 'PUT', `/staff/international/restrictions/${added.id}`, {
      ...restriction,
      effective_from: '2026-03-02',
    });
    const today = await quote();
    expect(today.statusCode).toBe(422);
    expect(today.json().error.details.lines[0].restrictions[0].code).toBe('NOM-004-SE-2021');
    // Ended yesterday, it stops nothing today.
    await ok(200, staff, 'PUT', `/staff/international/restrictions/${added.id}`, {
      ...restriction,
      effective_from: '2026-03-01',
      effective_to: '2026-03-01',
    });
    expect((await quote()).statusCode).toBe(201);
  });

  it('buys once under a double click, with label, commercial invoice and customs status', async () => {
    const view = await quoted({ reference: 'PEDIDO-77' });
    const rate = view.rates.find((candidate) => candidate.id === 'fedex:international_economy')!;
    const before = await available();
    const key = randomUUID();
    const [first, second] = await Promise.all([
      buyT1(ctx, owner, view, key, rate.id),
      buyT1(ctx, owner, view, key, rate.id),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect([
      [200, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    const bought = (first.statusCode === 201 ? first : second).json().data as T1Shipment;
    expect(bought.shipment).toMatchObject({ purchase_state: 'purchased', carrier_key: 'fedex' });
    expect(bought.customs_status).toBe('pending');
    const again = await buyT1(ctx, owner, view, key, rate.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(bought.id);
    expect(await available()).toBe(before - rate.total);
    const other = await buyT1(ctx, owner, view, randomUUID(), rate.id);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('T1_QUOTE_ALREADY_BOUGHT');
    expect(await available()).toBe(before - rate.total);
    expect(await verifyLedger(ctx.db)).toEqual([]);

    const detail = (await ok(
      200,
      owner,
      'GET',
      `/international-shipments/${bought.id}`,
    )) as T1Shipment;
    expect(detail).toMatchObject({ quote_id: view.id, incoterm: 'DAP', reference: 'PEDIDO-77' });
    expect(detail.shipment.destination).toMatchObject({
      country: 'US',
      zip: '78701',
      city: 'Austin',
    });
    const list = await call(
      owner,
      'GET',
      '/international-shipments?direction=export&search=PEDIDO-77',
    );
    expect(list.json().data.map((row: { id: string }) => row.id)).toEqual([bought.id]);

    const label = await call(owner, 'GET', `/international-shipments/${bought.id}/label.pdf`);
    expect(label.statusCode).toBe(200);
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const invoice = await call(
      owner,
      'GET',
      `/international-shipments/${bought.id}/commercial-invoice.pdf`,
    );
    expect(invoice.statusCode).toBe(200);
    expect(invoice.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(invoice.rawPayload);
    const text = doc
      .getPages()
      .flatMap((page) => drawnTexts(pageContent(doc, page)))
      .join('\n');
    expect(text).toContain('6109.10.01 NICO 00');
    expect(text).toContain('DAP (Incoterms 2020)');
    expect(text).toContain('DEMO');
    expect(text).toContain(detail.shipment.tracking_number!);

    // The sandbox's customs present it after two hours and release it after six.
    ctx.clock.advance(2 * HOUR);
    await ctx.app.jobs.runDue(ctx.clock.now());
    [owner, staff] = await Promise.all([signIn(ctx, owner), signIn(ctx, staff)]);
    expect(
      (await ok(200, owner, 'GET', `/international-shipments/${bought.id}`)).customs_status,
    ).toBe('in_clearance');
    ctx.clock.advance(4 * HOUR);
    await ctx.app.jobs.runDue(ctx.clock.now());
    [owner, staff] = await Promise.all([signIn(ctx, owner), signIn(ctx, staff)]);
    const released = (await ok(
      200,
      owner,
      'GET',
      `/international-shipments/${bought.id}`,
    )) as T1Shipment;
    expect(released.customs_events.map((event) => event.status)).toEqual([
      'in_clearance',
      'released',
    ]);
    const notices = (await ok(200, owner, 'GET', '/notifications')) as { title: string }[];
    expect(notices.map((notice) => notice.title)).toContain('Aduana: Liberado');
    // Released is final.
    const refused = await call(
      staff,
      'POST',
      `/staff/international/shipments/${bought.id}/customs-status`,
      {
        status: 'held',
      },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'El envío está «Liberado» en aduana y no puede pasar a «Retenido en aduana».',
    );
  });

  it('staff record what the courier reported; the sandbox then leaves it alone', async () => {
    const view = await quoted();
    const response = await buyT1(ctx, owner, view);
    expect(response.statusCode, response.body).toBe(201);
    const bought = response.json().data as T1Shipment;
    const url = `/staff/international/shipments/${bought.id}/customs-status`;
    const skipped = await call(staff, 'POST', url, { status: 'released' });
    expect(skipped.statusCode).toBe(409);
    await ok(200, staff, 'POST', url, { status: 'in_clearance' });
    const due = await ok(200, staff, 'POST', url, { status: 'duties_due', note: 'DDP no pagado' });
    expect(due).toMatchObject({
      customs_status: 'duties_due',
      organization: { id: organizationId },
    });
    ctx.clock.advance(6 * HOUR);
    await ctx.app.jobs.runDue(ctx.clock.now());
    [owner, staff] = await Promise.all([signIn(ctx, owner), signIn(ctx, staff)]);
    const after = (await ok(
      200,
      owner,
      'GET',
      `/international-shipments/${bought.id}`,
    )) as T1Shipment;
    expect(after.customs_status).toBe('duties_due');
    expect(after.customs_events.at(-1)).toMatchObject({ actor: 'staff', note: 'DDP no pagado' });
    const listed = await ok(
      200,
      staff,
      'GET',
      '/staff/international/shipments?customs_status=duties_due',
    );
    expect(listed.map((row: { id: string }) => row.id)).toContain(bought.id);
  });

  it('an import leaves from the sender abroad to the location; the sandbox may hold it', async () => {
    const response = await importFrom('US', '60.00', { reference: 'RETENIDO-1' });
    expect(response.statusCode, response.body).toBe(201);
    const view = response.json().data as T1QuoteView;
    const bought = await buyT1(ctx, owner, view);
    expect(bought.statusCode, bought.body).toBe(201);
    const detail = bought.json().data as T1Shipment;
    expect(detail.shipment.origin).toMatchObject({ country: 'US', zip: '78701', city: 'Austin' });
    expect(detail.shipment.destination).toMatchObject({ country: 'MX', zip: '06700' });
    expect(detail).toMatchObject({ direction: 'import', recipient_tax_id: RFC });
    for (const hours of [2, 4]) {
      ctx.clock.advance(hours * HOUR);
      await ctx.app.jobs.runDue(ctx.clock.now());
    }
    owner = await signIn(ctx, owner);
    const held = (await ok(
      200,
      owner,
      'GET',
      `/international-shipments/${detail.id}`,
    )) as T1Shipment;
    expect(held.customs_status).toBe('held');
  });

  it('cancels like a guide: the whole charge back once the carrier confirms', async () => {
    const view = await quoted();
    const before = await available();
    const bought = (await buyT1(ctx, owner, view)).json().data as T1Shipment;
    expect(await available()).toBe(before - view.rates[0]!.total);
    stranger = await signIn(ctx, stranger);
    const url = `/international-shipments/${bought.id}/cancellation`;
    expect((await call(stranger, 'POST', url)).statusCode).toBe(404);
    const cancelled = (await ok(202, owner, 'POST', url)) as T1Shipment;
    expect(cancelled.shipment.cancellation_requested_at).not.toBeNull();
    expect((await call(owner, 'POST', url)).json().error.code).toBe('GUIDE_ALREADY_CANCELLED');
    ctx.clock.advance(5 * 60_000);
    await ctx.app.jobs.runDue(ctx.clock.now());
    owner = await signIn(ctx, owner);
    expect(await available()).toBe(before);
    expect(await verifyLedger(ctx.db)).toEqual([]);
  });

  it('a user with only the international permission picks locations and products and quotes', async () => {
    const clerk = await createTestUser(ctx, {
      organizationId,
      permissions: ['international_trade.create_international_shipment'],
    });
    expect((await call(clerk, 'GET', '/locations')).statusCode).toBe(200);
    expect((await call(clerk, 'GET', '/products')).statusCode).toBe(200);
    const response = await callAs(
      ctx.app,
      clerk,
      'POST',
      '/international-shipments/quotes',
      t1QuoteBody(locationId, productId),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect((await call(clerk, 'GET', '/shipments')).statusCode).toBe(403);
  });

  it('another organization finds nothing; merchants cannot reach the staff tables', async () => {
    stranger = await signIn(ctx, stranger);
    const view = await quoted();
    const bought = (await buyT1(ctx, owner, view)).json().data as T1Shipment;
    for (const url of [
      `/international-shipments/quotes/${view.id}`,
      `/international-shipments/${bought.id}`,
      `/international-shipments/${bought.id}/label.pdf`,
      `/international-shipments/${bought.id}/commercial-invoice.pdf`,
    ]) {
      expect((await call(stranger, 'GET', url)).statusCode, url).toBe(404);
    }
    const foreign = await callAs(
      ctx.app,
      stranger,
      'POST',
      '/international-shipments/quotes',
      t1QuoteBody(locationId, productId),
    );
    expect(foreign.statusCode).toBe(404);
    expect((await call(stranger, 'GET', '/international-shipments')).json().data).toEqual([]);
    for (const url of [
      '/staff/international/duty-rates',
      '/staff/international/exchange-rates',
      '/staff/international/restrictions',
      '/staff/international/shipments',
    ]) {
      expect((await call(owner, 'GET', url)).statusCode, url).toBe(403);
    }
    const post = await call(
      owner,
      'POST',
      `/staff/international/shipments/${bought.id}/customs-status`,
      {
        status: 'in_clearance',
      },
    );
    expect(post.statusCode).toBe(403);
  });
});
