import type { EmbarquesQuery, StaffEmbarquesQuery } from '@despacho/domain';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { likePattern, searchWords } from '../../platform/search';
import {
  embarqueDocuments,
  embarqueEvents,
  embarqueExpenses,
  embarqueLines,
  embarquePaymentRequests,
  embarques,
  embarqueSupplierPayments,
} from './embarques.tables';

export type EmbarqueRow = typeof embarques.$inferSelect;
export type NewEmbarque = Omit<typeof embarques.$inferInsert, 'id' | 'number'>;
export type LineRow = typeof embarqueLines.$inferSelect;
export type NewLine = Omit<typeof embarqueLines.$inferInsert, 'id'>;
export type DocumentRow = typeof embarqueDocuments.$inferSelect;
export type PaymentRequestRow = typeof embarquePaymentRequests.$inferSelect;
export type ExpenseRow = typeof embarqueExpenses.$inferSelect;
export type SupplierPaymentRow = typeof embarqueSupplierPayments.$inferSelect;
export type EventRow = typeof embarqueEvents.$inferSelect;
export type NewEvent = Omit<typeof embarqueEvents.$inferInsert, 'id' | 'seq'>;

const key = (organizationId: string, id: string) =>
  and(eq(embarques.organizationId, organizationId), eq(embarques.id, id));

export async function insertEmbarque(db: DbOrTx, values: NewEmbarque): Promise<EmbarqueRow> {
  const [row] = await db.insert(embarques).values(values).returning();
  return row!;
}

