import type { InvoicesQuery, PaginationQuery, StaffInvoicesQuery } from '@despacho/domain';
import { and, asc, count, eq, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { withinOrganizationDays } from '../accounts';
import { invoices, invoiceSeries } from './billing.tables';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;

/** The next folio of a series; the series row stays locked until the transaction ends. */
export async function nextFolio(db: DbOrTx, series: string): Promise<number> {
  const [row] = await db
    .insert(invoiceSeries)
    .values({ series, lastFolio: 1 })
    .onConflictDoUpdate({
      target: invoiceSeries.series,
      set: { lastFolio: sql`${invoiceSeries.lastFolio} + 1` },
    })
    .returning({ folio: invoiceSeries.lastFolio });
  return row!.folio;
}

export async function insertInvoice(db: DbOrTx, values: NewInvoice): Promise<InvoiceRow> {
  const [row] = await db.insert(invoices).values(values).returning();
  return row!;
}

export async function updateInvoice(
  db: DbOrTx,
  id: string,
  values: Partial<NewInvoice>,
): Promise<InvoiceRow> {
  const [row] = await db.update(invoices).set(values).where(eq(invoices.id, id)).returning();
  return row!;
}

export async function findInvoice(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, id)));
  return row;
}

/** The service invoice of a ledger charge, if it was issued. */
export async function findServiceInvoice(db: DbOrTx, ledgerTransactionId: string) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      and(eq(invoices.kind, 'service'), eq(invoices.ledgerTransactionId, ledgerTransactionId)),
    );
  return row;
}

export function findInvoices(db: DbOrTx, organizationId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.organizationId, organizationId), inArray(invoices.id, ids)));
}

/** The organization's invoices not stamped yet (pending, or failed at the PAC). */
export function unstamped(db: DbOrTx, organizationId: string, limit: number) {
  return db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, organizationId),
        inArray(invoices.status, ['pending', 'failed']),
      ),
    )
    .orderBy(asc(invoices.createdAt))
    .limit(limit);
}

function whereOf(organizationId: string, query: Omit<InvoicesQuery, 'page' | 'pageSize'>): SQL {
  return and(
    eq(invoices.organizationId, organizationId),
    query.type ? eq(invoices.kind, query.type) : undefined,
    withinOrganizationDays(invoices.createdAt, organizationId, query),
  )!;
}

/** Newest first (by issue date, then series and folio). */
async function pageOf(
  db: DbOrTx,
  where: SQL | undefined,
  query: PaginationQuery,
): Promise<{ rows: InvoiceRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(sql`${invoices.createdAt} desc`, asc(invoices.series), sql`${invoices.folio} desc`)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(invoices).where(where),
  ]);
  return {
    rows,
    total: counted?.total ?? 0,
  };
}

export function listInvoices(db: DbOrTx, organizationId: string, query: InvoicesQuery) {
  return pageOf(db, whereOf(organizationId, query), query);
}

/** Staff's side, across organizations: `id` keeps one. */
export function listAllInvoices(db: DbOrTx, query: StaffInvoicesQuery) {
  return pageOf(db, query.id ? eq(invoices.id, query.id) : undefined, query);
}

/** An invoice by id alone: staff's side, which spans organizations. */
export async function findInvoiceById(db: DbOrTx, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

export async function findByProviderId(db: DbOrTx, pac: string, providerId: string) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.pac, pac), eq(invoices.providerId, providerId)));
  return row;
}

/**
 * Marks a cancellation as asked, only if the invoice is stamped and none is pending or accepted
 * (one asked again after SAT's receiver rejected it is fine): of two staff asking at once, one
 * gets the row. Answers the row as it was before, or undefined when it was not cancellable.
 */
export async function claimCancellation(
  db: DbOrTx,
  id: string,
  values: { motive: string; substitution: string | null; at: Date },
): Promise<InvoiceRow | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
    if (!before || before.status !== 'stamped') return undefined;
    if (before.cancellationStatus === 'pending' || before.cancellationStatus === 'accepted') {
      return undefined;
    }
    await tx
      .update(invoices)
      .set({
        cancellationMotive: values.motive,
        cancellationSubstitution: values.substitution,
        cancellationStatus: 'pending',
        cancellationRequestedAt: values.at,
      })
      .where(eq(invoices.id, id));
    return before;
  });
}

/** Cancellations of `pac`'s invoices still pending, asked before `before`, oldest first. */
export function pendingCancellations(db: DbOrTx, pac: string, before: Date, limit: number) {
  return db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.pac, pac),
        eq(invoices.cancellationStatus, 'pending'),
        lt(invoices.cancellationRequestedAt, before),
        isNotNull(invoices.providerId),
      ),
    )
    .orderBy(asc(invoices.cancellationRequestedAt))
    .limit(limit);
}
