import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { callAs, createTestMerchant, type TestUser } from '../../../test/users';
import { verifyLedger } from '../invariants';
import { orders } from '../orders/orders.tables';
import { buyGuide, createLocation, fund } from '../shipments/guides.test-support';
import { shipments } from '../shipments/shipments.tables';
import { LedgerService } from '../wallet/ledger.service';

/**
 * The dashboard's periods and charts (issue 23). The test clock is 2026-03-02T16:00Z, 10:00 of
 * 2 March in Mexico City (UTC−6): its day began at 06:00Z.
 */
describe('dashboard periods and charts', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let merchant: TestUser;
  let stranger: TestUser;
  const DAY = 86_400_000;

  const get = async (user: TestUser, path: string) => {
    const response = await callAs(ctx.app, user, 'GET', path);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  /** Guides bought now, then dated at `instants` (bought earlier, as the charts read them). */
  async function guidesAt(instants: string[], carrier: 'estafeta' | 'fedex' = 'estafeta') {
    const locationId = await createLocation(ctx, merchant);
    for (const instant of instants) {
      const { detail } = await buyGuide(ctx, merchant, { locationId, carrier });
      await ctx.db
        .update(shipments)
        .set({ createdAt: new Date(instant) })
        .where(eq(shipments.id, detail.id));
    }
  }

  const orderAt = (organizationId: string, instant: string) => ({
    organizationId,
    source: 'manual' as const,
    number: `M-${randomUUID().slice(0, 8)}`,
    placedAt: new Date(instant),
    paymentState: 'paid' as const,
    total: 10_000,
    createdAt: new Date(instant),
    updatedAt: new Date(instant),
  });

  beforeAll(async () => {
    ctx = await createTestApp();
    merchant = (await createTestMerchant(ctx, 'Con Tablero')).user;
    stranger = (await createTestMerchant(ctx, 'Vecina')).user;
    await fund(ctx, merchant.organizationId!, 1_000_000);
    // 05:59Z on 2 March is 1 March in Mexico City; 06:00Z is 2 March.
    await guidesAt(['2026-03-02T06:00:00Z', '2026-03-02T15:00:00Z']);
    await guidesAt(['2026-03-02T05:59:00Z'], 'fedex');
    await guidesAt(['2026-02-20T12:00:00Z']);
    await ctx.db
      .insert(orders)
      .values([
        orderAt(merchant.organizationId!, '2026-03-02T06:00:00Z'),
        orderAt(merchant.organizationId!, '2026-03-01T12:00:00Z'),
        orderAt(merchant.organizationId!, '2026-03-01T13:00:00Z'),
        orderAt(stranger.organizationId!, '2026-03-02T12:00:00Z'),
      ]);
  });
  afterAll(() => ctx.close());

  it('counts by Mexico City days and compares with the period before', async () => {
    const today = await get(merchant, '/dashboard/summary?period=today');
    expect(today.ranges).toEqual({
      period: 'today',
      current: { from: '2026-03-02', to: '2026-03-02' },
      previous: { from: '2026-03-01', to: '2026-03-01' },
    });
    expect(today).toMatchObject({ shipments_made: 2, ecommerce_orders: 1 });
    expect(today.previous).toMatchObject({ shipments_made: 1, ecommerce_orders: 2 });

    const week = await get(merchant, '/dashboard/summary?period=7d');
    expect(week).toMatchObject({ shipments_made: 3, ecommerce_orders: 3 });
    // 20 February falls in the 7 days before (17–23 February).
    expect(week.previous).toMatchObject({ shipments_made: 1, ecommerce_orders: 0 });

    const month = await get(merchant, '/dashboard/summary?period=month');
    expect(month).toMatchObject({ shipments_made: 3 });
    // This month so far is 1–2 March, compared with 1–2 February: 20 February is outside.
    expect(month.ranges.previous).toEqual({ from: '2026-02-01', to: '2026-02-02' });
    expect(month.previous.shipments_made).toBe(0);
  });

  it("keeps each organization's figures and charts to itself", async () => {
    const figures = await get(stranger, '/dashboard/summary?period=today');
    expect(figures).toMatchObject({ shipments_made: 0, ecommerce_orders: 1, balance_centavos: 0 });
    const charts = await get(stranger, '/dashboard/charts?period=30d');
    expect(charts).toMatchObject({ shipments_per_day: [], spend_per_day: [], top_states: [] });
    expect(charts.orders_per_day).toEqual([{ day: '2026-03-02', store: null, count: 1 }]);
  });

  it('charts guides per day by carrier, orders per day by store and the top states', async () => {
    const charts = await get(merchant, '/dashboard/charts?period=7d');
    expect(charts.shipments_per_day).toEqual([
      { day: '2026-03-01', carrier: 'fedex', count: 1 },
      { day: '2026-03-02', carrier: 'estafeta', count: 2 },
    ]);
    expect(charts.orders_per_day).toEqual([
      { day: '2026-03-01', store: null, count: 2 },
      { day: '2026-03-02', store: null, count: 1 },
    ]);
    expect(charts.top_states).toEqual([{ state: 'Nuevo León', count: 3 }]);
  });

  it('splits spend by cause, net of refunds, and shows the balance each period ended with', async () => {
    const { user } = await createTestMerchant(ctx, 'Gasta');
    const organizationId = user.organizationId!;
    const ledger = new LedgerService(ctx);
    const key = () => randomUUID();
    // Yesterday: a deposit and a label with insurance. Today: classification, a fee, a refund.
    ctx.clock.advance(-DAY);
    await ledger.credit({
      organizationId,
      kind: 'deposit',
      idempotencyKey: key(),
      amount: 100_000,
      from: 'bank_clearing',
    });
    const label = await ledger.debit({
      organizationId,
      kind: 'label',
      idempotencyKey: key(),
      lines: [
        { account: 'carrier_payable', amount: 10_000 },
        { account: 'insurance_payable', amount: 2_000 },
        { account: 'vat_payable', amount: 1_920 },
      ],
    });
    ctx.clock.advance(DAY);
    await ledger.debit({
      organizationId,
      kind: 'classification',
      idempotencyKey: key(),
      lines: [{ account: 'revenue', amount: 3_000 }],
    });
    await ledger.debit({
      organizationId,
      kind: 'fee',
      idempotencyKey: key(),
      lines: [{ account: 'fees', amount: 500 }],
    });
    await ledger.refund({
      organizationId,
      kind: 'refund',
      idempotencyKey: key(),
      transactionId: label.transactionId,
      lines: [{ account: 'carrier_payable', amount: 4_000 }],
    });

    const charts = await get(user, '/dashboard/charts?period=7d');
    expect(charts.spend_per_day).toEqual([
      { day: '2026-03-01', cause: 'insurance', centavos: 2_000 },
      { day: '2026-03-01', cause: 'labels', centavos: 11_920 },
      { day: '2026-03-02', cause: 'classification', centavos: 3_000 },
      { day: '2026-03-02', cause: 'fees', centavos: 500 },
      { day: '2026-03-02', cause: 'labels', centavos: -4_000 },
    ]);
    const today = await get(user, '/dashboard/summary?period=today');
    expect(today).toMatchObject({ total_purchases_centavos: -500, balance_centavos: 86_580 });
    // Yesterday's spend; its balance after the deposit and the label.
    expect(today.previous).toMatchObject({
      total_purchases_centavos: 13_920,
      balance_centavos: 86_080,
    });
    // The daily sums are the entries' (the ledger's invariant), and a sum off by a centavo shows.
    expect(await verifyLedger(ctx.db)).toEqual([]);
    await ctx.db.execute(
      sql`update ledger_daily_spend set amount = amount + 1 where organization_id = ${organizationId} and cause = 'fees'`,
    );
    expect((await verifyLedger(ctx.db)).map((problem) => problem.check)).toEqual([
      'daily spend adds up to the entries paid that day',
    ]);
    await ctx.db.execute(
      sql`update ledger_daily_spend set amount = amount - 1 where organization_id = ${organizationId} and cause = 'fees'`,
    );
  });

  it('refuses an unknown period', async () => {
    const response = await callAs(ctx.app, merchant, 'GET', '/dashboard/charts?period=year');
    expect(response.statusCode).toBe(400);
  });
});
