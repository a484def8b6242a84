import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEachForbidden, expectEachNotFound } from '../../../test/expect-each';
import { createTestApp } from '../../../test/test-app';
import {
  callAs,
  type CallArgs,
  createTestMerchant,
  createTestUser,
  type TestUser,
} from '../../../test/users';
import {
  postAdjustment,
  warehouseAddress,
  warehouseContact,
} from '../inventory/inventory.test-support';
import { insertVariants } from '../inventory/stock.test-support';
import { verifyStock } from '../invariants';
import { fund, MONTERREY_ZIP } from '../shipments/guides.test-support';

const customerBody = {
  name: 'Laura',
  last_name: 'Garza',
  company: 'Boutique Sol',
  email: 'laura@boutiquesol.mx',
  phone: '8112345678',
  addresses: [
    {
      alias: 'Tienda',
      contact_name: 'Laura Garza',
      contact_phone: '8112345678',
      street: 'Av. Constitución',
      external_number: '455',
      neighborhood: 'Centro',
      city: 'Monterrey',
      municipality: 'Monterrey',
      state: 'Nuevo León',
      zip: MONTERREY_ZIP,
    },
  ],
};
const parcel = { length: 30, width: 20, height: 15, weight: 2 };

/** Issue 15 "Exits": created → processing (reserved) → shipped (guide, on hand out) or cancelled. */
describe('warehouse exits', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let staff: TestUser;
  let warehouseId: string;

  const call = (...args: CallArgs) => callAs(ctx.app, ...args);
  const balance = async (organizationId: string, variant: string) =>
    (
      await ctx.db.execute<{ on_hand: number; reserved: number }>(sql`
        select on_hand, reserved from stock_balances where organization_id = ${organizationId}
          and variant_id = ${variant} and location_id = ${warehouseId}`)
    ).rows[0];

  /** A merchant with `variants` products holding `onHand` each at the warehouse, and a customer. */
  async function merchant(onHand: number, variants = 1) {
    const { user, organization } = await createTestMerchant(ctx);
    const ids = await insertVariants(ctx.db, organization.id, variants, {
      skus: Array.from({ length: variants }, (_, i) => `SKU-${i}-${randomUUID().slice(0, 6)}`),
    });
    await ctx.db.execute(sql`update products set sat_product_code = '53102500',
      sat_unit_code = 'H87' where organization_id = ${organization.id}`);
    if (onHand > 0) {
      const adjusted = await postAdjustment(
        ctx,
        staff,
        {
          organization_id: organization.id,
          location_id: warehouseId,
          reason: 'conteo inicial',
          lines: ids.map((variant_id) => ({ variant_id, on_hand_delta: onHand })),
        },
        { staff: true },
      );
      expect(adjusted.statusCode, adjusted.body).toBe(201);
    }
    const customer = await call(user, 'POST', '/customers', customerBody);
    expect(customer.statusCode, customer.body).toBe(201);
    const destination = {
      kind: 'customer',
      customer_id: customer.json().data.id,
      address_id: customer.json().data.addresses[0].id,
    };
    return { user, organizationId: organization.id, variants: ids, destination };
  }
  type Merchant = Awaited<ReturnType<typeof merchant>>;

  async function createExit(m: Merchant, lines: { variant_id: string; quantity: number }[]) {
    const response = await call(m.user, 'POST', '/exits', {
      warehouse_id: warehouseId,
      destination: m.destination,
      reference: 'PEDIDO-77',
      lines,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string; number: number; status: string };
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    staff = await createTestUser(ctx, { isStaff: true });
    const created = await call(staff, 'POST', '/staff/warehouses', {
      name: 'CEDIS Tultitlán',
      code: `EX-${randomUUID().slice(0, 8)}`,
      address: warehouseAddress,
      ...warehouseContact,
    });
    expect(created.statusCode, created.body).toBe(201);
    warehouseId = created.json().data.id;
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

  it('a cancel sent while staff buy the guide waits, then finds the exit shipped', async () => {
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
    const cancelling = call(m.user, 'POST', `/exits/${exit.id}/cancel`, {});
    await waitingOn('%from "exits"%for update%');
    await blocker.query('commit');
    blocker.release();
    const [shipped, cancelled] = await Promise.all([shipping, cancelling]);
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(cancelled.statusCode, cancelled.body).toBe(409);
    expect(cancelled.json().error.code).toBe('EXIT_STATUS_CONFLICT');
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