/** The embarque of the organization (foreign = absent); with `lock`, held until the transaction ends. */
export async function findEmbarque(db: DbOrTx, organizationId: string, id: string, lock = false) {
  const query = db.select().from(embarques).where(key(organizationId, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** Any organization's embarque (the staff console); with `lock`, held until the transaction ends. */
export async function findEmbarqueAnywhere(db: DbOrTx, id: string, lock = false) {
  const query = db.select().from(embarques).where(eq(embarques.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** The embarque (of any organization) that recorded this pedimento number. */
export async function findByPedimento(db: DbOrTx, pedimento: string) {
  const [row] = await db.select().from(embarques).where(eq(embarques.pedimento, pedimento));
  return row;
}

export async function updateEmbarque(
  db: DbOrTx,
  row: Pick<EmbarqueRow, 'organizationId' | 'id'>,
  values: Partial<NewEmbarque>,
): Promise<EmbarqueRow> {
  const [updated] = await db
    .update(embarques)
    .set(values)
    .where(key(row.organizationId, row.id))
    .returning();
  return updated!;
}

function filtersOf(query: EmbarquesQuery): SQL[] {
  const filters: SQL[] = [];
  if (query.step) filters.push(eq(embarques.step, query.step));
  if (query.money_state) filters.push(eq(embarques.moneyState, query.money_state));
  if (query.status === 'open') filters.push(sql`${embarques.step} not in ('closed', 'cancelled')`);
  if (query.status === 'finished') filters.push(sql`${embarques.step} in ('closed', 'cancelled')`);
  for (const word of searchWords(query.search)) {
    filters.push(sql`${embarques.searchText} like ${likePattern(word)}`);
  }
  return filters;
}

async function page(db: DbOrTx, where: SQL | undefined, query: EmbarquesQuery, order: SQL[]) {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(embarques)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(embarques).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The organization's embarques, newest first. */
export function listEmbarques(db: DbOrTx, organizationId: string, query: EmbarquesQuery) {
  const where = and(eq(embarques.organizationId, organizationId), ...filtersOf(query));
  return page(db, where, query, [desc(embarques.createdAt), desc(embarques.number)]);
}

/** Every organization's embarques (or one's), the most recently changed first. */
export function listAll(db: DbOrTx, query: StaffEmbarquesQuery) {
  const where = and(
    query.organization_id ? eq(embarques.organizationId, query.organization_id) : undefined,
    ...filtersOf(query),
  );
  return page(db, where, query, [desc(embarques.updatedAt), desc(embarques.number)]);
}

/** The tables of an embarque's own rows, each keyed by the organization and the embarque. */
type ChildTable =
  | typeof embarqueLines
  | typeof embarqueExpenses
  | typeof embarqueDocuments
  | typeof embarquePaymentRequests
  | typeof embarqueSupplierPayments
  | typeof embarqueEvents;

const ofEmbarque = <T extends ChildTable>(
  table: T,
  row: Pick<EmbarqueRow, 'organizationId' | 'id'>,
) => and(eq(table.organizationId, row.organizationId), eq(table.embarqueId, row.id));

export function linesOf(db: DbOrTx, row: Pick<EmbarqueRow, 'organizationId' | 'id'>) {
  return db
    .select()
    .from(embarqueLines)
    .where(ofEmbarque(embarqueLines, row))
    .orderBy(asc(embarqueLines.position));
}

export async function replaceLines(
  db: DbOrTx,
  row: Pick<EmbarqueRow, 'organizationId' | 'id'>,
  lines: NewLine[],
) {
  await db.delete(embarqueLines).where(ofEmbarque(embarqueLines, row));
  if (lines.length > 0) await db.insert(embarqueLines).values(lines);
}

export function expensesOf(db: DbOrTx, row: Pick<EmbarqueRow, 'organizationId' | 'id'>) {
  return db
    .select()
    .from(embarqueExpenses)
    .where(ofEmbarque(embarqueExpenses, row))
    .orderBy(asc(embarqueExpenses.position));
}

export async function replaceExpenses(
  db: DbOrTx,
  row: Pick<EmbarqueRow, 'organizationId' | 'id'>,
  expenses: Omit<typeof embarqueExpenses.$inferInsert, 'id'>[],
) {
  await db.delete(embarqueExpenses).where(ofEmbarque(embarqueExpenses, row));
  if (expenses.length > 0) await db.insert(embarqueExpenses).values(expenses);
}

export function documentsOf(db: DbOrTx, row: Pick<EmbarqueRow, 'organizationId' | 'id'>) {
  return db
    .select()
    .from(embarqueDocuments)
    .where(ofEmbarque(embarqueDocuments, row))
    .orderBy(asc(embarqueDocuments.createdAt));
}

export async function countDocuments(db: DbOrTx, row: Pick<EmbarqueRow, 'organizationId' | 'id'>) {
  const [counted] = await db
    .select({ total: count() })
    .from(embarqueDocuments)
    .where(ofEmbarque(embarqueDocuments, row));
  return counted?.total ?? 0;
}

export async function findDocument(
  db: DbOrTx,
  row: Pick<EmbarqueRow, 'organizationId' | 'id'>,
  documentId: string,
) {
  const [document] = await db
    .select()
    .from(embarqueDocuments)
    .where(
      and(
        eq(embarqueDocuments.organizationId, row.organizationId),
        eq(embarqueDocuments.embarqueId, row.id),
        eq(embarqueDocuments.id, documentId),
      ),
    );
  return document;
}

export async function insertDocument(
  db: DbOrTx,
  values: Omit<typeof embarqueDocuments.$inferInsert, 'id'>,
): Promise<DocumentRow> {
  const [row] = await db.insert(embarqueDocuments).values(values).returning();
  return row!;
}

export async function deleteDocument(db: DbOrTx, document: DocumentRow) {
  await db
    .delete(embarqueDocuments)
    .where(
      and(
        eq(embarqueDocuments.organizationId, document.organizationId),
        eq(embarqueDocuments.id, document.id),
      ),
    );
}

export function paymentRequestsOf(db: DbOrTx, row: Pick<EmbarqueRow, 'organizationId' | 'id'>) {
  return db
    .select()
    .from(embarquePaymentRequests)
    .where(ofEmbarque(embarquePaymentRequests, row))
    .orderBy(asc(embarquePaymentRequests.requestedAt));
}

/** A request of the embarque, locked until the transaction ends (the embarque is locked first). */
export async function findPaymentRequest(
  db: DbOrTx,
  row: Pick<EmbarqueRow, 'organizationId' | 'id'>,
  id: string,
) {
  const [request] = await db
    .select()
    .from(embarquePaymentRequests)
    .where(
      and(
        eq(embarquePaymentRequests.organizationId, row.organizationId),
        eq(embarquePaymentRequests.embarqueId, row.id),
        eq(embarquePaymentRequests.id, id),
      ),
    )
    .for('update');
  return request;
}

/** A request of the organization, whatever its embarque. */
export async function findPaymentRequestOf(db: DbOrTx, organizationId: string, id: string) {
  const [request] = await db
    .select()
    .from(embarquePaymentRequests)
    .where(
      and(
        eq(embarquePaymentRequests.organizationId, organizationId),
        eq(embarquePaymentRequests.id, id),
      ),
    );
  return request;
}

export async function insertPaymentRequest(
  db: DbOrTx,
  values: Omit<typeof embarquePaymentRequests.$inferInsert, 'id'>,
): Promise<PaymentRequestRow> {
  const [row] = await db.insert(embarquePaymentRequests).values(values).returning();
  return row!;
}

export async function updatePaymentRequest(
  db: DbOrTx,
  request: Pick<PaymentRequestRow, 'organizationId' | 'id'>,
  values: Partial<typeof embarquePaymentRequests.$inferInsert>,
): Promise<PaymentRequestRow> {
  const [row] = await db
    .update(embarquePaymentRequests)
    .set(values)
    .where(
      and(
        eq(embarquePaymentRequests.organizationId, request.organizationId),
        eq(embarquePaymentRequests.id, request.id),
      ),
    )
    .returning();
  return row!;
}

export function supplierPaymentsOf(db: DbOrTx, row: Pick<EmbarqueRow, 'organizationId' | 'id'>) {
  return db
    .select()
    .from(embarqueSupplierPayments)
    .where(ofEmbarque(embarqueSupplierPayments, row))
    .orderBy(asc(embarqueSupplierPayments.paidOn), asc(embarqueSupplierPayments.createdAt));
}

export async function insertSupplierPayment(
  db: DbOrTx,
  values: Omit<typeof embarqueSupplierPayments.$inferInsert, 'id'>,
) {
  await db.insert(embarqueSupplierPayments).values(values);
}

export function eventsOf(db: DbOrTx, row: Pick<EmbarqueRow, 'organizationId' | 'id'>) {
  return db
    .select()
    .from(embarqueEvents)
    .where(ofEmbarque(embarqueEvents, row))
    .orderBy(asc(embarqueEvents.createdAt), asc(embarqueEvents.seq));
}

export async function insertEvents(db: DbOrTx, values: NewEvent[]) {
  if (values.length > 0) await db.insert(embarqueEvents).values(values);
}
