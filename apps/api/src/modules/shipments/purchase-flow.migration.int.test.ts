/**
 * Migration 0045: a purchase under way when the purchase became a flow (its guide `purchasing`,
 * its `shipments.recover_purchase` job pending, no run) becomes a run at its carrier step whose
 * resume job is due at once, and the old job is gone: the new code finishes it.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { shipmentCreateSchema, type QuoteView } from '@despacho/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { callAs, createTestMerchant } from '../../../test/users';
import { verifyLedger } from '../invariants';
import {
  createLocation,
  destinationAddress,
  fund,
  guideProduct,
  lostCarriers,
  MEXICO_CITY_ZIP,
  MONTERREY_ZIP,
  otherProcessPurchase,
} from './guides.test-support';
import { PURCHASE_FLOW } from './purchase.flow';

// Found by name (the number changes when branches merge); the column it drops is put back first,
// as the old code had it.
const MIGRATIONS = new URL('../../db/migrations/', import.meta.url);
const file = readdirSync(MIGRATIONS).find((name) => name.endsWith('_purchase-on-flows.sql'));
const statements = readFileSync(new URL(file!, MIGRATIONS), 'utf8')
  .split('--> statement-breakpoint')
  .map((statement) => statement.replace(/^--.*$/gm, '').trim())
  .filter(Boolean);

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const rows = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await ctx.db.$client.query<T>(text, values)).rows;

it('turns a purchase under way into a run at its carrier step, finished by its resume job', async () => {
  const { user, organization } = await createTestMerchant(ctx, 'Migración');
  await fund(ctx, organization.id, 1_000_000);
  const locationId = await createLocation(ctx, user);
  const quoted = await callAs(ctx.app, user, 'POST', '/quotes', {
    origin_zip: MEXICO_CITY_ZIP,
    destination_zip: MONTERREY_ZIP,
    parcels: [{ length: 30, width: 20, height: 15, weight: 2 }],
  });
  const quote = quoted.json().data as QuoteView;
  const rate = quote.rates.find((candidate) => candidate.carrier_key === 'estafeta')!;
  const purchase = otherProcessPurchase(ctx, lostCarriers()).purchase({
    organizationId: organization.id,
    userId: user.id,
    idempotencyKey: randomUUID(),
    language: 'es',
    data: shipmentCreateSchema.parse({
      location_id: locationId,
      destination: destinationAddress,
      packages: [{ length: 30, width: 20, height: 15, weight: 2, products: [guideProduct] }],
      quote_id: quote.id,
      rate_id: rate.id,
    }),
  });
  await expect(purchase).rejects.toThrow('socket hang up');
  // As the old code left it: no run, the column, its recovery job pending.
  const [guide] = await rows<{ id: string }>(
    `select id from shipments where organization_id = $1 and purchase_state = 'purchasing'`,
    [organization.id],
  );
  await rows(
    `delete from pgboss.job where name = 'flows.resume'
       and data ->> 'run_id' in (select id::text from flow_runs where subject_id = $1)`,
    [guide!.id],
  );
  await rows(`delete from flow_runs where subject_id = $1`, [guide!.id]);
  await rows(`alter table shipments add column purchase_instance uuid`);
  await rows(
    `insert into jobs (kind, payload, run_at, created_at)
       values ('shipments.recover_purchase', $1, now() + interval '5 minutes', now())`,
    [JSON.stringify({ organization_id: organization.id, shipment_id: guide!.id })],
  );

  for (const statement of statements) await rows(statement);

  expect(
    await rows(`select kind, state, step from flow_runs where subject_id = $1`, [guide!.id]),
  ).toEqual([{ kind: PURCHASE_FLOW, state: 'running', step: 'carrier' }]);
  expect(await rows(`select 1 from jobs where kind = 'shipments.recover_purchase'`)).toEqual([]);
  await ctx.app.jobs.runDue(new Date(Date.now() + 60_000), 10_000);
  expect(await rows(`select purchase_state from shipments where id = $1`, [guide!.id])).toEqual([
    { purchase_state: 'purchased' },
  ]);
  expect(await verifyLedger(ctx.db)).toEqual([]);
});
