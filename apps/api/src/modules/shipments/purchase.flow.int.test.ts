/**
 * Decision 028, the guide purchase as a flow, for a label with catalogue products from a
 * stock-keeping location: a crash right after each step (and during the carrier's call) is
 * resumed or compensated by the flow's job to a whole state, with every answered request intact;
 * a carrier's refusal releases the hold and the stock; a cancel of the guide at each step
 * boundary has one answer; and the carrier is called with no connection of the app's pool in use.
 */
import type { QuoteView } from '@despacho/domain';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Crash, flowHarness } from '../../../test/flow-harness';
import type { createTestApp } from '../../../test/test-app';
import { callAs, signIn } from '../../../test/users';
import type { FlowData, FlowRun } from '../../platform/flows';
import { stockedMerchant } from '../inventory/inventory.test-support';
import { verifyLedger, verifyStock } from '../invariants';
import {
  destinationAddress,
  guideProduct,
  MEXICO_CITY_ZIP,
  MONTERREY_ZIP,
} from './guides.test-support';
import { PURCHASE_FLOW } from './purchase.flow';

const FUNDS = 500_000;
const PARCEL = { length: 30, width: 20, height: 15, weight: 2 };

let ctx: Awaited<ReturnType<typeof createTestApp>>;
/** The app's flow hooks and the carriers' calls (`test/flow-harness.ts`). */
let flow: Awaited<ReturnType<typeof flowHarness>>;

beforeAll(async () => {
  flow = await flowHarness();
  ctx = flow.ctx;
});
beforeEach(() => flow.reset());
afterAll(async () => {
  expect(await verifyStock(ctx.db)).toEqual([]);
  expect(await verifyLedger(ctx.db)).toEqual([]);
  await ctx.close();
});

/**
 * A funded merchant keeping 5 units of a variant at its own location, and its request for a
 * label taking 2 of them (one Idempotency-Key, sent as often as a test likes).
 */
async function labelWithProducts(reference?: string) {
  const { user, organizationId, locationId, stockLocationId, variantId } = await stockedMerchant(
    ctx,
    { company: `Flujo ${randomUUID()}`, onHand: 5, funds: FUNDS },
  );
  const quoted = await callAs(ctx.app, user, 'POST', '/quotes', {
    origin_zip: MEXICO_CITY_ZIP,
    destination_zip: MONTERREY_ZIP,
    parcels: [PARCEL],
  });
  expect(quoted.statusCode, quoted.body).toBe(201);
  const quote = quoted.json().data as QuoteView;
  const rate = quote.rates.find((candidate) => candidate.carrier_key === 'estafeta')!;
  return {
    user,
    organizationId,
    stockLocationId,
    variantId,
    quoteId: quote.id,
    total: rate.total,
    key: randomUUID(),
    body: {
      location_id: locationId,
      destination: destinationAddress,
      packages: [
        { ...PARCEL, products: [{ ...guideProduct, quantity: 2, variant_id: variantId }] },
      ],
      quote_id: quote.id,
      rate_id: rate.id,
      ...(reference ? { reference } : {}),
    },
  };
}
type Label = Awaited<ReturnType<typeof labelWithProducts>>;

/** A call as the user signed in now: recovery moves the clock past an access token's life. */
const as = async (label: Label) => signIn(ctx, label.user);
const buy = async (label: Label) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/shipments',
    headers: (await as(label)).headers({ 'idempotency-key': label.key }),
    payload: label.body,
  });
const cancel = async (label: Label, id: string) =>
  callAs(ctx.app, await as(label), 'POST', `/shipments/${id}/cancellation`);

async function query<T extends Record<string, unknown>>(text: string, values: unknown[]) {
  return (await ctx.db.$client.query<T>(text, values)).rows;
}

async function guideOf(label: Label) {
  const [row] = await query<{ id: string; purchase_state: string; tracking_number: string | null }>(
    `select id, purchase_state, tracking_number from shipments where organization_id = $1`,
    [label.organizationId],
  );
  return row!;
}

