import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { multipart } from '../../../test/multipart';
import type { createTestApp } from '../../../test/test-app';
import { callAs, type TestUser } from '../../../test/users';
import { insertVariants, insertWarehouse } from '../inventory/stock.test-support';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

/** Gives variants (and their products) everything a warehouse needs: measures, SAT keys, barcode. */
export async function completeVariants(
  ctx: Pick<Ctx, 'db'>,
  ids: string[],
  barcodes: string[] = [],
) {
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

/**
 * An entry of the organization at a new warehouse, with one unit received, an incident and its
 * photo: the ids the cross-organization walk tries from another organization.
 */
export async function createTenantEntry(
  ctx: Ctx,
  owner: TestUser,
  organizationId: string,
  staff: TestUser,
) {
  const warehouse = await insertWarehouse(ctx.db);
  const [variant] = await insertVariants(ctx.db, organizationId, 1, { name: 'Entrada A' });
  await completeVariants(ctx, [variant!]);
  const created = await callAs(ctx.app, owner, 'POST', '/entries', {
    warehouse_id: warehouse,
    expected_date: '2026-12-01',
    lines: [{ variant_id: variant, expected_quantity: 2 }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const entry = created.json().data as { id: string; lines: { id: string }[] };
  const lineId = entry.lines[0]!.id;
  const received = await postKeyed(ctx, staff, `/${entry.id}/receipts`, {
    line_id: lineId,
    count: 1,
  });
  expect(received.statusCode, received.body).toBe(201);
  const form = multipart({ name: 'foto.png', content: await samplePhoto() });
  const photo = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/staff/receiving/${entry.id}/photos`,
    headers: staff.headers(form.headers),
    payload: form.payload,
  });
  expect(photo.statusCode, photo.body).toBe(201);
  const entryPhotoId = (photo.json().data as { id: string }).id;
  const incident = await callAs(ctx.app, staff, 'POST', `/staff/receiving/${entry.id}/incidents`, {
    line_id: lineId,
    kind: 'damaged',
    photo_ids: [entryPhotoId],
  });
  expect(incident.statusCode, incident.body).toBe(201);
  const entryIncidentId = (incident.json().data as { lines: { incidents: { id: string }[] }[] })
    .lines[0]!.incidents[0]!.id;
  return { entryId: entry.id, entryIncidentId, entryPhotoId };
}

/** A small real PNG, as a phone's photo would be once re-encoded. */
export function samplePhoto() {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
}
