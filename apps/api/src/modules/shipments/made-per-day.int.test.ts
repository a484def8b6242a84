import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { callAs, type TestUser } from '../../../test/users';
import { verifyLedger } from '../invariants';
import { shipmentsMadeDaily } from './activity.tables';
import { buyGuide, guideBuyer, guideRow, requestGuide } from './guides.test-support';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let organizationId: string;
let locationId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ owner, organizationId, locationId } = await guideBuyer(ctx));
});
afterAll(() => ctx.close());

/** The organization's kept counts that are not zero, as `day carrier state: count`. */
async function kept() {
  const rows = await ctx.db
    .select()
    .from(shipmentsMadeDaily)
    .where(eq(shipmentsMadeDaily.organizationId, organizationId));
  return rows
    .filter((row) => row.count !== 0)
    .map((row) => `${row.day} ${row.carrierKey} ${row.destinationState}: ${row.count}`)
    .sort();
}

/** The money invariants' problems of the guides made per day (none: they match the guides). */
const madeProblems = async () =>
  (await verifyLedger(ctx.db)).filter((problem) => problem.check.startsWith('guides made'));

/**
 * A copy of guide `id` written straight in SQL (as a bulk load or the bench does), with its own
 * key and the purchase state and status given; answers its id.
 */
async function cloneGuide(id: string, purchaseState: string, status: string, state?: string) {
  const { rows } = await ctx.db.execute<{ id: string }>(sql`
    insert into shipments (organization_id, created_by, idempotency_key, request_hash, quote_id,
      location_id, customer_id, carrier_key, service_key, sandbox, zone, billable_weight_kg,
      transit_days_min, transit_days_max, estimated_delivery, extended_zone, origin, destination,
      reference, purchase_state, status, carrier_status, carrier_cost, insurance_premium, vat,
      total, destination_name, destination_zip, created_at, updated_at)
    select organization_id, created_by, gen_random_uuid()::text, request_hash, quote_id,
      location_id, customer_id, carrier_key, service_key, sandbox, zone, billable_weight_kg,
      transit_days_min, transit_days_max, estimated_delivery, extended_zone, origin,
      case when ${state ?? null}::text is null then destination
           else jsonb_set(destination, '{state}', to_jsonb(${state ?? null}::text)) end,
      reference, ${purchaseState}, ${status}, carrier_status, carrier_cost, insurance_premium,
      vat, total, destination_name, destination_zip, created_at, updated_at
      from shipments where id = ${id}
    returning id`);
  return rows[0]!.id;
}

describe('guides made per day (shipments_made_daily)', () => {
  it('counts each guide bought by its day, carrier and state, and a cancelled one no more', async () => {
    const { row: first } = await buyGuide(ctx, owner, { locationId });
    await buyGuide(ctx, owner, { locationId });
    const { row: other } = await buyGuide(ctx, owner, { locationId, carrier: 'fedex' });
    // A purchase the carrier refuses ends failed: never made.
    const refused = await requestGuide(ctx, owner, { locationId, reference: 'SANDBOX-FALLA' });
    expect(refused.statusCode, refused.body).toBe(502);
    const day = '2026-03-02';
    expect(first.createdAt.toISOString().startsWith(day)).toBe(true);
    expect(await kept()).toEqual([`${day} estafeta Nuevo León: 2`, `${day} fedex Nuevo León: 1`]);

    const requested = await callAs(ctx.app, owner, 'POST', `/shipments/${other.id}/cancellation`);
    expect(requested.statusCode, requested.body).toBe(202);
    ctx.clock.advance(3 * 60_000);
    await ctx.app.jobs.runDue(ctx.clock.now());
    expect((await guideRow(ctx, other.id)).status).toBe('cancelled');
    expect(await kept()).toEqual([`${day} estafeta Nuevo León: 2`]);
    expect(await madeProblems()).toEqual([]);
  });

  it('follows writes made in SQL too: a bulk insert, a guide moved to another day, a delete', async () => {
    const [guide] = await ctx.db
      .select()
      .from(shipmentsMadeDaily)
      .where(eq(shipmentsMadeDaily.organizationId, organizationId));
    expect(guide).toBeDefined();
    const { rows } = await ctx.db.execute<{ id: string }>(
      sql`select id from shipments where organization_id = ${organizationId}
           and purchase_state = 'purchased' and status <> 'cancelled' limit 1`,
    );
    const source = rows[0]!.id;
    const made = await cloneGuide(source, 'purchased', 'delivered', 'Jalisco');
    const pending = await cloneGuide(source, 'purchasing', 'created', 'Jalisco');
    await cloneGuide(source, 'purchased', 'cancelled', 'Jalisco');
    await cloneGuide(source, 'failed', 'created', 'Jalisco');
    expect(await kept()).toContain('2026-03-02 estafeta Jalisco: 1');

    await ctx.db.execute(sql`update shipments set purchase_state = 'purchased'
                              where id = ${pending}`);
    await ctx.db.execute(sql`update shipments set created_at = created_at - interval '1 day'
                              where id = ${made}`);
    expect(await kept()).toEqual([
      '2026-03-01 estafeta Jalisco: 1',
      '2026-03-02 estafeta Jalisco: 1',
      '2026-03-02 estafeta Nuevo León: 2',
    ]);
    expect(await madeProblems()).toEqual([]);

    await ctx.db.execute(sql`delete from shipments where id in (${made}, ${pending})`);
    expect(await kept()).toEqual(['2026-03-02 estafeta Nuevo León: 2']);
    expect(await madeProblems()).toEqual([]);
  });

  it('never deadlocks a purchase against a cancellation of the same day and carrier', async () => {
    const { rows } = await ctx.db.execute<{ id: string }>(
      sql`select id from shipments where organization_id = ${organizationId}
           and purchase_state = 'purchased' and status <> 'cancelled' limit 1`,
    );
    const source = rows[0]!.id;
    const purchasing = await cloneGuide(source, 'purchasing', 'created');
    const cancelling = await cloneGuide(source, 'purchased', 'created');
    // The wallet's day of spend, as a purchase's capture and a cancellation's refund lock it.
    const spend = `update ledger_daily_spend set amount = amount
                    where organization_id = $1 and cause = 'labels'`;
    const purchase = await ctx.db.$client.connect();
    const cancellation = await ctx.db.$client.connect();
    try {
      // The purchase captures (locks the spend), the cancellation marks its guide cancelled;
      // then the purchase marks its guide purchased and the cancellation refunds (waits).
      await purchase.query('begin');
      await cancellation.query('begin');
      await purchase.query(spend, [organizationId]);
      await cancellation.query(`update shipments set status = 'cancelled' where id = $1`, [
        cancelling,
      ]);
      const marked = purchase.query(
        `update shipments set purchase_state = 'purchased' where id = $1`,
        [purchasing],
      );
      const refund = cancellation.query(spend, [organizationId]);
      await marked;
      await purchase.query('commit');
      await refund;
      await cancellation.query('commit');
    } finally {
      // Dropped, not pooled: a failing run leaves their transactions open.
      purchase.release(true);
      cancellation.release(true);
    }
    expect(await kept()).toEqual(['2026-03-02 estafeta Nuevo León: 3']);
    expect(await madeProblems()).toEqual([]);
  });
});