async function runOf(shipmentId: string) {
  const [row] = await query<{ state: string; step: string; failed_step: string | null }>(
    `select state, step, failed_step, data ? 'label' as label from flow_runs
      where kind = $1 and subject_id = $2`,
    [PURCHASE_FLOW, shipmentId],
  );
  return row;
}

async function stockOf(label: Label) {
  const [row] = await query<{ on_hand: number; reserved: number }>(
    `select on_hand, reserved from stock_balances where variant_id = $1 and location_id = $2`,
    [label.variantId, label.stockLocationId],
  );
  return row;
}

async function walletOf(label: Label) {
  const { data } = (await callAs(ctx.app, await as(label), 'GET', '/wallet/balance')).json();
  return { available: data.available_centavos, onHold: data.on_hold_centavos };
}

/** The jobs of a restarted process: the purchase's resume job, with its retries. */
const recover = () => flow.recover();

/** The guide bought once, its 2 units shipped, the money captured, the same key answering it. */
async function expectPurchasedOnce(label: Label) {
  const guide = await guideOf(label);
  expect(guide.purchase_state).toBe('purchased');
  expect(await runOf(guide.id)).toEqual({
    state: 'succeeded',
    step: 'settle',
    failed_step: null,
    label: false,
  });
  expect(await stockOf(label)).toEqual({ on_hand: 3, reserved: 0 });
  expect(await walletOf(label)).toEqual({ available: FUNDS - label.total, onHold: 0 });
  // Answered or not, the request sent again answers the same guide and buys nothing more.
  const again = await buy(label);
  expect(again.statusCode, again.body).toBe(200);
  expect(again.json().data).toMatchObject({ id: guide.id, tracking_number: guide.tracking_number });
  expect(
    (await query(`select 1 from shipments where organization_id = $1`, [label.organizationId]))
      .length,
  ).toBe(1);
  expect(await verifyStock(ctx.db)).toEqual([]);
  expect(await verifyLedger(ctx.db)).toEqual([]);
}

/** The guide failed, its hold and units released, the quote free again. */
async function expectReleased(label: Label) {
  const guide = await guideOf(label);
  expect(guide.purchase_state).toBe('failed');
  expect(await runOf(guide.id)).toMatchObject({
    state: 'compensated',
    step: 'carrier',
    failed_step: 'carrier',
  });
  expect(await stockOf(label)).toEqual({ on_hand: 5, reserved: 0 });
  expect(await walletOf(label)).toEqual({ available: FUNDS, onHold: 0 });
  const [quote] = await query<{ status: string }>(`select status from quotes where id = $1`, [
    label.quoteId,
  ]);
  expect(quote!.status).toBe('quote');
  const again = await buy(label);
  expect(again.statusCode).toBe(502);
  expect(again.json().error).toMatchObject({
    code: 'GUIDE_PAYMENT_FAILED',
    details: { reason: expect.stringContaining('Estafeta rechazó la guía'), shipment_id: guide.id },
  });
  expect(await verifyStock(ctx.db)).toEqual([]);
  expect(await verifyLedger(ctx.db)).toEqual([]);
}

/** Throws once, right after the checkpoint where the purchase is at `step` in `state`. */
const crashAt = (step: string, state = 'running') => flow.crashAt(PURCHASE_FLOW, step, state);

/** What a crash between the start and the settle leaves: under way, units and money held. */
async function expectUnderWay(label: Label, step: string) {
  const guide = await guideOf(label);
  expect(guide.purchase_state).toBe('purchasing');
  expect(await runOf(guide.id)).toMatchObject({ state: 'running', step });
  expect(await stockOf(label)).toEqual({ on_hand: 5, reserved: 2 });
  expect(await walletOf(label)).toEqual({ available: FUNDS - label.total, onHold: label.total });
  const retry = await buy(label);
  expect(retry.statusCode).toBe(409);
  expect(retry.json().error.code).toBe('PURCHASE_IN_PROGRESS');
  // Not before five minutes: the request may still be under way.
  await ctx.app.jobs.runDue(ctx.clock.now(), 10_000);
  expect((await guideOf(label)).purchase_state).toBe('purchasing');
}

