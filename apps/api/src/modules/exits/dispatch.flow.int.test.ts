/**
 * Decision 028, the exit dispatch as a flow: a crash right after each step (and during the
 * carrier's call) is resumed by the flow's job to a whole state; a merchant's cancel at each
 * step boundary has one answer; the carrier is called with no connection of the app's pool in
 * use; and a shipped exit follows its guide when the merchant cancels it, listed for staff.
 */
import { randomUUID } from 'node:crypto';
import { GUIDE_CANCELLED_SHOWN_DAYS } from '@despacho/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Crash, flowHarness } from '../../../test/flow-harness';
import type { createTestApp } from '../../../test/test-app';
import { type CallArgs, signIn } from '../../../test/users';
import type { FlowData, FlowRun } from '../../platform/flows';
import { createOwnStockLocation } from '../inventory/inventory.test-support';
import { insertVariants } from '../inventory/stock.test-support';
import { fund, guideProduct, requestGuide } from '../shipments/guides.test-support';
import { CONFIRM_CANCELLATION_JOB } from '../shipments/cancellation.service';
import { verifyLedger, verifyStock } from '../invariants';
import { DISPATCH_FLOW } from './dispatch.flow';
import { exitsBench } from './exits.test-support';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let bench: Awaited<ReturnType<typeof exitsBench>>;
/** The app's flow hooks and the carriers' calls (`test/flow-harness.ts`). */
let flow: Awaited<ReturnType<typeof flowHarness>>;

/** A call as the user signed in now: recovery moves the clock past an access token's life. */
const call = async (...[user, ...rest]: CallArgs) => bench.call(await signIn(ctx, user), ...rest);

beforeAll(async () => {
  flow = await flowHarness();
  ctx = flow.ctx;
  bench = await exitsBench(ctx);
});
beforeEach(() => flow.reset());
afterAll(async () => {
  expect(await verifyStock(ctx.db)).toEqual([]);
  expect(await verifyLedger(ctx.db)).toEqual([]);
  await ctx.close();
});

/** A funded merchant's exit of 2 of 5 units, processing, with staff's ship request. */
async function processingExit() {
  const m = await bench.merchant(5);
  await fund(ctx, m.organizationId, 500_000);
  const variant = m.variants[0]!;
  const exit = await bench.createExit(m, [{ variant_id: variant, quantity: 2 }]);
  const processed = await call(m.user, 'POST', `/exits/${exit.id}/process`, {});
  expect(processed.statusCode, processed.body).toBe(200);
  return { m, variant, exit, body: await bench.shipBody(exit.id) };
}
type Setup = Awaited<ReturnType<typeof processingExit>>;

const ship = (setup: Setup, body: object = setup.body) =>
  call(bench.staff, 'POST', `/staff/exits/${setup.exit.id}/ship`, body);
const cancel = (setup: Setup) => call(setup.m.user, 'POST', `/exits/${setup.exit.id}/cancel`, {});

async function runOf(exitId: string) {
  const runs = await ctx.db.execute<{ state: string; step: string; failed_step: string | null }>(
    sql`select state, step, failed_step from flow_runs where subject_id = ${exitId}
        order by created_at desc`,
  );
  return runs.rows[0];
}

async function guidesOf(organizationId: string) {
  const rows = await ctx.db.execute<{ purchase_state: string }>(
    sql`select purchase_state from shipments where organization_id = ${organizationId}`,
  );
  return rows.rows.map((row) => row.purchase_state);
}

/** The jobs of a restarted process: the resume jobs of the dispatch and its purchase, with retries. */
const recover = () => flow.recover();

/** The exit shipped once with one purchased guide, and the stock and money whole. */
async function expectShippedOnce(setup: Setup) {
  const view = (await call(setup.m.user, 'GET', `/exits/${setup.exit.id}`)).json().data;
  expect(view).toMatchObject({ status: 'shipped', guide: { shipment_id: expect.any(String) } });
  expect(await bench.balance(setup.m.organizationId, setup.variant)).toMatchObject({
    on_hand: 3,
    reserved: 0,
  });
  expect(await guidesOf(setup.m.organizationId)).toEqual(['purchased']);
  expect(await runOf(setup.exit.id)).toMatchObject({ state: 'succeeded', step: 'ship' });
  // Acknowledged or not, the request sent again answers the exit shipped and buys nothing.
  const again = await ship(setup);
  expect(again.statusCode, again.body).toBe(200);
  expect(await guidesOf(setup.m.organizationId)).toEqual(['purchased']);
  expect(await verifyStock(ctx.db)).toEqual([]);
  expect(await verifyLedger(ctx.db)).toEqual([]);
}

