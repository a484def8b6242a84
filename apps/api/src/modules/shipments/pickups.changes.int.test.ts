import type { PickupView, ShipmentSummary } from '@despacho/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import {
  callAs,
  createTestMerchant,
  signIn,
  type CallArgs,
  type TestUser,
} from '../../../test/users';
import { jobs } from '../../platform/jobs.store';
import { CarrierError } from '../carriers';
import { buyGuide, collect, createLocation, fund, guideRow } from './guides.test-support';
import { CANCEL_PICKUP_JOB } from './pickups.service';
import { shipments } from './shipments.tables';

// The test clock starts on Monday 2 March 2026 at 10:00 in Mexico City: each guide bought gets
// an automatic Estafeta pickup today, 11:30–13:00 (cut-off 12:00).
const TODAY = '2026-03-02';
const TOMORROW = '2026-03-03';
const MINUTE = 60_000;

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let stranger: TestUser;
let organizationId: string;

const call = (...args: CallArgs) => callAs(ctx.app, ...args);
const estafeta = () => ctx.app.services.carrierAdapters.estafeta;

beforeAll(async () => {
  ctx = await createTestApp();
  const merchant = await createTestMerchant(ctx);
  owner = merchant.user;
  organizationId = merchant.organization.id;
  stranger = (await createTestMerchant(ctx, 'Otra Tienda')).user;
  await fund(ctx, organizationId, 5_000_000);
});
afterAll(() => ctx.close());
afterEach(() => vi.restoreAllMocks());

type GuideRow = Awaited<ReturnType<typeof buyGuide>>['row'];
let locations = 0;

/** Guides bought at a location of their own, so they share one automatic pickup. */
async function pickupWithGuides(weights: number[]) {
  locations += 1;
  const locationId = await createLocation(ctx, owner, { alias: `Bodega ${locations}` });
  const guides: GuideRow[] = [];
  for (const weightKg of weights) {
    guides.push((await buyGuide(ctx, owner, { locationId, weightKg })).row);
  }
  const pickupId = guides[0]!.pickupId!;
  expect(guides.every((guide) => guide.pickupId === pickupId)).toBe(true);
  return { guides, pickupId, locationId };
}

async function pickupView(id: string) {
  const list = await call(owner, 'GET', '/pickups?pageSize=100');
  expect(list.statusCode, list.body).toBe(200);
  return (list.json().data as PickupView[]).find((pickup) => pickup.id === id);
}

const tab = async (name: string) =>
  (
    (await call(owner, 'GET', `/shipments?tab=${name}&pageSize=100`)).json()
      .data as ShipmentSummary[]
  ).map((guide) => guide.id);

const cancelGuide = (id: string) => call(owner, 'POST', `/shipments/${id}/cancellation`);
const cancelPickup = (id: string, user = owner, language = 'es') =>
  call(user, 'POST', `/pickups/${id}/cancel`, undefined, language);
const reschedule = (id: string, slot: object, user = owner, language = 'es') =>
  call(user, 'POST', `/pickups/${id}/reschedule`, slot, language);

/** Moves the clock; access tokens last 15 minutes, so the users sign in again. */
async function advance(ms: number) {
  ctx.clock.advance(ms);
  owner = await signIn(ctx, owner);
  stranger = await signIn(ctx, stranger);
}

