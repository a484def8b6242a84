import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { callAs, createTestMerchant, createTestUser, type TestUser } from '../../../test/users';
import { createLocation } from '../shipments/guides.test-support';
import { postAdjustment, warehouseAddress, warehouseContact } from './inventory.test-support';
import { insertVariants } from './stock.test-support';
import { verifyStock } from '../invariants';

const ROUNDS = 20;
const ADJUSTMENTS = 20;

/**
 * Issue 21: deactivating a stock-keeping location or a warehouse while adjustments land there
 * used to succeed with the adjustments committed too, leaving an inactive location holding
 * stock, hidden from the merchant's lists. Whatever the order, one of the two must lose: the
 * deactivation sees the stock and refuses, or the adjustment sees the location inactive.
 */
describe('deactivating a location racing adjustments', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let staff: TestUser;
  let merchant: TestUser;
  let organizationId: string;
  let variant: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    staff = await createTestUser(ctx, { isStaff: true });
    const created = await createTestMerchant(ctx);
    merchant = created.user;
    organizationId = created.organization.id;
    [variant] = (await insertVariants(ctx.db, organizationId)) as [string];
  });
  afterAll(() => ctx.close());

  /** The balances with anything in a bucket at `locationId` once it is inactive: never any. */
  const inactiveHoldingStock = async (locationId: string) =>
    (
      await ctx.db.execute(sql`
        select b.location_id, b.on_hand, b.not_sellable
        from stock_balances b join stock_locations l on l.id = b.location_id
        where l.id = ${locationId} and not l.active
          and b.on_hand + b.reserved + b.incoming + b.not_sellable > 0`)
    ).rows;

  const onHandAt = async (locationId: string) =>
    (
      await ctx.db.execute<{ on_hand: number }>(sql`
        select coalesce(sum(on_hand), 0)::int as on_hand from stock_balances
        where location_id = ${locationId}`)
    ).rows[0]!.on_hand;

  /**
   * One round: ADJUSTMENTS concurrent counts of +1 at `locationId`, the deactivation sent among
   * them. Answers the deactivation's status and each adjustment's.
   */
  async function race(
    locationId: string,
    deactivate: () => Promise<{ statusCode: number; body: string }>,
    options: { staff?: boolean } = {},
  ) {
    const adjust = () =>
      postAdjustment(
        ctx,
        options.staff ? staff : merchant,
        {
          ...(options.staff ? { organization_id: organizationId } : {}),
          location_id: locationId,
          reason: 'Conteo',
          lines: [{ variant_id: variant, on_hand_delta: 1 }],
        },
        { staff: options.staff },
      );
    const calls = Array.from({ length: ADJUSTMENTS + 1 }, (_, index) =>
      index === ADJUSTMENTS / 2 ? deactivate() : adjust(),
    );
    const answers = await Promise.all(calls);
    const deactivation = answers[ADJUSTMENTS / 2]!;
    const adjustments = answers.filter((_, index) => index !== ADJUSTMENTS / 2);
    return { deactivation, adjustments };
  }

  it('never leaves a merchant’s own location inactive with stock, in 20 rounds', async () => {
    const locationId = await createLocation(ctx, merchant, { alias: 'Bodega en carrera' });
    const keepsStock = (keeps: boolean) =>
      callAs(ctx.app, merchant, 'PUT', `/inventory/locations/${locationId}`, {
        keeps_stock: keeps,
      });
    for (let round = 0; round < ROUNDS; round += 1) {
      const kept = await keepsStock(true);
      expect(kept.statusCode, kept.body).toBe(200);
      const stockLocationId = (kept.json().data as { id: string }).id;
      const { deactivation, adjustments } = await race(stockLocationId, () => keepsStock(false));

      expect([200, 409], deactivation.body).toContain(deactivation.statusCode);
      for (const answer of adjustments) {
        expect([201, 404, 409], answer.body).toContain(answer.statusCode);
      }
      expect(await inactiveHoldingStock(stockLocationId)).toEqual([]);

      // The next round starts from an active, empty location.
      const reactivated = await keepsStock(true);
      const id = (reactivated.json().data as { id: string }).id;
      const held = await onHandAt(id);
      if (held > 0) {
        const emptied = await postAdjustment(ctx, merchant, {
          location_id: id,
          reason: 'Conteo',
          lines: [{ variant_id: variant, on_hand_delta: -held }],
        });
        expect(emptied.statusCode, emptied.body).toBe(201);
      }
    }
    expect(await verifyStock(ctx.db)).toEqual([]);
  });

  it('never leaves a warehouse inactive with stock, in 20 rounds', async () => {
    const created = await callAs(ctx.app, staff, 'POST', '/staff/warehouses', {
      name: 'CEDIS en carrera',
      code: `race-${Date.now()}`,
      address: warehouseAddress,
      ...warehouseContact,
    });
    expect(created.statusCode, created.body).toBe(201);
    const warehouseId = (created.json().data as { id: string }).id;
    const status = (active: boolean) =>
      callAs(ctx.app, staff, 'PATCH', `/staff/warehouses/${warehouseId}/status`, { active });
    for (let round = 0; round < ROUNDS; round += 1) {
      expect((await status(true)).statusCode).toBe(200);
      const { deactivation, adjustments } = await race(warehouseId, () => status(false), {
        staff: true,
      });

      expect([200, 409], deactivation.body).toContain(deactivation.statusCode);
      for (const answer of adjustments) {
        expect([201, 404, 409], answer.body).toContain(answer.statusCode);
      }
      expect(await inactiveHoldingStock(warehouseId)).toEqual([]);

      expect((await status(true)).statusCode).toBe(200);
      const held = await onHandAt(warehouseId);
      if (held > 0) {
        const emptied = await postAdjustment(
          ctx,
          staff,
          {
            organization_id: organizationId,
            location_id: warehouseId,
            reason: 'Conteo',
            lines: [{ variant_id: variant, on_hand_delta: -held }],
          },
          { staff: true },
        );
        expect(emptied.statusCode, emptied.body).toBe(201);
      }
    }
    expect(await verifyStock(ctx.db)).toEqual([]);
  });
});