/** Throws once, right after the checkpoint where the dispatch is at `step` in `state`. */
const crashAt = (step: string, state = 'running') => flow.crashAt(DISPATCH_FLOW, step, state);

describe('the exit dispatch, crashed after each step', () => {
  it('resumes a dispatch that died right after it started', async () => {
    const setup = await processingExit();
    flow.hooks.atCheckpoint = crashAt('buy');
    expect((await ship(setup)).statusCode).toBe(500);
    flow.hooks.atCheckpoint = undefined;
    expect(await runOf(setup.exit.id)).toMatchObject({ state: 'running', step: 'buy' });
    expect(await guidesOf(setup.m.organizationId)).toEqual([]);
    await recover();
    await expectShippedOnce(setup);
  });

  it('is driven on by the same request sent again, and refuses another quote', async () => {
    const setup = await processingExit();
    flow.hooks.atCheckpoint = crashAt('buy');
    expect((await ship(setup)).statusCode).toBe(500);
    flow.hooks.atCheckpoint = undefined;
    // The run owns the exit (its unique index): another quote is refused, and staff's request
    // sent again finishes the run it started, with no job and no person.
    const other = await ship(setup, await bench.shipBody(setup.exit.id));
    expect(other.json().error?.code).toBe('EXIT_DISPATCHING');
    const again = await ship(setup);
    expect(again.statusCode, again.body).toBe(200);
    await expectShippedOnce(setup);
  });

  it('resumes a dispatch that died during the carrier call', async () => {
    const setup = await processingExit();
    flow.hooks.atCarrier = async () => {
      flow.hooks.atCarrier = undefined;
      throw new Crash('the process died while the carrier answered');
    };
    expect((await ship(setup)).statusCode).toBe(500);
    expect(await guidesOf(setup.m.organizationId)).toEqual(['purchasing']);
    expect(await runOf(setup.exit.id)).toMatchObject({ state: 'running', step: 'buy' });
    await recover();
    await expectShippedOnce(setup);
  });

  it('resumes a dispatch that died right after the guide was bought', async () => {
    const setup = await processingExit();
    flow.hooks.atCheckpoint = crashAt('ship');
    expect((await ship(setup)).statusCode).toBe(500);
    flow.hooks.atCheckpoint = undefined;
    expect(await guidesOf(setup.m.organizationId)).toEqual(['purchased']);
    expect(await bench.balance(setup.m.organizationId, setup.variant)).toMatchObject({
      on_hand: 5,
      reserved: 2,
    });
    await recover();
    await expectShippedOnce(setup);
  });

  it('has nothing left to do after a crash right after shipping', async () => {
    const setup = await processingExit();
    flow.hooks.atCheckpoint = crashAt('ship', 'succeeded');
    expect((await ship(setup)).statusCode).toBe(500);
    flow.hooks.atCheckpoint = undefined;
    await recover();
    await expectShippedOnce(setup);
  });

  it('compensates a refusal whose process died before undoing it', async () => {
    const m = await bench.merchant(5);
    const variant = m.variants[0]!;
    const exit = await bench.createExit(m, [{ variant_id: variant, quantity: 2 }]);
    await call(m.user, 'POST', `/exits/${exit.id}/process`, {});
    const setup: Setup = { m, variant, exit, body: await bench.shipBody(exit.id) };
    flow.hooks.atCheckpoint = crashAt('buy', 'compensating');
    expect((await ship(setup)).statusCode).toBe(500);
    flow.hooks.atCheckpoint = undefined;
    expect(await runOf(exit.id)).toMatchObject({ state: 'compensating', failed_step: 'buy' });
    expect((await cancel(setup)).json().error.code).toBe('EXIT_DISPATCHING');
    await recover();
    expect(await runOf(exit.id)).toMatchObject({ state: 'compensated', failed_step: 'buy' });
    expect(await bench.balance(m.organizationId, variant)).toMatchObject({
      on_hand: 5,
      reserved: 2,
    });
    expect((await cancel(setup)).statusCode).toBe(200);
  });
});

