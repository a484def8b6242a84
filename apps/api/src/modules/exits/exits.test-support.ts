import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { createTestApp } from '../../../test/test-app';
import {
  callAs,
  type CallArgs,
  createTestMerchant,
  createTestUser,
  signIn,
  type TestUser,
} from '../../../test/users';
import {
  postAdjustment,
  warehouseAddress,
  warehouseContact,
} from '../inventory/inventory.test-support';
import { insertVariants } from '../inventory/stock.test-support';
import { monterreyCustomer } from '../shipments/guides.test-support';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export const parcel = { length: 30, width: 20, height: 15, weight: 2 };

/**
 * What exit tests share: a staff user, a platform warehouse, merchants stocked there with a
 * customer to send to, and their exits.
 */
export async function exitsBench(ctx: TestApp) {
  const call = (...args: CallArgs) => callAs(ctx.app, ...args);
  const staff: TestUser = await createTestUser(ctx, { isStaff: true });
  const created = await call(staff, 'POST', '/staff/warehouses', {
    name: 'CEDIS Tultitlán',
    code: `EX-${randomUUID().slice(0, 8)}`,
    address: warehouseAddress,
    ...warehouseContact,
  });
  expect(created.statusCode, created.body).toBe(201);
  const warehouseId: string = created.json().data.id;
  /** Staff signed in now: a test may move the clock past an access token's life. */
  const staffNow = () => signIn(ctx, staff);

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
        await staffNow(),
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
    const customer = await call(user, 'POST', '/customers', monterreyCustomer);
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

  /** Staff's quote for the exit (processing), and the ship request's body with its first rate. */
  async function shipBody(exitId: string) {
    const quoted = await call(await staffNow(), 'POST', `/staff/exits/${exitId}/quote`, {
      parcels: [parcel],
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
    const quote = quoted.json().data as { id: string; rates: { id: string }[] };
    return { parcels: [parcel], quote_id: quote.id, rate_id: quote.rates[0]!.id };
  }

  return { call, staff, staffNow, warehouseId, balance, merchant, createExit, shipBody };
}
