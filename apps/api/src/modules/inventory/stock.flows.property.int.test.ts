/**
 * Issue 15's stock flows, property-based, through the services as the screens reach them:
 * random sequences of entries (announced, received in part, whole or over, with damaged units,
 * receipts sent twice, closed short, cancelled), exits (created, processed, cancelled, shipped
 * with a guide), adjustments (the merchant's at their own location, staff's at the warehouse)
 * and labels from the own location. A model says what each step answers and moves; after every
 * sequence the balances equal the model's and `stock:verify` is clean.
 */
import {
  entrySchema,
  exitCreateSchema,
  exitQuoteSchema,
  exitShipSchema,
  incomingTaken,
  statusOfCounts,
  warehouseSchema,
} from '@despacho/domain';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { createTestMerchant, createTestUser, type TestUser } from '../../../test/users';
import { AppError } from '../../platform/errors';
import { completeVariants } from '../entries/entries.test-support';
import { fund, guideProduct, requestGuide } from '../shipments/guides.test-support';
import {
  createOwnStockLocation,
  warehouseAddress,
  warehouseContact,
} from './inventory.test-support';
import { insertVariants } from './stock.test-support';
import { verifyStock } from '../invariants';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
type Place = 'own' | 'warehouse';

interface Buckets {
  on_hand: number;
  reserved: number;
  incoming: number;
  not_sellable: number;
}
const EMPTY: Buckets = { on_hand: 0, reserved: 0, incoming: 0, not_sellable: 0 };

const parcel = { length: 30, width: 20, height: 15, weight: 2 };

/** Variants picked for a document's lines: one or both, each with a quantity. */
const lines = (max: number) =>
  fc.uniqueArray(
    fc.record({ variant: fc.nat({ max: 1 }), quantity: fc.integer({ min: 1, max }) }),
    { minLength: 1, maxLength: 2, selector: (line) => line.variant },
  );
/** Which earlier entry or exit a step acts on (modulo how many there are). */
const which = fc.nat({ max: 3 });

const command = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .record({
        kind: fc.constant('adjust' as const),
        place: fc.constantFrom<Place>('own', 'warehouse'),
        variant: fc.nat({ max: 1 }),
        onHand: fc.integer({ min: -4, max: 8 }),
        notSellable: fc.integer({ min: -1, max: 2 }),
      })
      .filter((step) => step.onHand !== 0 || step.notSellable !== 0),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('label' as const),
      variant: fc.nat({ max: 1 }),
      quantity: fc.integer({ min: 1, max: 3 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('announce' as const), lines: lines(6) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('receive' as const),
      entry: which,
      line: fc.nat({ max: 1 }),
      // Up to past what a line expects: an "over" receipt.
      count: fc.integer({ min: 1, max: 8 }),
      damaged: fc.boolean(),
      // The staff console's double submit: the last receipt again, under its key.
      again: fc.nat({ max: 4 }).map((n) => n === 0),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('close' as const), entry: which }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel_entry' as const), entry: which }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('create_exit' as const), lines: lines(4) }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('process' as const), exit: which }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel_exit' as const), exit: which }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('ship' as const), exit: which }) },
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

interface EntryModel {
  id: string;
  lines: { id: string; variant: number; expected: number; received: number }[];
  status: 'pending' | 'partial' | 'received' | 'cancelled';
}
interface ExitModel {
  id: string;
  lines: { variant: number; quantity: number }[];
  status: 'created' | 'processing' | 'shipped' | 'cancelled';
}
interface Receipt {
  entry: EntryModel;
  line: number;
  input: { line_id: string; count: number; disposition: 'accepted' | 'not_sellable' };
  key: string;
}

/** What a step should answer and move; `act` runs it, `then` updates documents once applied. */
interface Plan {
  expected: string;
  changes?: { variant: number; place: Place; delta: Partial<Buckets> }[];
  act: () => Promise<unknown>;
  then?: () => void;
}