describe('a merchant cancel racing the dispatch', () => {
  /** Sends the cancel at the boundary `at` picks, and answers what it got and what ship got. */
  async function raceAt(setup: Setup, at: (run: FlowRun<FlowData>) => boolean) {
    let answer: { statusCode: number; code?: string } | undefined;
    flow.hooks.atCheckpoint = async (run) => {
      if (answer || run.kind !== DISPATCH_FLOW || !at(run)) return;
      const response = await cancel(setup);
      answer = { statusCode: response.statusCode, code: response.json().error?.code };
    };
    const shipped = await ship(setup);
    flow.hooks.atCheckpoint = undefined;
    return { cancelled: answer, shipped };
  }

  for (const [boundary, at] of [
    ['after the start', (run: FlowRun<FlowData>) => run.step === 'buy'],
    ['after the guide was bought', (run: FlowRun<FlowData>) => run.step === 'ship'],
  ] as const) {
    it(`is refused with EXIT_DISPATCHING ${boundary}, and the exit ships`, async () => {
      const setup = await processingExit();
      const { cancelled, shipped } = await raceAt(setup, at);
      expect(cancelled).toEqual({ statusCode: 409, code: 'EXIT_DISPATCHING' });
      expect(shipped.statusCode, shipped.body).toBe(200);
      await expectShippedOnce(setup);
    });
  }

  it('is refused with EXIT_DISPATCHING during the carrier call', async () => {
    const setup = await processingExit();
    let answer: string | undefined;
    flow.hooks.atCarrier = async () => {
      answer = (await cancel(setup)).json().error?.code;
    };
    expect((await ship(setup)).statusCode).toBe(200);
    expect(answer).toBe('EXIT_DISPATCHING');
    await expectShippedOnce(setup);
  });

  it('finds the exit shipped once the dispatch ended', async () => {
    const setup = await processingExit();
    const { cancelled } = await raceAt(setup, (run) => run.state === 'succeeded');
    expect(cancelled).toEqual({ statusCode: 409, code: 'EXIT_STATUS_CONFLICT' });
    await expectShippedOnce(setup);
  });

  it('goes through once a refused dispatch is compensated', async () => {
    const m = await bench.merchant(5);
    const variant = m.variants[0]!;
    const exit = await bench.createExit(m, [{ variant_id: variant, quantity: 2 }]);
    await call(m.user, 'POST', `/exits/${exit.id}/process`, {});
    const setup: Setup = { m, variant, exit, body: await bench.shipBody(exit.id) };
    const { cancelled, shipped } = await raceAt(setup, (run) => run.state === 'compensating');
    expect(cancelled).toEqual({ statusCode: 409, code: 'EXIT_DISPATCHING' });
    expect(shipped.statusCode).toBe(402);
    expect(shipped.json().error.code).toBe('INSUFFICIENT_BALANCE');
    const flows = await call(bench.staff, 'GET', '/staff/flows?state=compensated');
    expect(flows.json().data).toContainEqual(
      expect.objectContaining({
        kind: 'exit.dispatch',
        subject_id: exit.id,
        state: 'compensated',
        failed_step: 'buy',
        error: 'INSUFFICIENT_BALANCE',
      }),
    );
    const after = await cancel(setup);
    expect(after.statusCode, after.body).toBe(200);
    expect(await bench.balance(m.organizationId, variant)).toMatchObject({
      on_hand: 5,
      reserved: 0,
    });
  });
});

describe('outside calls', () => {
  it('asks the carrier with no connection of the pool in use, in the request and in recovery', async () => {
    const setup = await processingExit();
    expect((await ship(setup)).statusCode).toBe(200);
    // A label with products from the merchant's own location, whose first carrier call dies:
    // the recovery job asks again.
    const { user, organization } = await stockedLabelMerchant();
    flow.hooks.atCarrier = async () => {
      flow.hooks.atCarrier = undefined;
      throw new Crash('the process died while the carrier answered');
    };
    const label = await requestGuide(ctx, user, {
      locationId: organization.locationId,
      product: { ...guideProduct, quantity: 2, variant_id: organization.variantId },
    });
    expect(label.statusCode).toBe(500);
    // The jobs the first guide left (its events, its notices) run now, so that none of them
    // holds a connection beside the recovery's carrier call: only the flow is measured.
    await ctx.app.jobs.runDue(ctx.clock.now());
    await recover();
    expect(await guidesOf(organization.id)).toEqual(['purchased']);
    expect(flow.hooks.inUse).toEqual([0, 0, 0]);
  });
});

/** A funded merchant keeping 5 units of a variant at its own location. */
async function stockedLabelMerchant() {
  const m = await bench.merchant(0);
  await fund(ctx, m.organizationId, 500_000);
  const { locationId, stockLocationId } = await createOwnStockLocation(ctx, m.user);
  const [variantId] = await insertVariants(ctx.db, m.organizationId, 1);
  await ctx.app.services.stock.adjust(m.organizationId, {
    cause: { type: 'adjustment', id: `count-${randomUUID()}` },
    location: stockLocationId,
    lines: [{ variant_id: variantId!, on_hand: 5 }],
  });
  return {
    user: m.user,
    organization: { id: m.organizationId, locationId, variantId: variantId! },
  };
}

