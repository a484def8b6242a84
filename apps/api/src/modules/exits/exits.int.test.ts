import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEachForbidden, expectEachNotFound } from '../../../test/expect-each';
import { createTestApp } from '../../../test/test-app';
import { type CallArgs, createTestUser, type TestUser } from '../../../test/users';
import { warehouseAddress, warehouseContact } from '../inventory/inventory.test-support';
import { verifyStock } from '../invariants';
import { fund, MONTERREY_ZIP } from '../shipments/guides.test-support';
import { exitsBench, parcel } from './exits.test-support';

/** Issue 15 "Exits": created → processing (reserved) → shipped (guide, on hand out) or cancelled. */
describe('warehouse exits', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let bench: Awaited<ReturnType<typeof exitsBench>>;
  let staff: TestUser;
  let warehouseId: string;
  const call = (...args: CallArgs) => bench.call(...args);
  const balance = (organizationId: string, variant: string) =>
    bench.balance(organizationId, variant);
  const merchant = (onHand: number, variants = 1) => bench.merchant(onHand, variants);
  const createExit = (...args: Parameters<typeof bench.createExit>) => bench.createExit(...args);

  beforeAll(async () => {
    ctx = await createTestApp();
    bench = await exitsBench(ctx);
    ({ staff, warehouseId } = bench);
  });
  afterAll(async () => {
    expect(await verifyStock(ctx.db)).toEqual([]);
    await ctx.close();
  });

  it('creates exits with consecutive numbers, the destination as it was and nothing reserved', async () => {
    const m = await merchant(5);
    const created = await Promise.all(
      Array.from({ length: 5 }, () => createExit(m, [{ variant_id: m.variants[0]!, quantity: 2 }])),
    );
    expect(created.map((exit) => exit.number).sort()).toEqual([1, 2, 3, 4, 5]);
    const view = (await call(m.user, 'GET', `/exits/${created[0]!.id}`)).json().data;
    expect(view).toMatchObject({
      status: 'created',
      warehouse: { id: warehouseId, name: 'CEDIS Tultitlán' },
      destination: { kind: 'customer', name: 'Laura Garza', address: { zip: MONTERREY_ZIP } },
      lines: [{ variant_id: m.variants[0], quantity: 2 }],
      guide: null,
    });
    expect(await balance(m.organizationId, m.variants[0]!)).toMatchObject({ reserved: 0 });
  });

  it('refuses duplicate variants, no lines, zero quantities and a non-warehouse location', async () => {
    const m = await merchant(5);
    const variant_id = m.variants[0]!;
    for (const lines of [
      [],
      [
        { variant_id, quantity: 1 },
        { variant_id, quantity: 2 },
      ],
      [{ variant_id, quantity: 0 }],
    ]) {
      const response = await call(m.user, 'POST', '/exits', {
        warehouse_id: warehouseId,
        destination: m.destination,
        lines,
      });
      expect(response.statusCode, response.body).toBe(400);
    }
    const foreign = await call(m.user, 'POST', '/exits', {
      warehouse_id: randomUUID(),
      destination: m.destination,
      lines: [{ variant_id, quantity: 1 }],
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('processing reserves; short lines answer 409 with the rule, each line and nothing reserved', async () => {
    const m = await merchant(3, 2);
    const [a, b] = m.variants as [string, string];
    const exit = await createExit(m, [
      { variant_id: a, quantity: 2 },
      { variant_id: b, quantity: 5 },
    ]);
    for (const language of ['es', 'en'] as const) {
      const refused = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/exits/${exit.id}/process`,
        headers: m.user.headers({ 'x-language': language }),
        payload: {},
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({
        code: 'EXIT_OUT_OF_STOCK',
        message:
          language === 'es'
            ? 'Hay productos sin existencias suficientes en el almacén: quítalos o pon su cantidad en 0.'
            : 'Some products do not have enough stock at the warehouse: remove them or set their quantity to 0.',
        details: { lines: [{ variant_id: b, requested: 5, available: 3 }] },
      });
    }
    expect(await balance(m.organizationId, a)).toMatchObject({ reserved: 0 });
    // The merchant sets the short line to 0: it is dropped and the rest is reserved.
    const processed = await call(m.user, 'POST', `/exits/${exit.id}/process`, {
      quantities: [{ variant_id: b, quantity: 0 }],
    });
    expect(processed.statusCode, processed.body).toBe(200);
    expect(processed.json().data).toMatchObject({
      status: 'processing',
      lines: [{ variant_id: a, quantity: 2 }],
    });
    expect(await balance(m.organizationId, a)).toMatchObject({ on_hand: 3, reserved: 2 });
    expect(await balance(m.organizationId, b)).toMatchObject({ reserved: 0 });
    const again = await call(m.user, 'POST', `/exits/${exit.id}/process`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('EXIT_STATUS_CONFLICT');
  });

  it('lets exactly 10 of 50 concurrent one-unit exits into processing against 10 on hand', async () => {
    const m = await merchant(10);
    const variant_id = m.variants[0]!;
    const exits = await Promise.all(
      Array.from({ length: 50 }, () => createExit(m, [{ variant_id, quantity: 1 }])),
    );
    const outcomes = await Promise.all(
      exits.map((exit) => call(m.user, 'POST', `/exits/${exit.id}/process`, {})),
    );
    expect(outcomes.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(outcomes.filter((r) => r.statusCode === 409)).toHaveLength(40);
    const processing = await ctx.db.execute(
      sql`select id from exits where organization_id = ${m.organizationId} and status = 'processing'`,
    );
    expect(processing.rows).toHaveLength(10);
    expect(await balance(m.organizationId, variant_id)).toMatchObject({
      on_hand: 10,
      reserved: 10,
    });
  });

  it('cancelling releases the reservation once, whatever 20 concurrent cancels do', async () => {
    const m = await merchant(4);
    const variant_id = m.variants[0]!;
    const exit = await createExit(m, [{ variant_id, quantity: 3 }]);
    expect((await call(m.user, 'POST', `/exits/${exit.id}/process`, {})).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(m.user, 'POST', `/exits/${exit.id}/cancel`)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await balance(m.organizationId, variant_id)).toMatchObject({ on_hand: 4, reserved: 0 });
    const releases = await ctx.db.execute(sql`select id from stock_operations
      where organization_id = ${m.organizationId} and kind = 'release' and cause_id = ${exit.id}`);
    expect(releases.rows).toHaveLength(1);
    expect((await call(m.user, 'GET', `/exits/${exit.id}`)).json().data.status).toBe('cancelled');
  });

  it('staff buy the guide from the merchant’s balance and ship: on hand leaves, audited', async () => {
    const m = await merchant(5);
    const variant_id = m.variants[0]!;
    await fund(ctx, m.organizationId, 500_000);
    const exit = await createExit(m, [{ variant_id, quantity: 2 }]);
    expect((await call(m.user, 'POST', `/exits/${exit.id}/process`, {})).statusCode).toBe(200);

    const queue = await call(staff, 'GET', `/staff/exits?warehouse_id=${warehouseId}&pageSize=100`);
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().data.map((e: { id: string }) => e.id)).toContain(exit.id);
    const pick = (await call(staff, 'GET', `/staff/exits/${exit.id}`)).json().data;
    expect(pick.lines).toEqual([expect.objectContaining({ variant_id, quantity: 2 })]);

    const quoted = await call(staff, 'POST', `/staff/exits/${exit.id}/quote`, {
      parcels: [parcel],
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
    const quote = quoted.json().data as { id: string; rates: { id: string; total: number }[] };
    const rate = quote.rates[0]!;
    const body = { parcels: [parcel], quote_id: quote.id, rate_id: rate.id };
    const shipped = await call(staff, 'POST', `/staff/exits/${exit.id}/ship`, body);
    expect(shipped.statusCode, shipped.body).toBe(200);
    const view = shipped.json().data;
    expect(view).toMatchObject({ status: 'shipped', guide: { shipment_id: expect.any(String) } });
    expect(await balance(m.organizationId, variant_id)).toMatchObject({ on_hand: 3, reserved: 0 });
    const guide = await ctx.db.execute<{ location_id: string | null; origin: object }>(
      sql`select location_id, origin from shipments where id = ${view.guide.shipment_id}`,
    );
    // The warehouse is the sender: its contact phone is on the waybill, no email given.
    expect(guide.rows[0]).toMatchObject({
      location_id: null,
      origin: {
        contact_name: 'CEDIS Tultitlán',
        phone: warehouseContact.contact_phone,
        email: '',
        zip: warehouseAddress.zip,
      },
    });
    const audit = await ctx.db.execute(
      sql`select action from audit_log where subject_id = ${exit.id}`,
    );
    expect(audit.rows).toEqual([{ action: 'exit.ship' }]);
    // Staff spent the merchant's balance: the merchant is told, with a link to the guide.
    const notices = await ctx.db.execute(sql`select code, params, link from notifications
      where organization_id = ${m.organizationId} and code = 'exit_guide_purchased'`);
    expect(notices.rows).toEqual([
      {
        code: 'exit_guide_purchased',
        params: {
          number: exit.number,
          tracking_number: view.guide.tracking_number,
          total: expect.any(Number),
        },
        link: `/app/shippings/${view.guide.shipment_id}`,
      },
    ]);
    // The history names the exit by its number and who sent it to the warehouse.
    const history = await call(m.user, 'GET', `/inventory/variants/${variant_id}/movements`);
    expect(history.json().data.slice(0, 2)).toMatchObject([
      { kind: 'ship', cause: { type: 'exit', id: exit.id, label: String(exit.number) } },
      {
        kind: 'reserve',
        cause: { type: 'exit', id: exit.id, label: String(exit.number) },
        actor: { id: m.user.id },
      },
    ]);
    // The same request again buys nothing more and moves nothing.
    const replay = await call(staff, 'POST', `/staff/exits/${exit.id}/ship`, body);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(await balance(m.organizationId, variant_id)).toMatchObject({ on_hand: 3, reserved: 0 });
    const guides = await ctx.db.execute(
      sql`select id from shipments where organization_id = ${m.organizationId}`,
    );
    expect(guides.rows).toHaveLength(1);
  });

  it('a cancel sent while staff buy the guide is refused at once, and the exit ships', async () => {
    const m = await merchant(5);
    const variant_id = m.variants[0]!;
    await fund(ctx, m.organizationId, 500_000);
    const exit = await createExit(m, [{ variant_id, quantity: 2 }]);
    expect((await call(m.user, 'POST', `/exits/${exit.id}/process`, {})).statusCode).toBe(200);
    const quote = (
      await call(staff, 'POST', `/staff/exits/${exit.id}/quote`, { parcels: [parcel] })
    ).json().data as { id: string; rates: { id: string }[] };
    /** Resolves once some backend waits on a lock for a statement that matches `pattern`. */
    const waitingOn = async (pattern: string) => {
      for (;;) {
        const waiting = await ctx.db.execute(sql`select 1 from pg_stat_activity
          where wait_event_type = 'Lock' and query ilike ${pattern}`);
        if (waiting.rows.length > 0) return;
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    // Shipments locked elsewhere: the guide's purchase stops at its first write, mid-dispatch.
    const blocker = await ctx.db.$client.connect();
    await blocker.query('begin; lock table shipments in exclusive mode');
    const shipping = call(staff, 'POST', `/staff/exits/${exit.id}/ship`, {
      parcels: [parcel],
      quote_id: quote.id,
      rate_id: quote.rates[0]!.id,
    });
    await waitingOn('%insert into "shipments"%');
    // The dispatch holds no lock on the exit meanwhile: the cancel is answered, not queued.
    const cancelled = await call(m.user, 'POST', `/exits/${exit.id}/cancel`, {});
    await blocker.query('commit');
    blocker.release();
    const shipped = await shipping;
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(cancelled.statusCode, cancelled.body).toBe(409);
    expect(cancelled.json().error.code).toBe('EXIT_DISPATCHING');
    expect((await call(m.user, 'GET', `/exits/${exit.id}`)).json().data.status).toBe('shipped');
    expect(await balance(m.organizationId, variant_id)).toMatchObject({ on_hand: 3, reserved: 0 });
  });

  it('a purchase refused for the balance leaves the exit processing with its reservation', async () => {
    const m = await merchant(5);
    const variant_id = m.variants[0]!;
    const exit = await createExit(m, [{ variant_id, quantity: 2 }]);
    expect((await call(m.user, 'POST', `/exits/${exit.id}/process`, {})).statusCode).toBe(200);
    const quote = (
      await call(staff, 'POST', `/staff/exits/${exit.id}/quote`, { parcels: [parcel] })
    ).json().data as { id: string; rates: { id: string }[] };
    const refused = await call(staff, 'POST', `/staff/exits/${exit.id}/ship`, {
      parcels: [parcel],
      quote_id: quote.id,
      rate_id: quote.rates[0]!.id,
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.code).toBe('INSUFFICIENT_BALANCE');
    expect((await call(m.user, 'GET', `/exits/${exit.id}`)).json().data.status).toBe('processing');
    expect(await balance(m.organizationId, variant_id)).toMatchObject({ on_hand: 5, reserved: 2 });
  });

  it('is 404 for another organization, 403 without the permission, staff-only for dispatch', async () => {
    const m = await merchant(1);
    const exit = await createExit(m, [{ variant_id: m.variants[0]!, quantity: 1 }]);
    const other = await merchant(0);
    await expectEachNotFound(call, other.user, [
      ['GET', `/exits/${exit.id}`],
      ['POST', `/exits/${exit.id}/process`, {}],
      ['POST', `/exits/${exit.id}/cancel`],
    ]);
    const clerk = await createTestUser(ctx, {
      organizationId: m.organizationId,
      permissions: ['warehousing.warehouse_inventory'],
    });
    await expectEachForbidden(call, clerk, [
      ['GET', '/exits'],
      ['GET', `/exits/${exit.id}`],
      ['POST', `/exits/${exit.id}/cancel`],
    ]);
    await expectEachForbidden(call, m.user, [
      ['GET', '/staff/exits'],
      ['GET', `/staff/exits/${exit.id}`],
    ]);
    expect((await call(m.user, 'GET', `/exits/${exit.id}`)).json().data.status).toBe('created');
  });
});