/** What a step answered: applied (or replayed), or the error code it was refused with. */
const outcomeOf = (step: Promise<unknown>) =>
  step.then(
    (result) =>
      result && typeof result === 'object' && 'replayed' in result && result.replayed
        ? 'replayed'
        : 'applied',
    (error: unknown) => {
      if (error instanceof AppError) return error.code;
      throw error;
    },
  );

/** One merchant's stock as the model has it, its documents, and the ids the steps need. */
class World {
  private readonly balances = new Map<string, Buckets>();
  private readonly entries: EntryModel[] = [];
  private readonly exits: ExitModel[] = [];
  private lastReceipt: Receipt | undefined;
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

  private get services() {
    return this.ctx.app.services;
  }

  private key(variantIndex: number, place: Place) {
    return `${this.variants[variantIndex]}:${this.places[place]}`;
  }

  private balance(variantIndex: number, place: Place): Buckets {
    return this.balances.get(this.key(variantIndex, place)) ?? EMPTY;
  }

  /** The changes applied to the model when every bucket stays valid, else null. */
  private moved(changes: Plan['changes'] = []) {
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
    const plan = this.plan(step);
    if (!plan) return;
    const next = this.moved(plan.changes);
    // A step the stock does not allow is refused as the ledger refuses it.
    const expected = plan.expected === 'applied' && !next ? 'INSUFFICIENT_STOCK' : plan.expected;
    const actual = await outcomeOf(plan.act());
    expect(actual, `step ${this.steps}: ${JSON.stringify(step)}`).toBe(expected);
    if (actual !== 'applied') return;
    for (const [at, buckets] of next!) this.balances.set(at, buckets);
    plan.then?.();
  }

  private plan(step: Command): Plan | undefined {
    switch (step.kind) {
      case 'adjust':
        return this.adjust(step);
      case 'label':
        return this.label(step);
      case 'announce':
        return this.announce(step);
      case 'receive':
        return this.receive(step);
      case 'close':
        return this.close(step);
      case 'cancel_entry':
        return this.cancelEntry(step);
      case 'create_exit':
        return this.createExit(step);
      case 'process':
        return this.process(step);
      case 'cancel_exit':
        return this.cancelExit(step);
      case 'ship':
        return this.ship(step);
    }
  }

  private adjust(step: Extract<Command, { kind: 'adjust' }>): Plan {
    const { organizationId, user } = this.merchant;
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
    const call = { idempotencyKey: `step-${this.steps}`, language: 'es' as const };
    return {
      expected: 'applied',
      changes: [
        {
          variant: step.variant,
          place: step.place,
          delta: { on_hand: step.onHand, not_sellable: step.notSellable },
        },
      ],
      act: () =>
        step.place === 'own'
          ? this.services.inventory.adjust(organizationId, adjustment, {
              ...call,
              actorId: user.id,
              cause: 'adjustment',
            })
          : this.services.warehouses.adjust(
              { ...adjustment, organization_id: organizationId },
              { ...call, actorId: this.staff.id },
            ),
    };
  }

  /** Reserved with the hold and shipped when the guide is issued: on hand goes down. */
  private label(step: Extract<Command, { kind: 'label' }>): Plan {
    return {
      expected: 'applied',
      changes: [{ variant: step.variant, place: 'own', delta: { on_hand: -step.quantity } }],
      act: async () => {
        const response = await requestGuide(this.ctx, this.merchant.user, {
          locationId: this.ownAddress,
          product: {
            ...guideProduct,
            quantity: step.quantity,
            variant_id: this.variants[step.variant],
          },
        });
        if (response.statusCode !== 201) throw new AppError(response.json().error.code);
      },
    };
  }

  private announce(step: Extract<Command, { kind: 'announce' }>): Plan {
    return {
      expected: 'applied',
      changes: step.lines.map((line) => ({
        variant: line.variant,
        place: 'warehouse',
        delta: { incoming: line.quantity },
      })),
      act: async () => {
        const entry = await this.services.entries.create(
          this.merchant.organizationId,
          entrySchema.parse({
            warehouse_id: this.places.warehouse,
            expected_date: '2026-04-01',
            lines: step.lines.map((line) => ({
              variant_id: this.variants[line.variant],
              expected_quantity: line.quantity,
            })),
          }),
          this.merchant.user.id,
        );
        this.entries.push({
          id: entry.id,
          status: 'pending',
          lines: entry.lines.map((line, index) => ({
            id: line.id,
            variant: step.lines[index]!.variant,
            expected: step.lines[index]!.quantity,
            received: 0,
          })),
        });
      },
    };
  }

