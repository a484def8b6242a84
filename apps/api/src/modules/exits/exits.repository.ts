import type { ExitStatus, ExitsQuery } from '@despacho/domain';
import {
  and,
  type AnyColumn,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import type { AppliedRow } from '../inventory';
import { exitLines, exits } from './exits.tables';

export type ExitRow = typeof exits.$inferSelect;
export type ExitLineRow = typeof exitLines.$inferSelect;
export type ExitInsert = Omit<typeof exits.$inferInsert, 'number'>;

/**
 * Inserts an exit with the organization's next number: the organization's advisory lock makes
 * two creations at once take consecutive numbers instead of the same one.
 */
export async function insertExit(
  db: DbOrTx,
  values: ExitInsert,
  lines: Omit<ExitLineRow, 'exitId' | 'organizationId'>[],
): Promise<ExitRow> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`exits:${values.organizationId}`}, 0))`,
  );
  const [{ next }] = (await db
    .select({ next: sql<number>`coalesce(max(${exits.number}), 0) + 1`.mapWith(Number) })
    .from(exits)
    .where(eq(exits.organizationId, values.organizationId))) as [{ next: number }];
  const [row] = await db
    .insert(exits)
    .values({ ...values, number: next })
    .returning();
  await db
    .insert(exitLines)
    .values(
      lines.map((line) => ({ ...line, exitId: row!.id, organizationId: values.organizationId })),
    );
  return row!;
}

/** The organization's exit (any organization's when `organizationId` is null: staff). */
export async function findExit(
  db: DbOrTx,
  organizationId: string | null,
  id: string,
  lock = false,
): Promise<ExitRow | undefined> {
  const where = organizationId
    ? and(eq(exits.organizationId, organizationId), eq(exits.id, id))
    : eq(exits.id, id);
  const query = db.select().from(exits).where(where);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The organization's exit shipped with the guide, locked (the guide's cancellation). */
export async function findExitOfGuide(
  db: DbOrTx,
  organizationId: string,
  shipmentId: string,
): Promise<ExitRow | undefined> {
  const [row] = await db
    .select()
    .from(exits)
    .where(and(eq(exits.organizationId, organizationId), eq(exits.shipmentId, shipmentId)))
    .for('update');
  return row;
}

/** What an exit's dispatch sends of each line: the waybill's product, with its variant. */
export interface DispatchLine {
  variant_id: string;
  quantity: number;
  product_name: string;
  sat_product_code: string | null;
  sat_unit_code: string | null;
  unit_value: number;
}

/** An exit's lines to send (quantity above zero, in order), as one JSON array. */
const linesToSend = (exitId: AnyColumn) =>
  sql<DispatchLine[]>`(select coalesce(json_agg(json_build_object(
      'variant_id', l.variant_id, 'quantity', l.quantity, 'product_name', l.product_name,
      'sat_product_code', l.sat_product_code, 'sat_unit_code', l.sat_unit_code,
      'unit_value', l.unit_value) order by l.position), '[]'::json)
    from ${exitLines} l where l.exit_id = ${exitId} and l.quantity > 0)`;

/**
 * A dispatch's start in one statement (its own transaction): the exit locked and, when it is
 * processing, the dispatch's run inserted through the platform's `flow_run_checkpoint`
 * (`checkpoint`, as Flows gives it, with the exit's organization; the runs' unique index
 * refuses a second dispatch). Answers the exit as locked, with its lines to send, or nothing
 * when there is no such exit. The run is inserted only from the locked row (a materialized
 * CTE), never from an older version of it.
 */
export async function startDispatch(
  db: DbOrTx,
  id: string,
  checkpoint: string,
): Promise<{ exit: ExitRow; lines: DispatchLine[] } | undefined> {
  const locked = db
    .$with('locked')
    .as(db.select().from(exits).where(eq(exits.id, id)).for('update'));
  const exit = Object.fromEntries(
    Object.keys(getTableColumns(exits)).map((key) => [key, locked[key as keyof ExitRow]]),
  ) as unknown as typeof exits._.columns;
  const [row] = await db
    .with(locked)
    .select({
      exit,
      lines: linesToSend(locked.id),
      // The run belongs to the exit's organization, which the request did not read first.
      started: sql<boolean>`case when ${locked.status} = 'processing'
        then flow_run_checkpoint(jsonb_set(${checkpoint}::jsonb, '{organization_id}',
          to_jsonb(${locked.organizationId}))) end`,
    })
    .from(locked);
  return row && { exit: row.exit as ExitRow, lines: row.lines };
}

/** The exit with its lines to send: a dispatch resumed without its start's answer. */
export async function findExitToDispatch(
  db: DbOrTx,
  id: string,
): Promise<{ exit: ExitRow; lines: DispatchLine[] } | undefined> {
  const [row] = await db
    .select({ exit: exits, lines: linesToSend(exits.id) })
    .from(exits)
    .where(eq(exits.id, id));
  return row;
}

/**
 * The dispatch's `ship` step in one statement, `exit_dispatch_ship` (dispatch.functions.sql):
 * the run's checkpoint, the reserved units shipped, the exit shipped with its guide. Answers the
 * stock's outcome as inventory's verb answers it, or 'run_moved' with nothing written.
 */
export async function shipDispatched(
  db: DbOrTx,
  values: {
    checkpoint: string;
    organizationId: string;
    exitId: string;
    causeType: string;
    actorId: string;
    lines: { variant_id: string; quantity: number; location_id: string }[];
    shipmentId: string;
    trackingNumber: string | null;
    now: Date;
  },
): Promise<{ outcome: AppliedRow['outcome'] | 'run_moved'; operation_id: string }[]> {
  const { rows } = await db.execute<{
    outcome: AppliedRow['outcome'] | 'run_moved';
    operation_id: string;
  }>(sql`select outcome, operation_id from exit_dispatch_ship(${values.checkpoint}::jsonb,
      ${values.organizationId}, ${values.exitId}, ${values.causeType}, ${values.actorId},
      ${JSON.stringify(values.lines)}::jsonb, ${values.shipmentId}, ${values.trackingNumber},
      ${values.now.toISOString()})`);
  return rows;
}

export async function findLines(db: DbOrTx, exitIds: string[]): Promise<ExitLineRow[]> {
  if (exitIds.length === 0) return [];
  return db
    .select()
    .from(exitLines)
    .where(inArray(exitLines.exitId, exitIds))
    .orderBy(asc(exitLines.exitId), asc(exitLines.position));
}

export async function setQuantities(
  db: DbOrTx,
  exitId: string,
  lines: { variantId: string; quantity: number }[],
): Promise<void> {
  for (const line of lines) {
    await db
      .update(exitLines)
      .set({ quantity: line.quantity })
      .where(and(eq(exitLines.exitId, exitId), eq(exitLines.variantId, line.variantId)));
  }
}

export async function updateExit(
  db: DbOrTx,
  id: string,
  values: Partial<Omit<ExitRow, 'id' | 'organizationId' | 'number'>>,
): Promise<ExitRow> {
  const [row] = await db.update(exits).set(values).where(eq(exits.id, id)).returning();
  return row!;
}

const ORDERS = {
  newest: [desc(exits.createdAt), desc(exits.number)],
  oldest_processing: [asc(exits.processingAt), asc(exits.id)],
  newest_cancelled: [desc(exits.cancelledAt), desc(exits.id)],
};

export async function listExits(
  db: DbOrTx,
  organizationId: string | null,
  query: Pick<ExitsQuery, 'page' | 'pageSize' | 'search' | 'warehouse_id' | 'exit'> & {
    status?: ExitStatus | undefined;
    /**
     * Only exits cancelled since then that had shipped with a guide: only the guide's
     * cancellation cancels an exit with a guide (a merchant's cancel is refused once shipped).
     */
    guideCancelledSince?: Date;
  },
  order: 'newest' | 'oldest_processing' | 'newest_cancelled' = 'newest',
): Promise<{ rows: ExitRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (organizationId) conditions.push(eq(exits.organizationId, organizationId));
  if (query.status) conditions.push(eq(exits.status, query.status));
  if (query.guideCancelledSince) {
    conditions.push(
      eq(exits.status, 'cancelled'),
      isNotNull(exits.shipmentId),
      gte(exits.cancelledAt, query.guideCancelledSince),
    );
  }
  if (query.warehouse_id) conditions.push(eq(exits.warehouseId, query.warehouse_id));
  if (query.exit) conditions.push(eq(exits.id, query.exit));
  const search = query.search?.trim();
  if (search) {
    const number = /^\d{1,9}$/.test(search) ? Number(search) : null;
    conditions.push(
      number === null
        ? sql`${exits.reference} ilike ${`%${search.replace(/[\\%_]/g, '\\$&')}%`}`
        : sql`(${exits.number} = ${number} or ${exits.reference} ilike ${`%${search}%`})`,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(exits)
      .where(where)
      .orderBy(...ORDERS[order])
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.$count(exits, where),
  ]);
  return { rows, total };
}

/** The numbers of the organization's exits among `ids`, by id (the movement history's causes). */
export async function findNumbers(db: DbOrTx, organizationId: string, ids: string[]) {
  const rows = await db
    .select({ id: exits.id, number: exits.number })
    .from(exits)
    .where(and(eq(exits.organizationId, organizationId), inArray(exits.id, ids)));
  return new Map(rows.map((row) => [row.id, String(row.number)]));
}
