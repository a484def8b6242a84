/**
 * Issue 15's stock flows, property-based, through the services as the screens reach them:
 * random sequences of adjustments (the merchant's at their own location, staff's at a
 * warehouse) and labels from the own location. A model says what each step should answer and
 * what it moves; after every sequence the balances equal the model's and `stock:verify` is
 * clean.
 */
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { createTestMerchant, createTestUser, type TestUser } from '../../../test/users';
import { AppError } from '../../platform/errors';
import { fund, guideProduct, requestGuide } from '../shipments/guides.test-support';
import { createOwnStockLocation } from './inventory.test-support';
import { insertVariants, insertWarehouse } from './stock.test-support';
import { verifyStock } from './stock.verify';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
type Place = 'own' | 'warehouse';

interface Buckets {
  on_hand: number;
  reserved: number;
  incoming: number;
  not_sellable: number;
}
const EMPTY: Buckets = { on_hand: 0, reserved: 0, incoming: 0, not_sellable: 0 };

const variant = fc.nat({ max: 1 });
const command = fc.oneof(
  fc
    .record({
      kind: fc.constant('adjust' as const),
      place: fc.constantFrom<Place>('own', 'warehouse'),
      variant,
      onHand: fc.integer({ min: -4, max: 8 }),
      notSellable: fc.integer({ min: -1, max: 2 }),
    })
    .filter((step) => step.onHand !== 0 || step.notSellable !== 0),
  fc.record({
    kind: fc.constant('label' as const),
    variant,
    quantity: fc.integer({ min: 1, max: 3 }),
  }),
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

/** What a step answers: applied, or the error code it was refused with. */
const outcomeOf = (step: Promise<unknown>) =>
  step.then(
    () => 'applied',
    (error: unknown) => {
      if (error instanceof AppError) return error.code;
      throw error;
    },
  );

/** One merchant's stock as the model has it, and the ids the steps need. */
class World {
  private readonly balances = new Map<string, Buckets>();
  private steps = 0;

  constructor(
    private readonly ctx: Ctx,
    private readonly staff: TestUser,
    private readonly merchant: { organizationId: string; user: TestUser },
    private readonly places: Record<Place, string>,
    /** The address-book location that keeps stock at `places.own`. */
    private readonly ownAddress: string,
    private readonly variants: string[],
  ) {}

  private key(variantIndex: number, place: Place) {
    return `${this.variants[variantIndex]}:${this.places[place]}`;
  }

  private balance(variantIndex: number, place: Place): Buckets {
    return this.balances.get(this.key(variantIndex, place)) ?? EMPTY;
  }

  /** The step's changes applied to the model when every bucket stays valid, else null. */
  private moved(changes: { variant: number; place: Place; delta: Partial<Buckets> }[]) {
    const next = new Map(this.balances);
    for (const change of changes) {
      const at = this.key(change.variant, change.place);
      const current = next.get(at) ?? EMPTY;
      next.set(at, {
        on_hand: current.on_hand + (change.delta.on_hand ?? 0),
        reserved: current.reserved + (change.delta.reserved ?? 0),
        incoming: current.incoming + (change.delta.incoming ?? 0),
        not_sellable: current.not_sellable + (change.delta.not_sellable ?? 0),
      });
    }
    const valid = [...next.values()].every(
      (b) =>
        b.on_hand >= 0 &&
        b.reserved >= 0 &&
        b.incoming >= 0 &&
        b.not_sellable >= 0 &&
        b.reserved <= b.on_hand,
    );
    return valid ? next : null;
  }

  /** Runs one step and checks its answer against the model's; the model follows. */
  async run(step: Command) {
    this.steps++;
    const { organizationId, user } = this.merchant;
    let expected: string;
    let actual: string;
    let next: Map<string, Buckets> | null;
    switch (step.kind) {
      case 'adjust': {
        next = this.moved([
          {
            variant: step.variant,
            place: step.place,
            delta: { on_hand: step.onHand, not_sellable: step.notSellable },
          },
        ]);
        expected = next ? 'applied' : 'INSUFFICIENT_STOCK';
        const adjustment = {
          location_id: this.places[step.place],
          reason: 'Conteo',
          lines: [
            {
              variant_id: this.variants[step.variant]!,
              on_hand_delta: step.onHand,
              not_sellable_delta: step.notSellable,
            },
          ],
        };
        const call = {
          actorId: user.id,
          idempotencyKey: `step-${this.steps}`,
          language: 'es' as const,
        };
        actual = await outcomeOf(
          step.place === 'own'
            ? this.ctx.app.services.inventory.adjust(organizationId, adjustment, {
                ...call,
                cause: 'adjustment',
              })
            : this.ctx.app.services.warehouses.adjust(
                { ...adjustment, organization_id: organizationId },
                { ...call, actorId: this.staff.id },
              ),
        );
        break;
      }
      case 'label': {
        // Reserved with the hold and shipped when the guide is issued: on hand goes down.
        next = this.moved([
          { variant: step.variant, place: 'own', delta: { on_hand: -step.quantity } },
        ]);
        expected = next ? 'applied' : 'INSUFFICIENT_STOCK';
        const response = await requestGuide(this.ctx, user, {
          locationId: this.ownAddress,
          product: {
            ...guideProduct,
            quantity: step.quantity,
            variant_id: this.variants[step.variant],
          },
        });
        actual = response.statusCode === 201 ? 'applied' : response.json().error.code;
        break;
      }
    }
    expect(actual, JSON.stringify(step)).toBe(expected);
    if (actual === 'applied' && next) for (const [at, b] of next) this.balances.set(at, b);
  }

  /** The organization's balances equal the model's. */
  async check() {
    const rows = await this.ctx.db.$client.query<Buckets & { at: string }>(
      `select variant_id || ':' || location_id as at, on_hand, reserved, incoming, not_sellable
         from stock_balances where organization_id = $1`,
      [this.merchant.organizationId],
    );
    for (const { at, ...buckets } of rows.rows) {
      expect(buckets, at).toEqual(this.balances.get(at) ?? EMPTY);
    }
    const kept = new Set(rows.rows.map((row) => row.at));
    for (const [at, buckets] of this.balances) {
      if (!kept.has(at)) expect(buckets, at).toEqual(EMPTY);
    }
  }
}

describe('stock flows through the services, property-based', () => {
  let ctx: Ctx;
  let staff: TestUser;
  let warehouse: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    staff = await createTestUser(ctx, { isStaff: true });
    warehouse = await insertWarehouse(ctx.db);
  });
  afterAll(() => ctx.close());

  it('answers and moves stock as the model says, and keeps every invariant', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 12 }), async (steps) => {
        const { organization, user } = await createTestMerchant(ctx, `Flujos ${randomUUID()}`);
        await fund(ctx, organization.id, 5_000_000);
        const own = await createOwnStockLocation(ctx, user);
        const variants = await insertVariants(ctx.db, organization.id, 2);
        const world = new World(
          ctx,
          staff,
          { organizationId: organization.id, user },
          { own: own.stockLocationId, warehouse },
          own.locationId,
          variants,
        );
        for (const step of steps) await world.run(step);
        await world.check();
        expect(await verifyStock(ctx.db)).toEqual([]);
      }),
      { numRuns: 15 },
    );
  });
});