  private receive(step: Extract<Command, { kind: 'receive' }>): Plan | undefined {
    const call = (receipt: Receipt) => () =>
      this.services.receiving.receive(receipt.entry.id, receipt.input, {
        actorId: this.staff.id,
        idempotencyKey: receipt.key,
      });
    if (step.again && this.lastReceipt) {
      return { expected: 'replayed', act: call(this.lastReceipt) };
    }
    const entry = this.entries[step.entry % this.entries.length];
    if (!entry) return undefined;
    const index = step.line % entry.lines.length;
    const line = entry.lines[index]!;
    const receipt: Receipt = {
      entry,
      line: index,
      input: {
        line_id: line.id,
        count: step.count,
        disposition: step.damaged ? 'not_sellable' : 'accepted',
      },
      key: `receipt-${this.steps}`,
    };
    const closed = entry.status === 'received' || entry.status === 'cancelled';
    return {
      expected: closed ? 'ENTRY_CLOSED' : 'applied',
      changes: [
        {
          variant: line.variant,
          place: 'warehouse',
          delta: {
            incoming: -incomingTaken(line.expected, line.received, step.count),
            [step.damaged ? 'not_sellable' : 'on_hand']: step.count,
          },
        },
      ],
      act: call(receipt),
      then: () => {
        line.received += step.count;
        entry.status = statusOfCounts(entry.lines);
        this.lastReceipt = receipt;
      },
    };
  }

  /** Closed short: what did not arrive stops being incoming. */
  private close(step: Extract<Command, { kind: 'close' }>): Plan | undefined {
    const entry = this.entries[step.entry % this.entries.length];
    if (!entry) return undefined;
    const closed = entry.status === 'received' || entry.status === 'cancelled';
    return {
      expected: closed ? 'ENTRY_CLOSED' : 'applied',
      changes: entry.lines.map((line) => ({
        variant: line.variant,
        place: 'warehouse',
        delta: { incoming: -incomingTaken(line.expected, line.received, line.expected) },
      })),
      act: () => this.services.receiving.close(entry.id, this.staff.id),
      then: () => {
        entry.status = 'received';
      },
    };
  }

  private cancelEntry(step: Extract<Command, { kind: 'cancel_entry' }>): Plan | undefined {
    const entry = this.entries[step.entry % this.entries.length];
    if (!entry) return undefined;
    return {
      expected: entry.status === 'pending' ? 'applied' : 'ENTRY_NOT_CANCELLABLE',
      changes: entry.lines.map((line) => ({
        variant: line.variant,
        place: 'warehouse',
        delta: { incoming: -line.expected },
      })),
      act: () =>
        this.services.entries.cancel(this.merchant.organizationId, entry.id, this.merchant.user.id),
      then: () => {
        entry.status = 'cancelled';
      },
    };
  }

  private createExit(step: Extract<Command, { kind: 'create_exit' }>): Plan {
    return {
      expected: 'applied',
      act: async () => {
        const exit = await this.services.exits.create(
          this.merchant.organizationId,
          exitCreateSchema.parse({
            warehouse_id: this.places.warehouse,
            destination: { kind: 'location', location_id: this.ownAddress },
            lines: step.lines.map((line) => ({
              variant_id: this.variants[line.variant],
              quantity: line.quantity,
            })),
          }),
          { userId: this.merchant.user.id },
        );
        this.exits.push({ id: exit.id, lines: step.lines, status: 'created' });
      },
    };
  }