describe('a label with products, crashed after each step', () => {
  it('resumes a purchase that died right after its start', async () => {
    const label = await labelWithProducts();
    flow.hooks.atCheckpoint = crashAt('carrier');
    expect((await buy(label)).statusCode).toBe(500);
    flow.hooks.atCheckpoint = undefined;
    await expectUnderWay(label, 'carrier');
    await recover();
    await expectPurchasedOnce(label);
  });

  it('resumes a purchase that died during the carrier call', async () => {
    const label = await labelWithProducts();
    flow.hooks.atCarrier = async () => {
      flow.hooks.atCarrier = undefined;
      throw new Crash('the process died while the carrier answered');
    };
    expect((await buy(label)).statusCode).toBe(500);
    await expectUnderWay(label, 'carrier');
    await recover();
    await expectPurchasedOnce(label);
  });

  it('settles the label the carrier issued before the process died, asking again', async () => {
    const label = await labelWithProducts();
    flow.hooks.atCheckpoint = crashAt('settle');
    expect((await buy(label)).statusCode).toBe(500);
    flow.hooks.atCheckpoint = undefined;
    // The carrier's answer rides with the settle (answerWithNext): the row is still at the call,
    // with no label, and the resume asks the carrier again with the same shipment id.
    await expectUnderWay(label, 'carrier');
    expect((await runOf((await guideOf(label)).id))!).toMatchObject({ label: false });
    const calls = flow.hooks.inUse.length;
    await recover();
    expect(flow.hooks.inUse).toHaveLength(calls + 1);
    await expectPurchasedOnce(label);
  });

  it('has nothing left to do after a crash right after the settle', async () => {
    const label = await labelWithProducts();
    flow.hooks.atCheckpoint = crashAt('settle', 'succeeded');
    expect((await buy(label)).statusCode).toBe(500);
    flow.hooks.atCheckpoint = undefined;
    await recover();
    await expectPurchasedOnce(label);
  });

  it('releases the hold and the units when the carrier refuses', async () => {
    const label = await labelWithProducts('SANDBOX-FALLA');
    const refused = await buy(label);
    expect(refused.statusCode, refused.body).toBe(502);
    await expectReleased(label);
  });

  it('compensates a refusal whose process died before undoing it', async () => {
    const label = await labelWithProducts('SANDBOX-FALLA');
    flow.hooks.atCheckpoint = crashAt('carrier', 'compensating');
    expect((await buy(label)).statusCode).toBe(500);
    flow.hooks.atCheckpoint = undefined;
    const guide = await guideOf(label);
    expect(guide.purchase_state).toBe('purchasing');
    expect(await runOf(guide.id)).toMatchObject({ state: 'compensating', failed_step: 'carrier' });
    expect(await stockOf(label)).toEqual({ on_hand: 5, reserved: 2 });
    await recover();
    await expectReleased(label);
  });

  it('compensates a refusal met by the resume job', async () => {
    const label = await labelWithProducts('SANDBOX-FALLA');
    flow.hooks.atCheckpoint = crashAt('carrier');
    expect((await buy(label)).statusCode).toBe(500);
    flow.hooks.atCheckpoint = undefined;
    await recover();
    await expectReleased(label);
  });
});

