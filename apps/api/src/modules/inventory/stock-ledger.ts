import { sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import { preparedPerHandle, type Db, type DbOrTx } from '../../platform/db';
import { raisedDetail } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';

/** What moves stock; the movement history links it, and its key follows from it (`stock_key_of`). */
export type StockCauseType =
  | 'entry'
  | 'exit'
  | 'shipment'
  | 'shipment_cancellation'
  | 'adjustment'
  | 'staff_adjustment'
  | 'order';

/** The cause of a movement: an entry, an exit, a label (shipment), an adjustment request. */
export interface StockCause {
  type: StockCauseType;
  id: string;
}

/** Who moved stock at which location and why; every verb takes it. */
export interface StockCall {
  cause: StockCause;
  /** The stock location every line moves at. */
  location: string;
  actorId?: string | null;
  reason?: string | null;
}

/** Units of a variant a verb moves: never negative (the verb says which way). */
export interface StockUnits {
  variant_id: string;
  quantity: number;
}

export type SellableBucket = 'on_hand' | 'not_sellable';

export interface AppliedOperation {
  operationId: string;
  /** The key was already used with the same lines: nothing moved this time. */
  replayed: boolean;
}

type Verb =
  | 'announce'
  | 'announce_cancel'
  | 'receive'
  | 'reclassify'
  | 'adjust'
  | 'reserve'
  | 'release'
  | 'ship'
  | 'return';

/** A line as `stock_move` reads it (stock.functions.sql). */
interface MoveLine {
  variant_id: string;
  quantity?: number;
  into?: SellableBucket;
  from_incoming?: number;
  on_hand?: number;
  not_sellable?: number;
}

/**
 * Inventory's verbs (issue 21), as the ledger offers hold, capture and release for money: a
 * caller names what happened, what caused it and the units; the SQL function `stock_move`
 * (stock.functions.sql) decides the bucket deltas and the idempotency key and applies them
 * through `stock_apply`, the one path that changes stock (issue 15): lines summed per variant and
 * location, each balance changed by a conditional update under its row lock in a fixed order,
 * the movements appended, all in the caller's transaction when `db` is one.
 *
 * Every verb answers 409 INSUFFICIENT_STOCK (with the variant, location and what is available)
 * when a line does not fit, rolling the transaction back; 404 when the location is not a
 * warehouse or one of the organization's active ones; 409 IDEMPOTENCY_KEY_REUSED when its key
 * already moved other units. Sent again with the same units, it moves nothing (`replayed`).
 */
export class StockLedger {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  /** An entry announced to a warehouse: incoming up (`entry:<id>:announce`). */
  announce(org: string, call: StockCall & { lines: readonly StockUnits[] }, db?: DbOrTx) {
    return this.move(org, 'announce', call, null, call.lines, db);
  }

  /** An announced entry that ends: incoming down, once per ending (cancelled or closed short). */
  announceCancel(
    org: string,
    call: StockCall & { ending: 'cancel' | 'close'; lines: readonly StockUnits[] },
    db?: DbOrTx,
  ) {
    return this.move(org, 'announce_cancel', call, call.ending, call.lines, db);
  }

  /**
   * Units counted in at a warehouse, once per `request` (the count's Idempotency-Key): `into`
   * on hand or not sellable, and incoming down by `from_incoming` (what the line still expected).
   */
  receive(
    org: string,
    call: StockCall & {
      request: string;
      lines: readonly (StockUnits & { into: SellableBucket; from_incoming: number })[];
    },
    db?: DbOrTx,
  ) {
    return this.move(org, 'receive', call, call.request, call.lines, db);
  }

  /** Units moved `into` on hand from not sellable, or the other way, once per `request`. */
  reclassify(
    org: string,
    call: StockCall & {
      request: string;
      lines: readonly (StockUnits & { into: SellableBucket })[];
    },
    db?: DbOrTx,
  ) {
    return this.move(org, 'reclassify', call, call.request, call.lines, db);
  }

  /** A count or damage: on hand and not sellable by signed deltas; the cause id is the request's key. */
  adjust(
    org: string,
    call: StockCall & {
      lines: readonly { variant_id: string; on_hand?: number; not_sellable?: number }[];
    },
    db?: DbOrTx,
  ) {
    return this.move(org, 'adjust', call, null, call.lines, db);
  }

  /** Units promised to an exit or a label: reserved up, never beyond on hand. */
  reserve(org: string, call: StockCall & { lines: readonly StockUnits[] }, db?: DbOrTx) {
    return this.move(org, 'reserve', call, null, call.lines, db);
  }

  /** A reservation given back (an exit cancelled): reserved down. */
  release(org: string, call: StockCall & { lines: readonly StockUnits[] }, db?: DbOrTx) {
    return this.move(org, 'release', call, null, call.lines, db);
  }

  /** Reserved units that leave the building: on hand and reserved down. */
  ship(org: string, call: StockCall & { lines: readonly StockUnits[] }, db?: DbOrTx) {
    return this.move(org, 'ship', call, null, call.lines, db);
  }

  /**
   * What follows the reservation `reservedBy` made (a label's): `ship` its units, `release` it
   * (only while unshipped) or `return` its shipped units to on hand (at locations that still keep
   * stock), with its own quantities, in `db`. Nothing when it reserved nothing; once per key.
   */
  async followReservation(
    org: string,
    verb: 'ship' | 'release' | 'return',
    causes: { reservedBy: StockCause; cause: StockCause },
    db: DbOrTx = this.deps.db,
  ): Promise<void> {
    await db.execute(sql`
      select stock_follow_reservation(${org}, ${verb}, ${causes.reservedBy.type},
        ${causes.reservedBy.id}, ${causes.cause.type}, ${causes.cause.id},
        ${this.deps.clock.now().toISOString()})`);
  }

  private async move(
    organizationId: string,
    verb: Verb,
    call: StockCall,
    request: string | null,
    lines: readonly MoveLine[],
    db: DbOrTx = this.deps.db,
  ): Promise<AppliedOperation> {
    const located = lines.map((line) => ({ ...line, location_id: call.location }));
    return applied(
      moveStatement(db).execute({
        organization: organizationId,
        verb,
        causeType: call.cause.type,
        causeId: call.cause.id,
        request,
        reason: call.reason ?? null,
        actor: call.actorId ?? null,
        now: this.deps.clock.now().toISOString(),
        lines: JSON.stringify(located),
      }),
    );
  }
}

const param = (name: string) => sql.placeholder(name);

function prepareMove(db: DbOrTx) {
  return db
    .select({
      outcome: sql<AppliedRow['outcome']>`m.outcome`,
      operation_id: sql<string>`m.operation_id`,
    })
    .from(
      sql`stock_move(${param('organization')}, ${param('verb')}, ${param('causeType')},
        ${param('causeId')}, ${param('request')}, ${param('reason')}, ${param('actor')},
        ${param('now')}, ${param('lines')}::jsonb) as m`,
    )
    .prepare('stock_move');
}

// Every reservation runs it: a named statement, parsed once per connection rather than per call
// (a quarter of a reservation's cost in PostgreSQL, docs/benchmarks.md).
const moveStatement = preparedPerHandle(prepareMove);

/** The row `stock_apply` answers, and `stock_move` with it. */
export type AppliedRow = {
  outcome: 'applied' | 'replayed' | 'key_reused';
  operation_id: string;
};

/**
 * The answer of `stock_move` (or of `stock_apply` itself, in the core's tests), with its
 * refusals turned into the API's errors.
 */
export async function applied(result: Promise<AppliedRow[]>): Promise<AppliedOperation> {
  let row: AppliedRow;
  try {
    row = (await result)[0]!;
  } catch (error) {
    const short = raisedDetail(error, 'SK001');
    if (short) {
      const balance = short.balance as { available?: number } | null;
      throw new AppError('INSUFFICIENT_STOCK', {
        variant_id: short.variant_id,
        location_id: short.location_id,
        available: balance?.available ?? 0,
      });
    }
    if (raisedDetail(error, 'SK002')) throw new AppError('NOT_FOUND');
    throw error;
  }
  if (row.outcome === 'key_reused') throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return { operationId: row.operation_id, replayed: row.outcome === 'replayed' };
}
