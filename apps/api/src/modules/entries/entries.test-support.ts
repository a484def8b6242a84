import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { createTestApp } from '../../../test/test-app';
import type { TestUser } from '../../../test/users';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

/** Gives variants (and their products) everything a warehouse needs: measures, SAT keys, barcode. */
export async function completeVariants(ctx: Ctx, ids: string[], barcodes: string[] = []) {
  for (const [index, id] of ids.entries()) {
    await ctx.db.execute(sql`
      update product_variants set weight = 0.5, length = 20, width = 15, height = 5,
        barcode = ${barcodes[index] ?? `750${randomUUID().replace(/\D/g, '').slice(0, 10)}`}
      where id = ${id}`);
    await ctx.db.execute(sql`
      update products set sat_product_code = '53101600', sat_unit_code = 'H87'
      where id = (select product_id from product_variants where id = ${id})`);
  }
}

/** Posts a receipt (or another keyed staff action) under an Idempotency-Key, new unless given. */
export function postKeyed(
  ctx: Ctx,
  staff: TestUser,
  url: string,
  body: object,
  options: { key?: string; language?: 'es' | 'en' } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/staff/receiving${url}`,
    headers: staff.headers({
      'x-language': options.language ?? 'es',
      'idempotency-key': options.key ?? `key-${randomUUID()}`,
    }),
    payload: body,
  });
}

/** What the organization holds of a variant at a location, straight from the balance row. */
export async function balanceOf(ctx: Ctx, variantId: string, locationId: string) {
  const result = await ctx.db.execute<{
    on_hand: number;
    reserved: number;
    incoming: number;
    not_sellable: number;
  }>(sql`
    select on_hand, reserved, incoming, not_sellable from stock_balances
    where variant_id = ${variantId} and location_id = ${locationId}`);
  return result.rows[0] ?? { on_hand: 0, reserved: 0, incoming: 0, not_sellable: 0 };
}