describe('a cancel of the guide racing its purchase', () => {
  /** Sends the cancel at the boundary `at` picks; answers what it got and what the purchase got. */
  async function raceAt(label: Label, at: (run: FlowRun<FlowData>) => boolean) {
    let answer: { statusCode: number; code?: string } | undefined;
    flow.hooks.atCheckpoint = async (run) => {
      if (answer || run.kind !== PURCHASE_FLOW || !at(run)) return;
      const response = await cancel(label, run.subjectId);
      answer = { statusCode: response.statusCode, code: response.json().error?.code };
    };
    const bought = await buy(label);
    flow.hooks.atCheckpoint = undefined;
    return { cancelled: answer, bought };
  }

  // While the purchase is under way the guide has nothing to cancel yet: it answers as a guide
  // not bought does (decision 017), and the purchase goes on.
  for (const [boundary, at] of [
    ['after the start', (run: FlowRun<FlowData>) => run.step === 'carrier'],
    ['after the carrier issued the label', (run: FlowRun<FlowData>) => run.step === 'settle'],
  ] as const) {
    it(`is NOT_FOUND ${boundary}, and the guide is bought`, async () => {
      const label = await labelWithProducts();
      const { cancelled, bought } = await raceAt(
        label,
        (run) => run.state === 'running' && at(run),
      );
      expect(cancelled).toEqual({ statusCode: 404, code: 'NOT_FOUND' });
      expect(bought.statusCode, bought.body).toBe(201);
      await expectPurchasedOnce(label);
    });
  }

  it('is NOT_FOUND during the carrier call, and the guide is bought', async () => {
    const label = await labelWithProducts();
    let answer: string | undefined;
    flow.hooks.atCarrier = async () => {
      answer = (await cancel(label, (await guideOf(label)).id)).json().error?.code;
    };
    expect((await buy(label)).statusCode).toBe(201);
    expect(answer).toBe('NOT_FOUND');
    await expectPurchasedOnce(label);
  });

  it('goes through once the guide is settled: the refund and the units come back', async () => {
    const label = await labelWithProducts();
    const { cancelled, bought } = await raceAt(label, (run) => run.state === 'succeeded');
    expect(cancelled).toEqual({ statusCode: 202, code: undefined });
    expect(bought.statusCode, bought.body).toBe(201);
    ctx.clock.advance(2 * 60_000);
    await ctx.app.jobs.runDue(ctx.clock.now(), 10_000);
    const [guide] = await query<{ status: string }>(`select status from shipments where id = $1`, [
      bought.json().data.id,
    ]);
    expect(guide!.status).toBe('cancelled');
    expect(await stockOf(label)).toEqual({ on_hand: 5, reserved: 0 });
    expect(await walletOf(label)).toEqual({ available: FUNDS, onHold: 0 });
    expect(await verifyStock(ctx.db)).toEqual([]);
    expect(await verifyLedger(ctx.db)).toEqual([]);
  });

  it('is NOT_FOUND once a refused purchase is compensated', async () => {
    const label = await labelWithProducts('SANDBOX-FALLA');
    const { cancelled, bought } = await raceAt(label, (run) => run.state === 'compensated');
    expect(cancelled).toEqual({ statusCode: 404, code: 'NOT_FOUND' });
    expect(bought.statusCode).toBe(502);
    await expectReleased(label);
  });
});

describe('outside calls', () => {
  it('asks the carrier with no connection of the pool in use, in the request and in recovery', async () => {
    const label = await labelWithProducts();
    expect((await buy(label)).statusCode).toBe(201);
    const lost = await labelWithProducts();
    flow.hooks.atCarrier = async () => {
      flow.hooks.atCarrier = undefined;
      throw new Crash('the process died while the carrier answered');
    };
    expect((await buy(lost)).statusCode).toBe(500);
    // The jobs the first guide left (its events, its notices) run now, so that none of them
    // holds a connection beside the recovery's carrier call: only the flow is measured.
    await ctx.app.jobs.runDue(ctx.clock.now());
    await recover();
    expect((await guideOf(lost)).purchase_state).toBe('purchased');
    expect(flow.hooks.inUse).toEqual([0, 0, 0]);
  });
});