describe('a cancelled guide leaves its pickup', () => {
  it('takes its packages and weight out of the pickup as soon as its cancellation is asked', async () => {
    const { guides, pickupId } = await pickupWithGuides([2, 3.5]);
    const [leaving, staying] = guides as [GuideRow, GuideRow];
    expect(await pickupView(pickupId)).toMatchObject({ package_count: 2, weight_kg: 5.5 });

    expect((await cancelGuide(leaving.id)).statusCode).toBe(202);
    expect(await guideRow(ctx, leaving.id)).toMatchObject({
      pickupId: null,
      pickupStart: null,
      pickupEnd: null,
    });
    expect(await pickupView(pickupId)).toMatchObject({
      status: 'requested',
      package_count: 1,
      weight_kg: 3.5,
      tracking_numbers: [staying.trackingNumber],
      cancelled_at: null,
    });
    // Being cancelled, it waits for no pickup either.
    expect(await tab('pickup_pending')).not.toContain(leaving.id);
    expect(await tab('pickup_requested')).not.toContain(leaving.id);
    expect(await tab('pickup_requested')).toContain(staying.id);
  });

  it('cancels the pickup its last guide leaves, and tells the carrier through a job', async () => {
    const told = vi.spyOn(estafeta(), 'cancelPickup');
    const { guides, pickupId } = await pickupWithGuides([4]);
    const before = (await pickupView(pickupId))!;

    expect((await cancelGuide(guides[0]!.id)).statusCode).toBe(202);
    expect(await pickupView(pickupId)).toMatchObject({
      status: 'cancelled',
      cancelled_at: ctx.clock.now().toISOString(),
      changeable: false,
      tracking_numbers: [],
    });
    const [job] = (await ctx.db.select().from(jobs).where(eq(jobs.kind, CANCEL_PICKUP_JOB))).filter(
      (row) => row.payload.pickup_id === pickupId,
    );
    expect(job).toBeDefined();
    expect(told).not.toHaveBeenCalled();

    expect(await ctx.app.jobs.runDue(ctx.clock.now())).toMatchObject({ failed: 0 });
    expect(told).toHaveBeenCalledWith({
      organizationId,
      confirmationNumber: before.confirmation_number,
      originZip: '06700',
      date: TODAY,
      requestedAt: ctx.clock.now(),
    });
    // The guide's cancellation confirmed later leaves the pickup as it is.
    await advance(3 * MINUTE);
    await ctx.app.jobs.runDue(ctx.clock.now());
    expect((await guideRow(ctx, guides[0]!.id)).status).toBe('cancelled');
    expect((await pickupView(pickupId))!.status).toBe('cancelled');
  });
});

describe('telling the carrier a pickup is off', () => {
  /** A pickup emptied by its guide's cancellation, with the job that tells its carrier due. */
  async function emptiedPickup() {
    const { guides, pickupId } = await pickupWithGuides([1]);
    // Whatever else is due now runs first: the next run is the carrier job's alone.
    await ctx.app.jobs.runDue(ctx.clock.now());
    expect((await cancelGuide(guides[0]!.id)).statusCode).toBe(202);
    return pickupId;
  }

  it('asks the carrier with no connection in use and no lock on the pickup', async () => {
    const pickupId = await emptiedPickup();
    const inUse: number[] = [];
    const locked: boolean[] = [];
    vi.spyOn(estafeta(), 'cancelPickup').mockImplementation(async () => {
      inUse.push(ctx.db.$client.totalCount - ctx.db.$client.idleCount);
      // Another session may lock the row at once: nobody holds it while the carrier answers.
      const { rows } = await ctx.db.$client.query<{ id: string }>(
        'select id from pickups where id = $1 for update nowait',
        [pickupId],
      );
      locked.push(rows.length !== 1);
    });
    expect(await ctx.app.jobs.runDue(ctx.clock.now())).toMatchObject({ ran: 1, failed: 0 });
    expect(inUse).toEqual([0]);
    expect(locked).toEqual([false]);
  });

  it('is done when a retry finds the carrier has nothing left to call off', async () => {
    const pickupId = await emptiedPickup();
    const told = vi
      .spyOn(estafeta(), 'cancelPickup')
      .mockRejectedValueOnce(new Error('connection reset'))
      .mockRejectedValueOnce(new CarrierError('estafeta', 'not_cancellable', 'ya cancelada'));
    expect(await ctx.app.jobs.runDue(ctx.clock.now())).toMatchObject({ ran: 0, failed: 1 });
    ctx.clock.advance(2 * MINUTE);
    expect(await ctx.app.jobs.runDue(ctx.clock.now())).toMatchObject({ failed: 0 });
    expect(told).toHaveBeenCalledTimes(2);
    const runs = (await ctx.db.select().from(jobs).where(eq(jobs.kind, CANCEL_PICKUP_JOB))).filter(
      (row) => row.payload.pickup_id === pickupId,
    );
    expect(runs.map((row) => row.state)).toEqual(['completed']);
    expect((await pickupView(pickupId))!.status).toBe('cancelled');
  });
});

