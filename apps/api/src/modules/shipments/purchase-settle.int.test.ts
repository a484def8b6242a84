/**
 * The settle step of a guide whose carrier issued it exists once, `shipment_settle_purchase`
 * (decision 022). Each of its outcomes, reached the way it can happen: something changes the
 * guide or its money while the purchase is waiting on the carrier.
 */
import { shipmentCreateSchema, type QuoteView } from '@despacho/domain';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../../../test/test-app';
import { callAs, createTestMerchant, type TestUser } from '../../../test/users';
import { AppError } from '../../platform/errors';
import type { LabelRequest } from '../carriers/carrier-adapter';
import { carrierAdapters, type CarrierAdapters } from '../carriers/carrier-adapters';
import { LedgerService } from '../wallet/ledger.service';
import { verifyLedger } from '../invariants';
import {
  createLocation,
  destinationAddress,
  fund,
  guideProduct,
  MEXICO_CITY_ZIP,
  MONTERREY_ZIP,
  otherProcessPurchase,
} from './guides.test-support';
import { RESUME_FLOW_AFTER_MS } from '../../platform/flows';

const FUNDS = 100_000;
const parcel = { length: 30, width: 20, height: 15, weight: 2 };

let ctx: Awaited<ReturnType<typeof createTestApp>>;
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
}

async function merchant(company: string): Promise<Merchant> {
  const { user, organization } = await createTestMerchant(ctx, company);
  await fund(ctx, organization.id, FUNDS);
  return { user, organizationId: organization.id, locationId: await createLocation(ctx, user) };
}