describe('a shipped exit whose guide the merchant cancels', () => {
  const guideCancelledPath = () =>
    `/staff/exits?view=guide_cancelled&warehouse_id=${bench.warehouseId}&pageSize=100`;
  /** The ids staff's guide-cancelled list shows at the test's warehouse. */
  const guideCancelledList = async () => {
    const listed = await call(bench.staff, 'GET', guideCancelledPath());
    expect(listed.statusCode, listed.body).toBe(200);
    return listed.json().data.map((row: { id: string }) => row.id) as string[];
  };

  it('is cancelled with its units back on hand, once, and the merchant is told', async () => {
    const setup = await processingExit();
    const { m, variant, exit } = setup;
    const shipped = await ship(setup);
    expect(shipped.statusCode, shipped.body).toBe(200);
    const guide = shipped.json().data.guide as { shipment_id: string; tracking_number: string };
    const requested = await call(m.user, 'POST', `/shipments/${guide.shipment_id}/cancellation`);
    expect(requested.statusCode, requested.body).toBe(202);
    // Asked, not yet confirmed by the carrier: nothing for staff to unpack yet.
    expect(await guideCancelledList()).not.toContain(exit.id);
    ctx.clock.advance(2 * 60_000);
    await ctx.app.jobs.runDue(ctx.clock.now());

    const view = (await call(m.user, 'GET', `/exits/${exit.id}`)).json().data;
    expect(view).toMatchObject({
      status: 'cancelled',
      cancelled_at: expect.any(String),
      // The cancelled guide stays as the exit's history; its page shows it cancelled.
      guide: { shipment_id: guide.shipment_id },
    });
    expect(await bench.balance(m.organizationId, variant)).toMatchObject({
      on_hand: 5,
      reserved: 0,
    });
    const notices = await ctx.db.execute(sql`select code, params, link from notifications
      where organization_id = ${m.organizationId} and code = 'exit_guide_cancelled'`);
    expect(notices.rows).toEqual([
      {
        code: 'exit_guide_cancelled',
        params: { number: exit.number, tracking_number: guide.tracking_number },
        link: '/app/products/outs',
      },
    ]);
    expect(await verifyStock(ctx.db)).toEqual([]);
    expect(await verifyLedger(ctx.db)).toEqual([]);

    // The confirmation delivered again returns nothing more, and the exit stays cancelled.
    const payload = { shipment_id: guide.shipment_id, confirms_at: ctx.clock.now().toISOString() };
    await ctx.app.jobs.enqueue(ctx.db, CONFIRM_CANCELLATION_JOB, payload, ctx.clock.now());
    expect(await ctx.app.jobs.runDue(ctx.clock.now())).toMatchObject({ failed: 0 });
    expect(await bench.balance(m.organizationId, variant)).toMatchObject({
      on_hand: 5,
      reserved: 0,
    });
    // Nothing else may ship it now: the staff request answers the exit as it stands.
    const again = await ship(setup);
    expect(again.statusCode).toBe(409);
    expect(await verifyStock(ctx.db)).toEqual([]);

    // Staff see it on the dispatch screen, to unpack the parcel: with its cancelled guide.
    const listed = await call(bench.staff, 'GET', guideCancelledPath());
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.find((row: { id: string }) => row.id === exit.id)).toMatchObject({
      number: exit.number,
      status: 'cancelled',
      organization: { id: m.organizationId },
      warehouse: { id: bench.warehouseId, name: 'CEDIS Tultitlán' },
      guide: { shipment_id: guide.shipment_id, tracking_number: guide.tracking_number },
      cancelled_at: expect.any(String),
    });
    const toDispatch = await call(
      bench.staff,
      'GET',
      `/staff/exits?warehouse_id=${bench.warehouseId}&pageSize=100`,
    );
    expect(toDispatch.json().data.map((row: { id: string }) => row.id)).not.toContain(exit.id);
    // Staff's list only: the merchant is refused it.
    expect((await call(m.user, 'GET', guideCancelledPath())).statusCode).toBe(403);
    // A week later the parcel is put away, and the list has let it go.
    ctx.clock.advance(GUIDE_CANCELLED_SHOWN_DAYS * 24 * 60 * 60_000 + 60_000);
    expect(await guideCancelledList()).not.toContain(exit.id);
  });

  it('lists no exit the merchant cancelled before it shipped', async () => {
    const setup = await processingExit();
    expect((await cancel(setup)).statusCode).toBe(200);
    expect(await guideCancelledList()).not.toContain(setup.exit.id);
  });
});