/** Resolves once the automatic pickup's join (`joinRequestedPickup`) waits for a row lock. */
async function joinWaitsForALock() {
  for (let tries = 0; tries < 500; tries += 1) {
    const { rows } = await ctx.db.$client.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'
          and query like 'with existing as (%'`,
    );
    if (rows[0]!.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('nobody waited for a lock');
}

describe('a guide joining while the last one leaves', () => {
  it('waits for the leaving one and then books a pickup of its own', async () => {
    const { guides, pickupId, locationId } = await pickupWithGuides([1]);
    const { row: newcomer } = await buyGuide(ctx, owner, {
      locationId,
      // No Estafeta window holds the evening: the guide waits for a pickup.
      pickupTimeRange: { start: '18:00', end: '20:00' },
    });
    expect(newcomer.pickupId).toBeNull();
    const { pickups } = ctx.app.services;
    const now = ctx.clock.now();
    let finishLeaving!: () => void;
    const left = new Promise<void>((resolve) => (finishLeaving = resolve));
    let removed!: () => void;
    const guideRemoved = new Promise<void>((resolve) => (removed = resolve));
    // The last guide's cancellation, its transaction held open once the pickup is emptied.
    const leaving = ctx.db.transaction(async (tx) => {
      await tx
        .update(shipments)
        .set({ cancellationRequestedAt: now })
        .where(eq(shipments.id, guides[0]!.id));
      await pickups.removeGuide(tx, pickupId, guides[0]!.id, now);
      removed();
      await left;
    });
    await guideRemoved;
    const joining = pickups.scheduleForShipment(organizationId, owner.id, newcomer.id, null);
    const first = await Promise.race([
      joining.then(() => 'joined at once'),
      joinWaitsForALock().then(() => 'waited'),
    ]);
    finishLeaving();
    await leaving;
    const scheduled = await joining;

    expect(first).toBe('waited');
    expect(scheduled).toMatchObject({ joined: false });
    expect(scheduled!.id).not.toBe(pickupId);
    expect((await guideRow(ctx, newcomer.id)).pickupId).toBe(scheduled!.id);
    expect((await pickupView(pickupId))!.status).toBe('cancelled');
  });
});

describe('cancelling a pickup', () => {
  it('calls it off with the carrier and gives its guides back to "pickup pending"', async () => {
    const told = vi.spyOn(estafeta(), 'cancelPickup');
    const { guides, pickupId } = await pickupWithGuides([1, 2]);
    const response = await cancelPickup(pickupId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      id: pickupId,
      status: 'cancelled',
      cancelled_at: ctx.clock.now().toISOString(),
      changeable: false,
    });
    expect(told).toHaveBeenCalledWith(
      expect.objectContaining({ confirmationNumber: response.json().data.confirmation_number }),
    );
    const pending = await tab('pickup_pending');
    for (const guide of guides) {
      expect((await guideRow(ctx, guide.id)).pickupId).toBeNull();
      expect(pending).toContain(guide.id);
    }

    const again = await cancelPickup(pickupId, owner, 'en');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'PICKUP_ALREADY_CANCELLED',
      message: 'The pickup is already cancelled.',
    });
    const moved = await reschedule(pickupId, { date: TOMORROW, start: '09:00', end: '13:00' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error).toMatchObject({
      code: 'PICKUP_ALREADY_CANCELLED',
      message: 'La recolección ya está cancelada.',
    });
  });

  it('changes nothing when the carrier refuses', async () => {
    vi.spyOn(estafeta(), 'cancelPickup').mockRejectedValueOnce(
      new CarrierError('estafeta', 'unavailable', 'Estafeta no responde en este momento.'),
    );
    const { guides, pickupId } = await pickupWithGuides([1]);
    const response = await cancelPickup(pickupId);
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toMatchObject({
      code: 'PICKUP_CANCEL_REJECTED',
      message:
        'La paquetería no aceptó cancelar la recolección: Estafeta no responde en este momento.',
    });
    expect((await pickupView(pickupId))!.status).toBe('requested');
    expect((await guideRow(ctx, guides[0]!.id)).pickupId).toBe(pickupId);
  });
});

describe('rescheduling a pickup', () => {
  it('moves it to a day and window the carrier offers, its guides with it', async () => {
    const { guides, pickupId } = await pickupWithGuides([2]);
    const before = (await pickupView(pickupId))!;
    const response = await reschedule(pickupId, { date: TOMORROW, start: '13:00', end: '18:00' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      ...before,
      date: TOMORROW,
      start: '13:00',
      end: '18:00',
      rescheduled_at: ctx.clock.now().toISOString(),
    });
    expect(await guideRow(ctx, guides[0]!.id)).toMatchObject({
      pickupId,
      pickupStart: '13:00',
      pickupEnd: '18:00',
    });
    const detail = await call(owner, 'GET', `/shipments/${guides[0]!.id}`);
    expect(detail.json().data.pickup).toMatchObject({
      date: TOMORROW,
      start: '13:00',
      end: '18:00',
    });
  });

  it('refuses what booking refuses, and a malformed body, changing nothing', async () => {
    const { pickupId } = await pickupWithGuides([3]);
    const before = await pickupView(pickupId);
    const cases: [object, number, string][] = [
      [{ date: '2026-03-07' }, 409, 'PICKUP_NOT_BUSINESS_DAY'], // a Saturday
      [{ date: '2026-03-16' }, 409, 'PICKUP_NOT_BUSINESS_DAY'], // Benito Juárez's day
      [{ date: '2026-03-20' }, 409, 'PICKUP_DATE_OUT_OF_RANGE'],
      [{ date: '2026-02-27' }, 409, 'PICKUP_DATE_OUT_OF_RANGE'],
      [{ start: '17:00', end: '19:00' }, 409, 'PICKUP_NO_SCHEDULES'],
      [{ start: '25:00' }, 400, 'VALIDATION_FAILED'],
      [{ date: 'mañana' }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [slot, status, code] of cases) {
      const response = await reschedule(pickupId, {
        date: TOMORROW,
        start: '09:00',
        end: '13:00',
        ...slot,
      });
      expect(response.statusCode, JSON.stringify(slot)).toBe(status);
      expect(response.json().error.code, JSON.stringify(slot)).toBe(code);
    }
    expect(await pickupView(pickupId)).toEqual(before);
  });
});

describe('what may no longer change', () => {
  it('refuses a pickup of today past the carrier’s cut-off, and says so in the list', async () => {
    const { pickupId } = await pickupWithGuides([1]);
    // 12:30 in Mexico City: Estafeta's cut-off (12:00) has passed for today's pickup.
    await advance(150 * MINUTE);
    try {
      expect((await pickupView(pickupId))!.changeable).toBe(false);
      const cancelled = await cancelPickup(pickupId);
      expect(cancelled.statusCode).toBe(409);
      expect(cancelled.json().error).toMatchObject({
        code: 'PICKUP_CHANGE_CUTOFF_PASSED',
        message:
          'Ya pasó la hora límite (12:00) del día de la recolección; ya no puede cancelarse ni reprogramarse.',
      });
      const moved = await reschedule(
        pickupId,
        { date: TOMORROW, start: '09:00', end: '13:00' },
        owner,
        'en',
      );
      expect(moved.statusCode).toBe(409);
      expect(moved.json().error.message).toBe(
        'The cut-off time (12:00) of the pickup’s day has passed; it can no longer be cancelled or rescheduled.',
      );
      expect((await pickupView(pickupId))!.status).toBe('requested');
    } finally {
      await advance(-150 * MINUTE);
    }
  });

  it('refuses a pickup the carrier already made', async () => {
    const { guides, pickupId } = await pickupWithGuides([1]);
    await collect(ctx, 'estafeta', guides[0]!.trackingNumber!);
    expect((await pickupView(pickupId))!.status).toBe('collected');
    const response = await cancelPickup(pickupId);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'PICKUP_ALREADY_COLLECTED',
      message: 'La paquetería ya hizo esta recolección; ya no puede cancelarse ni reprogramarse.',
    });
  });

  it('answers 404 for another organization’s pickup or none, and leaves it as it was', async () => {
    const told = vi.spyOn(estafeta(), 'cancelPickup');
    const { pickupId } = await pickupWithGuides([2]);
    const before = await pickupView(pickupId);
    expect((await cancelPickup(pickupId, stranger)).statusCode).toBe(404);
    const slot = { date: TOMORROW, start: '09:00', end: '13:00' };
    expect((await reschedule(pickupId, slot, stranger)).statusCode).toBe(404);
    expect((await cancelPickup('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await cancelPickup('no-es-un-id')).statusCode).toBe(400);
    expect(await pickupView(pickupId)).toEqual(before);
    expect(told).not.toHaveBeenCalled();
  });
});