  /** Sent to the warehouse: its lines reserved there, or refused whole when one is short. */
  private process(step: Extract<Command, { kind: 'process' }>): Plan | undefined {
    const exit = this.exits[step.exit % this.exits.length];
    if (!exit) return undefined;
    const short = exit.lines.some((line) => {
      const balance = this.balance(line.variant, 'warehouse');
      return line.quantity > balance.on_hand - balance.reserved;
    });
    return {
      expected:
        exit.status !== 'created'
          ? 'EXIT_STATUS_CONFLICT'
          : short
            ? 'EXIT_OUT_OF_STOCK'
            : 'applied',
      changes: exit.lines.map((line) => ({
        variant: line.variant,
        place: 'warehouse',
        delta: { reserved: line.quantity },
      })),
      act: () =>
        this.services.exits.process(
          this.merchant.organizationId,
          exit.id,
          { quantities: [] },
          { userId: null },
        ),
      then: () => {
        exit.status = 'processing';
      },
    };
  }

  private cancelExit(step: Extract<Command, { kind: 'cancel_exit' }>): Plan | undefined {
    const exit = this.exits[step.exit % this.exits.length];
    if (!exit) return undefined;
    return {
      expected: exit.status === 'shipped' ? 'EXIT_STATUS_CONFLICT' : 'applied',
      // Only a processing exit holds a reservation to release.
      changes:
        exit.status === 'processing'
          ? exit.lines.map((line) => ({
              variant: line.variant,
              place: 'warehouse',
              delta: { reserved: -line.quantity },
            }))
          : [],
      act: () =>
        this.services.exits.cancel(this.merchant.organizationId, exit.id, { userId: null }),
      then: () => {
        exit.status = 'cancelled';
      },
    };
  }

  /** Staff quote from the warehouse, buy the guide and ship: the reserved units leave. */
  private ship(step: Extract<Command, { kind: 'ship' }>): Plan | undefined {
    const exit = this.exits[step.exit % this.exits.length];
    if (!exit) return undefined;
    return {
      expected: exit.status === 'processing' ? 'applied' : 'EXIT_STATUS_CONFLICT',
      changes: exit.lines.map((line) => ({
        variant: line.variant,
        place: 'warehouse',
        delta: { on_hand: -line.quantity, reserved: -line.quantity },
      })),
      act: async () => {
        const packed = exitQuoteSchema.parse({ parcels: [parcel] });
        const quote = await this.services.dispatch.quote(exit.id, packed, this.staff.id, 'es');
        await this.services.dispatch.ship(
          exit.id,
          exitShipSchema.parse({ ...packed, quote_id: quote.id, rate_id: quote.rates[0]!.id }),
          this.staff.id,
          'es',
        );
      },
      then: () => {
        exit.status = 'shipped';
      },
    };
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
    const created = await ctx.app.services.warehouses.create(
      warehouseSchema.parse({
        name: 'CEDIS Propiedades',
        code: `PROP-${randomUUID().slice(0, 8)}`,
        address: warehouseAddress,
        ...warehouseContact,
      }),
      staff.id,
    );
    warehouse = created.id;
  });
  afterAll(() => ctx.close());

  it('answers and moves stock as the model says, and keeps every invariant', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(command, { minLength: 6, maxLength: 20, size: 'max' }),
        async (steps) => {
          const { organization, user } = await createTestMerchant(ctx, `Flujos ${randomUUID()}`);
          await fund(ctx, organization.id, 5_000_000);
          const own = await createOwnStockLocation(ctx, user);
          const variants = await insertVariants(ctx.db, organization.id, 2);
          await completeVariants(ctx, variants);
          const world = new World(
            ctx,
            staff,
            { organizationId: organization.id, user },
            { own: own.stockLocationId, warehouse },
            own.locationId,
            variants,
          );
          // Some stock to start with, at both places, so exits and labels find some.
          const opening = [0, 1].flatMap((variant) =>
            (['own', 'warehouse'] as const).map((place): Command => ({
              kind: 'adjust',
              place,
              variant,
              onHand: 6,
              notSellable: 0,
            })),
          );
          for (const step of [...opening, ...steps]) await world.run(step);
          await world.check();
          expect(await verifyStock(ctx.db)).toEqual([]);
        },
      ),
      { numRuns: 20 },
    );
  });
});
