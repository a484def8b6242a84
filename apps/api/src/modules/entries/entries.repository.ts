import type { EntriesQuery, EntryStatus, ReceivingQuery } from '@despacho/domain';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { likePattern } from '../../platform/search';
import { entries, entryCounters, entryIncidents, entryLines, entryPhotos } from './entries.tables';

export type EntryRow = typeof entries.$inferSelect;
export type LineRow = typeof entryLines.$inferSelect;
export type IncidentRow = typeof entryIncidents.$inferSelect;
export type PhotoRow = typeof entryPhotos.$inferSelect;

/** The organization's next entry number: the counter's row lock orders concurrent creates. */
export async function nextNumber(tx: DbOrTx, organizationId: string): Promise<number> {
  const [row] = await tx
    .insert(entryCounters)
    .values({ organizationId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: entryCounters.organizationId,
      set: { lastNumber: sql`${entryCounters.lastNumber} + 1` },
    })
    .returning({ number: entryCounters.lastNumber });
  return row!.number;
}

export async function insertEntry(tx: DbOrTx, values: typeof entries.$inferInsert) {
  const [row] = await tx.insert(entries).values(values).returning();
  return row!;
}

export async function insertLines(tx: DbOrTx, values: (typeof entryLines.$inferInsert)[]) {
  return tx.insert(entryLines).values(values).returning();
}

/** The entry, when `organizationId` (null for staff) owns it; locked for update when asked. */
export async function findEntry(
  db: DbOrTx,
  organizationId: string | null,
  id: string,
  lock = false,
): Promise<EntryRow | undefined> {
  const where = organizationId
    ? and(eq(entries.id, id), eq(entries.organizationId, organizationId))
    : eq(entries.id, id);
  const query = db.select().from(entries).where(where);
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function linesOf(db: DbOrTx, entryId: string): Promise<LineRow[]> {
  return db
    .select()
    .from(entryLines)
    .where(eq(entryLines.entryId, entryId))
    .orderBy(asc(entryLines.position));
}

export async function incidentsOf(db: DbOrTx, entryId: string): Promise<IncidentRow[]> {
  return db
    .select()
    .from(entryIncidents)
    .where(eq(entryIncidents.entryId, entryId))
    .orderBy(asc(entryIncidents.createdAt), asc(entryIncidents.id));
}

export async function photosOf(db: DbOrTx, entryId: string): Promise<PhotoRow[]> {
  return db
    .select()
    .from(entryPhotos)
    .where(eq(entryPhotos.entryId, entryId))
    .orderBy(asc(entryPhotos.createdAt), asc(entryPhotos.id));
}

export async function setStatus(
  tx: DbOrTx,
  id: string,
  changes: { status: EntryStatus; closedShort?: boolean },
  now: Date,
) {
  await tx
    .update(entries)
    .set({ ...changes, updatedAt: now })
    .where(eq(entries.id, id));
}

export async function findIncident(tx: DbOrTx, entryId: string, incidentId: string) {
  const [row] = await tx
    .select()
    .from(entryIncidents)
    .where(and(eq(entryIncidents.entryId, entryId), eq(entryIncidents.id, incidentId)));
  return row;
}

export async function updateIncident(
  tx: DbOrTx,
  id: string,
  changes: Partial<Pick<IncidentRow, 'answer' | 'answeredAt' | 'answeredBy' | 'resolvedAt'>>,
) {
  await tx.update(entryIncidents).set(changes).where(eq(entryIncidents.id, id));
}

export async function findPhoto(db: DbOrTx, entryId: string, photoId: string) {
  const [row] = await db
    .select()
    .from(entryPhotos)
    .where(and(eq(entryPhotos.entryId, entryId), eq(entryPhotos.id, photoId)));
  return row;
}

// Written out: drizzle leaves columns unqualified inside a subquery, where "id" would be the line's.
const totals = {
  linesCount: sql<number>`(select count(*)::int from entry_lines l where l.entry_id = "entries"."id")`,
  expectedTotal: sql<number>`(select coalesce(sum(l.expected), 0)::int from entry_lines l where l.entry_id = "entries"."id")`,
  receivedTotal: sql<number>`(select coalesce(sum(l.received), 0)::int from entry_lines l where l.entry_id = "entries"."id")`,
  openIncidents: sql<number>`(select count(*)::int from entry_incidents i where i.entry_id = "entries"."id" and i.resolved_at is null)`,
};

export type ListedEntry = EntryRow & {
  linesCount: number;
  expectedTotal: number;
  receivedTotal: number;
  openIncidents: number;
};

/** One page of entries with their totals: the merchant's list and the staff queue. */
export async function entriesPage(
  db: DbOrTx,
  where: SQL | undefined,
  order: SQL[],
  query: ReceivingQuery | EntriesQuery,
) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: entries, ...totals })
      .from(entries)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(entries).where(where),
  ]);
  return {
    rows: rows.map(({ entry, ...sums }): ListedEntry => ({ ...entry, ...sums })),
    total: total?.value ?? 0,
  };
}

/** The organization's entries, newest first: by status, warehouse, number or reference words. */
export async function listEntries(db: DbOrTx, organizationId: string, query: EntriesQuery) {
  const conditions: SQL[] = [eq(entries.organizationId, organizationId)];
  if (query.status) conditions.push(eq(entries.status, query.status));
  if (query.warehouse_id) conditions.push(eq(entries.warehouseId, query.warehouse_id));
  if (query.search) {
    const number = /^\d{1,9}$/.test(query.search) ? Number(query.search) : null;
    const byReference = sql`${entries.reference} ilike ${likePattern(query.search)}`;
    conditions.push(
      number === null ? byReference : sql`(${entries.number} = ${number} or ${byReference})`,
    );
  }
  return entriesPage(
    db,
    and(...conditions),
    [desc(entries.createdAt), desc(entries.number)],
    query,
  );
}

/** The numbers of the organization's entries among `ids`, by id (the movement history's causes). */
export async function findNumbers(db: DbOrTx, organizationId: string, ids: string[]) {
  const rows = await db
    .select({ id: entries.id, number: entries.number })
    .from(entries)
    .where(and(eq(entries.organizationId, organizationId), inArray(entries.id, ids)));
  return new Map(rows.map((row) => [row.id, String(row.number)]));
}
