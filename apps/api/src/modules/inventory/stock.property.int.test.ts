import type { StockLine, StockOperationKind } from '@despacho/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-app';
import { createTestOrganization } from '../../../test/users';
import { ManualClock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';

import { insertVariants, insertWarehouse, StockOperations } from './stock.test-support';
import { verifyStock } from '../invariants';

type Buckets = { on_hand: number; reserved: number; incoming: number; not_sellable: number };
const EMPTY: Buckets = { on_hand: 0, reserved: 0, incoming: 0, not_sellable: 0 };

/** The deltas each kind of operation applies for a quantity (damaged: part of a receipt). */
const DELTAS: Record<StockOperationKind, (quantity: number, damaged: number) => Partial<Buckets>> =
  {
    announce: (q) => ({ incoming: q }),
    announce_cancel: (q) => ({ incoming: -q }),
    receive: (q, d) => ({ incoming: -(q + d), on_hand: q, not_sellable: d }),
    reclassify: (q) => ({ not_sellable: -q, on_hand: q }),
    // A count up or down (the sign from `damaged`'s parity).
    adjust: (q, d) => ({ on_hand: d % 2 === 0 ? q : -q }),
    reserve: (q) => ({ reserved: q }),
    release: (q) => ({ reserved: -q }),
    ship: (q) => ({ on_hand: -q, reserved: -q }),
    return: (q) => ({ on_hand: q }),
  };

// The test's oracle: what a balance may be (the database's CHECK constraints say it too).
const valid = (b: Buckets) =>
  b.on_hand >= 0 &&
  b.reserved >= 0 &&
  b.incoming >= 0 &&
  b.not_sellable >= 0 &&
  b.reserved <= b.on_hand;

const operation = fc.record({
  kind: fc.constantFrom(...(Object.keys(DELTAS) as StockOperationKind[])),
  // Lines: 1–3, some of the same variant and location, so sums are checked together.
  lines: fc.array(
    fc.record({
      variant: fc.nat({ max: 1 }),
      location: fc.nat({ max: 1 }),
      quantity: fc.integer({ min: 1, max: 6 }),
      damaged: fc.nat({ max: 2 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  // Now and then an operation is sent again under an earlier key: it must move nothing.
  replayOf: fc.option(fc.nat({ max: 30 }), { freq: 5 }),
});

/**
 * Random sequences of entries, receipts, reservations, exits, cancellations and adjustments:
 * each is applied exactly when the model says the stock allows it, the balances end equal to
 * the model's, and `stock:verify` finds nothing broken.
 */
describe('stock ledger, property-based', () => {
  const clock = new ManualClock();
  let db: Db;
  let stock: StockOperations;
  let locations: string[];

  beforeAll(async () => {
    db = await createTestDatabase();
    stock = new StockOperations({ db, clock });
    locations = [await insertWarehouse(db), await insertWarehouse(db)];
  });
  afterAll(() => db.$client.end());

  it('keeps balances equal to the model and every invariant', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (operations) => {
        const { id: organizationId } = await createTestOrganization({ db, clock });
        const variants = await insertVariants(db, organizationId, 2);
        const model = new Map<string, Buckets>();
        const sent: {
          key: string;
          kind: StockOperationKind;
          lines: StockLine[];
          applied: boolean;
        }[] = [];

        for (const [index, op] of operations.entries()) {
          const earlier = op.replayOf === null ? undefined : sent[op.replayOf];
          const attempt = earlier ?? {
            key: `op-${index}`,
            kind: op.kind,
            lines: op.lines.map((line) => ({
              variant_id: variants[line.variant]!,
              location_id: locations[line.location]!,
              ...DELTAS[op.kind](line.quantity, line.damaged),
            })),
            applied: false,
          };
          if (!earlier) sent.push(attempt);

          const next = new Map(model);
          for (const line of attempt.lines) {
            const at = `${line.variant_id}:${line.location_id}`;
            const current = next.get(at) ?? EMPTY;
            next.set(at, {
              on_hand: current.on_hand + (line.on_hand ?? 0),
              reserved: current.reserved + (line.reserved ?? 0),
              incoming: current.incoming + (line.incoming ?? 0),
              not_sellable: current.not_sellable + (line.not_sellable ?? 0),
            });
          }
          // A key already applied replays; a refused one left nothing behind, so it is new.
          const expected = attempt.applied
            ? 'replayed'
            : [...next.values()].every(valid)
              ? 'applied'
              : 'INSUFFICIENT_STOCK';

          const outcome = await stock
            .apply(organizationId, {
              idempotencyKey: attempt.key,
              kind: attempt.kind,
              cause: { type: 'test', id: attempt.key },
              lines: attempt.lines,
            })
            .then(
              (applied) => (applied.replayed ? 'replayed' : 'applied'),
              (error: unknown) => (error instanceof AppError ? error.code : String(error)),
            );
          expect(outcome).toBe(expected);
          if (outcome === 'applied') {
            attempt.applied = true;
            for (const [at, buckets] of next) model.set(at, buckets);
          }
        }

        const rows = await db.execute<Buckets & { variant_id: string; location_id: string }>(sql`
          select variant_id, location_id, on_hand, reserved, incoming, not_sellable
          from stock_balances where organization_id = ${organizationId}`);
        for (const row of rows.rows) {
          const { variant_id, location_id, ...buckets } = row;
          expect(buckets).toEqual(model.get(`${variant_id}:${location_id}`) ?? EMPTY);
        }
        expect(await verifyStock(db)).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });
});
