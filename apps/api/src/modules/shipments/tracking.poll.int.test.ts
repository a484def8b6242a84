import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import type { TestUser } from '../../../test/users';
import { CarrierError } from '../carriers';
import type { CarrierAdapter, CarrierTrackingEvent } from '../carriers/carrier-adapter';
import type { CarrierAdapters } from '../carriers/carrier-adapters';
import { buyGuide, guideBuyer, guideRow } from './guides.test-support';
import { trackingEvents } from './shipments.tables';
import { TRACKING_POLL_JOB, TRACKING_POLL_MAX_AGE_DAYS } from './tracking.poll';

const DAY = 24 * 60 * 60 * 1000;

/** What the fake carrier answers, by tracking number, and what it was asked. */
const answers = new Map<string, CarrierTrackingEvent[] | CarrierError>();
const asked: { trackingNumber: string; organizationId: string; inUse: number }[] = [];

/**
 * FedEx as if it were the real carrier (sandbox false): the sandbox's labels and pickups, and
 * tracking answered from `answers`, noting how many pool connections were in use when asked.
 */
function liveFedex(adapters: CarrierAdapters, inUse: () => number): CarrierAdapters {
  const sandbox = adapters.fedex;
  const live: CarrierAdapter = {
    key: 'fedex',
    sandbox: false,
    quote: (request) => sandbox.quote(request),
    createLabel: (request) => sandbox.createLabel(request),
    cancel: (request) => sandbox.cancel(request),
    track: async ({ trackingNumber, organizationId }) => {
      asked.push({ trackingNumber, organizationId, inUse: inUse() });
      const answer = answers.get(trackingNumber) ?? [];
      if (answer instanceof CarrierError) throw answer;
      return answer;
    },
    pickupAvailability: (request) => sandbox.pickupAvailability(request),
    schedulePickup: (request) => sandbox.schedulePickup(request),
    reschedulePickup: (request) => sandbox.reschedulePickup(request),
    cancelPickup: (request) => sandbox.cancelPickup(request),
  };
  return { ...adapters, fedex: live };
}

describe('tracking by polling real carriers', () => {
  let sandboxApp: Awaited<ReturnType<typeof createTestApp>>;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let organizationId: string;
  let locationId: string;

  const poll = () => ctx.app.services.trackingPoll.pollAll();
  const eventsOf = async (shipmentId: string) =>
    (
      await ctx.db.select().from(trackingEvents).where(eq(trackingEvents.shipmentId, shipmentId))
    ).map((event) => event.externalId);
  const at = (hours: number) => new Date(ctx.clock.now().getTime() + hours * 60 * 60 * 1000);

  beforeAll(async () => {
    sandboxApp = await createTestApp();
    const url = sandboxApp.db.$client.options.connectionString;
    const pool = () => ctx.db.$client;
    ctx = await createTestApp({}, url, {
      carriers: liveFedex(
        sandboxApp.app.services.carrierAdapters,
        () => pool().totalCount - pool().idleCount,
      ),
    });
    ({ owner, organizationId, locationId } = await guideBuyer(ctx));
  });
  afterAll(async () => {
    await ctx.close();
    await sandboxApp.close();
  });

  it('asks the real carrier, with no connection in use, and applies what it answers as a push', async () => {
    const { row: fedex } = await buyGuide(ctx, owner, { locationId, carrier: 'fedex' });
    const { row: estafeta } = await buyGuide(ctx, owner, { locationId, carrier: 'estafeta' });
    expect(fedex.sandbox).toBe(false);
    answers.set(fedex.trackingNumber!, [
      { id: 'fx-1', status: 'IN_TRANSIT', code: 'picked_up', location: 'CDMX', occurredAt: at(1) },
    ]);
    asked.length = 0;

    // Through the job as the cron enqueues it: registered with no transaction. What else is due
    // runs first, so the pool's connections in use are the poll's own.
    await ctx.app.jobs.runDue(ctx.clock.now());
    await ctx.app.jobs.enqueue(ctx.db, TRACKING_POLL_JOB, {}, ctx.clock.now());
    expect(await ctx.app.jobs.runDue(ctx.clock.now())).toMatchObject({ failed: 0 });
    // The sandbox guide plays its own timeline: never asked.
    expect(asked).toEqual([{ trackingNumber: fedex.trackingNumber, organizationId, inUse: 0 }]);
    expect(await guideRow(ctx, fedex.id)).toMatchObject({
      carrierStatus: 'IN_TRANSIT',
      status: 'collected',
    });
    expect(await eventsOf(fedex.id)).toEqual(['label_created', 'fx-1']);
    expect((await guideRow(ctx, estafeta.id)).carrierStatus).toBe('CREATED');
  });

  it('ignores the events it already knows and stops asking once delivered', async () => {
    const { row: guide } = await buyGuide(ctx, owner, { locationId, carrier: 'fedex' });
    const pickedUp: CarrierTrackingEvent = {
      id: 'fx-2',
      status: 'IN_TRANSIT',
      code: 'picked_up',
      location: 'CDMX',
      occurredAt: at(1),
    };
    answers.set(guide.trackingNumber!, [pickedUp]);
    expect((await poll()).added).toBeGreaterThanOrEqual(1);
    // The carrier answers the whole history each time, newest first: only the new one is added.
    answers.set(guide.trackingNumber!, [
      { id: 'fx-3', status: 'DELIVERED', code: 'delivered', location: 'MTY', occurredAt: at(30) },
      pickedUp,
    ]);
    asked.length = 0;
    const summary = await poll();
    expect(asked.map((call) => call.trackingNumber)).toContain(guide.trackingNumber);
    expect(await eventsOf(guide.id)).toEqual(['label_created', 'fx-2', 'fx-3']);
    expect(await guideRow(ctx, guide.id)).toMatchObject({
      carrierStatus: 'DELIVERED',
      status: 'delivered',
    });
    expect(summary.failed).toBe(0);

    asked.length = 0;
    await poll();
    expect(asked.map((call) => call.trackingNumber)).not.toContain(guide.trackingNumber);
  });

  it('goes on past a carrier that fails for one guide, and leaves guides too old alone', async () => {
    const { row: failing } = await buyGuide(ctx, owner, { locationId, carrier: 'fedex' });
    const { row: fine } = await buyGuide(ctx, owner, { locationId, carrier: 'fedex' });
    answers.set(failing.trackingNumber!, new CarrierError('fedex', 'unavailable', 'FedEx down'));
    answers.set(fine.trackingNumber!, [
      { id: 'fx-4', status: 'IN_TRANSIT', code: 'in_transit', location: null, occurredAt: at(2) },
    ]);
    asked.length = 0;
    const summary = await poll();
    expect(summary.failed).toBe(1);
    expect(await eventsOf(fine.id)).toContain('fx-4');
    expect(asked.every((call) => call.inUse === 0)).toBe(true);

    ctx.clock.advance((TRACKING_POLL_MAX_AGE_DAYS + 1) * DAY);
    asked.length = 0;
    expect(await poll()).toEqual({ asked: 0, added: 0, failed: 0 });
    expect(asked).toEqual([]);
  });
});
