import type { ReceivingQuery } from '@despacho/domain';
import { and, asc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { entriesPage, type LineRow, type PhotoRow } from './entries.repository';
import { entries, entryIncidents, entryLines, entryPhotos, entryReceipts } from './entries.tables';

// What the staff receiving console writes of an entry: counts, receipts, incidents and photos
// (the entry's own record and what both sides read are in entries.repository.ts).

export async function updateLine(
  tx: DbOrTx,
  id: string,
  changes: Pick<LineRow, 'received' | 'accepted' | 'notSellable'>,
) {
  await tx.update(entryLines).set(changes).where(eq(entryLines.id, id));
}

export async function findReceipt(tx: DbOrTx, entryId: string, idempotencyKey: string) {
  const [row] = await tx
    .select()
    .from(entryReceipts)
    .where(
      and(eq(entryReceipts.entryId, entryId), eq(entryReceipts.idempotencyKey, idempotencyKey)),
    );
  return row;
}

export async function insertReceipt(tx: DbOrTx, values: typeof entryReceipts.$inferInsert) {
  await tx.insert(entryReceipts).values(values);
}

export async function insertIncident(tx: DbOrTx, values: typeof entryIncidents.$inferInsert) {
  const [row] = await tx.insert(entryIncidents).values(values).returning();
  return row!;
}

export async function insertPhoto(tx: DbOrTx, values: typeof entryPhotos.$inferInsert) {
  const [row] = await tx.insert(entryPhotos).values(values).returning();
  return row!;
}

/** Photos uploaded before `before` that no incident named, locked (skipping locked rows). */
export async function unclaimedPhotos(
  db: DbOrTx,
  before: Date,
  limit: number,
): Promise<PhotoRow[]> {
  return db
    .select()
    .from(entryPhotos)
    .where(and(isNull(entryPhotos.incidentId), sql`${entryPhotos.createdAt} < ${before}`))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function deletePhotos(db: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(entryPhotos).where(inArray(entryPhotos.id, [...ids]));
}

/** Attaches the entry's unclaimed photos among `ids`; answers how many it attached. */
export async function claimPhotos(tx: DbOrTx, entryId: string, incidentId: string, ids: string[]) {
  if (ids.length === 0) return 0;
  const claimed = await tx
    .update(entryPhotos)
    .set({ incidentId })
    .where(
      and(
        eq(entryPhotos.entryId, entryId),
        inArray(entryPhotos.id, ids),
        isNull(entryPhotos.incidentId),
      ),
    )
    .returning({ id: entryPhotos.id });
  return claimed.length;
}

/** Every organization's entries to receive, by expected date: the staff queue. */
export async function receivingQueue(db: DbOrTx, query: ReceivingQuery) {
  const conditions: SQL[] = [
    query.status
      ? eq(entries.status, query.status)
      : inArray(entries.status, ['pending', 'partial']),
  ];
  if (query.warehouse_id) conditions.push(eq(entries.warehouseId, query.warehouse_id));
  if (query.from) conditions.push(gte(entries.expectedDate, query.from));
  if (query.to) conditions.push(lte(entries.expectedDate, query.to));
  return entriesPage(
    db,
    and(...conditions),
    [asc(entries.expectedDate), asc(entries.createdAt), asc(entries.id)],
    query,
  );
}
