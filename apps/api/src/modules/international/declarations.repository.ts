import type { T1CustomsStatus, T1ShipmentsQuery } from '@despacho/domain';
import { and, asc, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { likePattern } from '../../platform/search';
import { t1CustomsEvents, t1Declarations } from './international.tables';

/** A text field of a JSON column, for a search. */
const jsonText = (column: typeof t1Declarations.abroad, key: string) =>
  sql<string>`${column}->>${key}`;

export type DeclarationRow = typeof t1Declarations.$inferSelect;
export type NewDeclaration = typeof t1Declarations.$inferInsert;
export type CustomsEventRow = typeof t1CustomsEvents.$inferSelect;

export async function insertDeclaration(db: DbOrTx, values: NewDeclaration) {
  const [row] = await db.insert(t1Declarations).values(values).returning();
  return row!;
}

export async function findDeclaration(db: DbOrTx, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(t1Declarations)
    .where(and(eq(t1Declarations.organizationId, organizationId), eq(t1Declarations.id, id)));
  return row;
}

/** The declaration of a bought guide; `organizationId` null for the staff console. */
export async function findByShipment(
  db: DbOrTx,
  organizationId: string | null,
  shipmentId: string,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(t1Declarations)
    .where(
      and(
        organizationId ? eq(t1Declarations.organizationId, organizationId) : undefined,
        eq(t1Declarations.shipmentId, shipmentId),
      ),
    );
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

/**
 * Links the guide bought from the declaration's quote, once: undefined when it was already
 * linked (by a replay of the same purchase, or a concurrent one).
 */
export async function linkShipment(
  db: DbOrTx,
  organizationId: string,
  id: string,
  shipment: { id: string; trackingNumber: string | null; purchasedAt: Date },
): Promise<DeclarationRow | undefined> {
  const [row] = await db
    .update(t1Declarations)
    .set({
      shipmentId: shipment.id,
      trackingNumber: shipment.trackingNumber,
      purchasedAt: shipment.purchasedAt,
    })
    .where(
      and(
        eq(t1Declarations.organizationId, organizationId),
        eq(t1Declarations.id, id),
        isNull(t1Declarations.shipmentId),
      ),
    )
    .returning();
  return row;
}

/** Bought shipments, newest first; `organizationId` null for every organization's (staff). */
export async function findPage(db: DbOrTx, organizationId: string | null, query: T1ShipmentsQuery) {
  const filters: (SQL | undefined)[] = [
    isNotNull(t1Declarations.shipmentId),
    organizationId ? eq(t1Declarations.organizationId, organizationId) : undefined,
    query.direction ? eq(t1Declarations.direction, query.direction) : undefined,
    query.customs_status ? eq(t1Declarations.customsStatus, query.customs_status) : undefined,
  ];
  if (query.search) {
    const pattern = likePattern(query.search);
    filters.push(
      or(
        ilike(t1Declarations.trackingNumber, pattern),
        ilike(t1Declarations.reference, pattern),
        ilike(jsonText(t1Declarations.abroad, 'contact_name'), pattern),
        ilike(jsonText(t1Declarations.abroad, 'company'), pattern),
      ),
    );
  }
  const where = and(...filters);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(t1Declarations)
      .where(where)
      .orderBy(desc(t1Declarations.purchasedAt), desc(t1Declarations.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.$count(t1Declarations, where),
  ]);
  return { rows, total };
}

/** Moves the customs status only from `from` (compare and set); undefined when it had moved. */
export async function moveCustoms(
  db: DbOrTx,
  row: DeclarationRow,
  to: T1CustomsStatus,
  event: { note: string | null; actor: 'system' | 'staff'; staffUserId: string | null; at: Date },
) {
  const [moved] = await db
    .update(t1Declarations)
    .set({ customsStatus: to })
    .where(
      and(
        eq(t1Declarations.organizationId, row.organizationId),
        eq(t1Declarations.id, row.id),
        eq(t1Declarations.customsStatus, row.customsStatus),
      ),
    )
    .returning();
  if (!moved) return undefined;
  await db.insert(t1CustomsEvents).values({
    organizationId: row.organizationId,
    declarationId: row.id,
    status: to,
    ...event,
  });
  return moved;
}

export function customsEventsOf(db: DbOrTx, organizationId: string, declarationId: string) {
  return db
    .select()
    .from(t1CustomsEvents)
    .where(
      and(
        eq(t1CustomsEvents.organizationId, organizationId),
        eq(t1CustomsEvents.declarationId, declarationId),
      ),
    )
    .orderBy(asc(t1CustomsEvents.at));
}
