import { eq } from 'drizzle-orm';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { createTestMerchant, type TestUser } from '../../../test/users';
import { buyGuide, createLocation, fund, guideRow } from './guides.test-support';
import { pickups } from './pickups.tables';
import { shipments } from './shipments.tables';

// The migration's data fix, found by name (the number changes when branches merge): only its
// UPDATE statements, the columns being there already.
const MIGRATIONS = new URL('../../db/migrations/', import.meta.url);
const file = readdirSync(MIGRATIONS).find((name) =>
  name.endsWith('_pickups_follow_their_guides.sql'),
);
const dataFix = readFileSync(new URL(file!, MIGRATIONS), 'utf8')
  .split('--> statement-breakpoint')
  .map((statement) => statement.replace(/^--.*$/gm, '').trim())
  .filter((statement) => statement.startsWith('UPDATE'));

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  const merchant = await createTestMerchant(ctx);
  owner = merchant.user;
  await fund(ctx, merchant.organization.id, 1_000_000);
});
afterAll(() => ctx.close());

const statusOf = async (id: string) =>
  (await ctx.db.select().from(pickups).where(eq(pickups.id, id)))[0]!;

it('takes guides cancelled before it out of their requested pickups, and cancels those left empty', async () => {
  const shared = await createLocation(ctx, owner, { alias: 'Compartida' });
  const alone = await createLocation(ctx, owner, { alias: 'Sola' });
  const { row: leaving } = await buyGuide(ctx, owner, { locationId: shared });
  const { row: staying } = await buyGuide(ctx, owner, { locationId: shared });
  const { row: last } = await buyGuide(ctx, owner, { locationId: alone });
  // As the old code left them: cancelled, or being cancelled, still in their pickup.
  await ctx.db
    .update(shipments)
    .set({ cancellationRequestedAt: ctx.clock.now() })
    .where(eq(shipments.id, leaving.id));
  await ctx.db
    .update(shipments)
    .set({ status: 'cancelled', cancellationRequestedAt: ctx.clock.now() })
    .where(eq(shipments.id, last.id));

  expect(dataFix).toHaveLength(2);
  for (const statement of dataFix) await ctx.db.$client.query(statement);

  expect(await guideRow(ctx, leaving.id)).toMatchObject({ pickupId: null, pickupStart: null });
  expect((await guideRow(ctx, staying.id)).pickupId).toBe(staying.pickupId);
  expect((await statusOf(staying.pickupId!)).status).toBe('requested');
  expect((await guideRow(ctx, last.id)).pickupId).toBeNull();
  const emptied = await statusOf(last.pickupId!);
  expect(emptied.status).toBe('cancelled');
  expect(emptied.cancelledAt).not.toBeNull();
});