async function quote(user: TestUser): Promise<QuoteView> {
  const response = await callAs(ctx.app, user, 'POST', '/quotes', {
    origin_zip: MEXICO_CITY_ZIP,
    destination_zip: MONTERREY_ZIP,
    parcels: [parcel],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

/**
 * A purchase whose carrier call waits until `issue()`: `atCarrier` resolves with the guide's id
 * once the hold is taken and the guide is `purchasing`; then the sandbox issues the label.
 */
function purchaseWaitingOnCarrier(m: Merchant, view: QuoteView) {
  const config = testConfig();
  const sandbox = carrierAdapters({ ...ctx, config, postalCodes: ctx.app.services.postalCodes });
  let issue!: () => void;
  const gate = new Promise<void>((resolve) => (issue = resolve));
  let reached!: (shipmentId: string) => void;
  const atCarrier = new Promise<string>((resolve) => (reached = resolve));
  const waiting = new Proxy({} as CarrierAdapters, {
    get: (_target, key: keyof CarrierAdapters) => ({
      key,
      sandbox: true,
      createLabel: async (request: LabelRequest) => {
        reached(request.shipmentId);
        await gate;
        return sandbox[key].createLabel(request);
      },
    }),
  });
  const service = otherProcessPurchase(ctx, waiting);
  const rate = view.rates.find((candidate) => candidate.carrier_key === 'estafeta')!;
  const purchase = service.purchase({
    organizationId: m.organizationId,
    userId: m.user.id,
    idempotencyKey: randomUUID(),
    language: 'es',
    data: shipmentCreateSchema.parse({
      location_id: m.locationId,
      destination: destinationAddress,
      packages: [{ ...parcel, products: [guideProduct] }],
      quote_id: view.id,
      rate_id: rate.id,
    }),
  });
  // Settled by the test, whichever way it goes.
  purchase.catch(() => undefined);
  return { purchase, atCarrier, issue, total: rate.total };
}

async function one<T extends Record<string, unknown>>(text: string, values: unknown[]) {
  const { rows } = await ctx.db.$client.query<T>(text, values);
  return rows[0];
}

const guide = (id: string) =>
  one<{ purchase_state: string; charge_transaction_id: string | null; labels: number }>(
    `select purchase_state, charge_transaction_id,
            (select count(*)::int from shipment_labels l where l.shipment_id = s.id) as labels
       from shipments s where id = $1`,
    [id],
  );

const holdOf = (shipmentId: string) =>
  one<{ id: string; status: string; amount: number }>(
    `select h.id, h.status, h.amount from ledger_holds h
       join shipments s on s.hold_id = h.id where s.id = $1`,
    [shipmentId],
  );

async function wallet(user: TestUser) {
  const { data } = (await callAs(ctx.app, user, 'GET', '/wallet/balance')).json();
  return { available: data.available_centavos, onHold: data.on_hold_centavos };
}

/** The purchase's error code, once the carrier has issued the guide. */
async function refusedWith(purchase: Promise<unknown>) {
  const error = await purchase.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
}

/**
 * Nothing of the settle was written: the guide still under way, no charge, no label, and the
 * run's checkpoint, in the settle's statement, rolled back with it: the run is where the carrier
 * call left it, for its resume job.
 */
async function expectNothingSettled(shipmentId: string) {
  expect(
    await one(`select state, step from flow_runs where subject_id = $1`, [shipmentId]),
  ).toEqual({ state: 'running', step: 'carrier' });
  expect(await guide(shipmentId)).toEqual({
    purchase_state: 'purchasing',
    charge_transaction_id: null,
    labels: 0,
  });
  const captures = await one<{ count: number }>(
    `select count(*)::int as count from ledger_transactions where idempotency_key = $1`,
    [`shipment:${shipmentId}:capture`],
  );
  expect(captures!.count).toBe(0);
}

describe('settling a guide the carrier issued', () => {
  it('settled: captures the hold and writes the guide, its label and its first event', async () => {
    const m = await merchant('Liquida');
    const { purchase, atCarrier, issue, total } = purchaseWaitingOnCarrier(m, await quote(m.user));
    const id = await atCarrier;
    expect(await wallet(m.user)).toEqual({ available: FUNDS - total, onHold: total });
    issue();
    const { shipment } = await purchase;
    expect(shipment).toMatchObject({ id, purchase_state: 'purchased' });
    expect(shipment.events.map((event) => event.code)).toEqual(['label_created']);
    expect(await guide(id)).toMatchObject({ purchase_state: 'purchased', labels: 1 });
    expect((await holdOf(id))!.status).toBe('captured');
    expect(await wallet(m.user)).toEqual({ available: FUNDS - total, onHold: 0 });
    // The hold and the capture read as the guide: a code with the catalogue's keys, no sentence.
    const { rows: movements } = await ctx.db.$client.query(
      `select idempotency_key as key, description_code as code, description_params as params,
              description
         from ledger_transactions where reference_id = $1 order by idempotency_key`,
      [id],
    );
    const guidePurchase = {
      code: 'guide_purchase',
      params: { carrier: 'estafeta', service: shipment.service_key },
      description: null,
    };
    expect(movements).toEqual([
      { key: `shipment:${id}:capture`, ...guidePurchase },
      { key: `shipment:${id}:hold`, ...guidePurchase },
    ]);
  });

  it('a guide the resume job settled meanwhile is answered as it stands, charged once', async () => {
    const m = await merchant('Se adelantó');
    const { purchase, atCarrier, issue, total } = purchaseWaitingOnCarrier(m, await quote(m.user));
    const id = await atCarrier;
    // The carrier is slow enough for the sweep to give the unmoving run a resume job, which
    // finishes it: the request's own checkpoint then finds the run moved and answers the guide
    // as it stands.
    ctx.clock.advance(RESUME_FLOW_AFTER_MS);
    await ctx.app.jobs.sweep(ctx.clock.now());
    await ctx.app.jobs.runDue(ctx.clock.now(), 10_000);
    const recovered = await guide(id);
    expect(recovered).toMatchObject({ purchase_state: 'purchased', labels: 1 });
    issue();
    const { shipment } = await purchase;
    expect(shipment).toMatchObject({ id, purchase_state: 'purchased' });
    expect(await guide(id)).toEqual(recovered);
    expect(await wallet(m.user)).toEqual({ available: FUNDS - total, onHold: 0 });
  });

  it('not_found: a guide gone meanwhile is NOT_FOUND', async () => {
    const m = await merchant('Borrada');
    const { purchase, atCarrier, issue, total } = purchaseWaitingOnCarrier(m, await quote(m.user));
    const id = await atCarrier;
    await ctx.db.$client.query(`delete from shipments where id = $1`, [id]);
    issue();
    expect(await refusedWith(purchase)).toBe('NOT_FOUND');
    // The hold stays where the guide left it; nothing was captured.
    expect(await wallet(m.user)).toEqual({ available: FUNDS - total, onHold: total });
  });

  it('hold_missing: a guide without its hold is NOT_FOUND, with nothing written', async () => {
    const m = await merchant('Sin retención');
    const { purchase, atCarrier, issue } = purchaseWaitingOnCarrier(m, await quote(m.user));
    const id = await atCarrier;
    await ctx.db.$client.query(`update shipments set hold_id = null where id = $1`, [id]);
    issue();
    expect(await refusedWith(purchase)).toBe('NOT_FOUND');
    await expectNothingSettled(id);
  });

  it('hold_settled: a hold released meanwhile is CHARGE_ALREADY_SETTLED, with nothing written', async () => {
    const m = await merchant('Liberada');
    const { purchase, atCarrier, issue } = purchaseWaitingOnCarrier(m, await quote(m.user));
    const id = await atCarrier;
    const hold = (await holdOf(id))!;
    await new LedgerService(ctx).release({
      organizationId: m.organizationId,
      idempotencyKey: `test-release-${id}`,
      kind: 'label',
      holdId: hold.id,
    });
    issue();
    expect(await refusedWith(purchase)).toBe('CHARGE_ALREADY_SETTLED');
    await expectNothingSettled(id);
    expect((await holdOf(id))!.status).toBe('released');
    expect(await wallet(m.user)).toEqual({ available: FUNDS, onHold: 0 });
  });

  it('key_used: another movement under the capture key is IDEMPOTENCY_KEY_REUSED, with nothing written', async () => {
    const m = await merchant('Llave usada');
    const { purchase, atCarrier, issue, total } = purchaseWaitingOnCarrier(m, await quote(m.user));
    const id = await atCarrier;
    await new LedgerService(ctx).debit({
      organizationId: m.organizationId,
      idempotencyKey: `shipment:${id}:capture`,
      kind: 'label',
      lines: [{ account: 'carrier_payable', amount: 100 }],
    });
    issue();
    expect(await refusedWith(purchase)).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await guide(id)).toEqual({
      purchase_state: 'purchasing',
      charge_transaction_id: null,
      labels: 0,
    });
    expect((await holdOf(id))!.status).toBe('held');
    expect(await wallet(m.user)).toEqual({ available: FUNDS - total - 100, onHold: total });
  });

  it('over_hold: charges above what is held are INSUFFICIENT_BALANCE, with nothing written', async () => {
    const m = await merchant('Cargo mayor');
    const { purchase, atCarrier, issue, total } = purchaseWaitingOnCarrier(m, await quote(m.user));
    const id = await atCarrier;
    await ctx.db.$client.query(
      `update shipments set carrier_cost = carrier_cost + 1, total = total + 1 where id = $1`,
      [id],
    );
    issue();
    expect(await refusedWith(purchase)).toBe('INSUFFICIENT_BALANCE');
    await expectNothingSettled(id);
    expect((await holdOf(id))!).toMatchObject({ status: 'held', amount: total });
  });
});
