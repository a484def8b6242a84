import type { StockLine, StockOperationKind } from '@despacho/domain';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { raisedDetail } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';

export interface StockOperation {
  /** Unique per organization: the same operation sent again is applied once. */
  idempotencyKey: string;
  kind: StockOperationKind;
  /** What caused it (an entry, an exit, a shipment, an adjustment), for the movement history. */
  cause: { type: string; id: string };
  reason?: string | null;
  actorId?: string | null;
  lines: readonly StockLine[];
}

export interface AppliedOperation {
  operationId: string;
  /** The key was already used with the same lines: nothing moved this time. */
  replayed: boolean;
}

/**
 * The one path that changes stock (issue 15): every operation goes through the SQL function
 * `stock_apply` (stock.functions.sql), which sums the lines per variant and location, changes
 * each balance with a conditional update under its row lock in a fixed order and appends the
 * movements, all in the caller's transaction. Nothing else may write a balance (a trigger
 * refuses it).
 */
export class StockLedger {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  /**
   * Applies an operation, in `db` when it is the caller's transaction (a label purchase
   * reserving stock with its hold). 409 INSUFFICIENT_STOCK (with the variant, location and what
   * is available) rolls the transaction back; a location that is not a warehouse or one of the
   * organization's is 404; a key reused with other lines is 409 IDEMPOTENCY_KEY_REUSED.
   */
  async apply(
    organizationId: string,
    operation: StockOperation,
    db: DbOrTx = this.deps.db,
  ): Promise<AppliedOperation> {
    type Row = { outcome: 'applied' | 'replayed' | 'key_reused'; operation_id: string };
    let row: Row;
    try {
      const result = await db.execute<Row>(sql`
        select * from stock_apply(
          ${organizationId}, ${operation.idempotencyKey}, ${operation.kind},
          ${operation.cause.type}, ${operation.cause.id}, ${operation.reason ?? null},
          ${operation.actorId ?? null}, ${this.deps.clock.now().toISOString()},
          ${JSON.stringify(operation.lines)}::jsonb)`);
      row = result.rows[0]!;
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
}
