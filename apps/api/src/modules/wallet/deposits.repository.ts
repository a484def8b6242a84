import type { DepositMethod, DepositStatus } from '@despacho/domain';
import { and, asc, desc, eq, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { deposits } from './deposits.tables';

export type DepositRow = typeof deposits.$inferSelect;
export type NewDeposit = typeof deposits.$inferInsert;

export interface DepositFilters {
  status?: DepositStatus;
  method?: DepositMethod;
  /** Only card deposits pending since before this instant. */
  pendingCardSince?: Date;
  page: number;
  pageSize: number;
}

/**
 * Serializes the requests that carry the same idempotency key in one organization until the
 * first one commits; a hash collision only makes two requests wait for each other.
 */
export async function lockIdempotencyKey(db: DbOrTx, organizationId: string, key: string) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`deposit:${organizationId}:${key}`}, 0))`,
  );
}

export async function findByIdempotencyKey(
  db: DbOrTx,
  organizationId: string,
  key: string,
): Promise<DepositRow | undefined> {
  const [row] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.organizationId, organizationId), eq(deposits.idempotencyKey, key)));
  return row;
}

/** A deposit not rejected with this tracking key from this bank, of any organization. */
export async function findActiveByTrackingKey(
  db: DbOrTx,
  originBank: string,
  trackingKey: string,
): Promise<DepositRow | undefined> {
  const [row] = await db
    .select()
    .from(deposits)
    .where(
      and(
        eq(deposits.originBank, originBank),
        eq(deposits.trackingKey, trackingKey),
        ne(deposits.status, 'rejected'),
      ),
    )
    .limit(1);
  return row;
}

export async function insertDeposit(db: DbOrTx, values: NewDeposit): Promise<DepositRow> {
  const [row] = await db.insert(deposits).values(values).returning();
  return row!;
}

/** The organization's deposit; a foreign id finds nothing. */
export async function findDeposit(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<DepositRow | undefined> {
  const [row] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.organizationId, organizationId), eq(deposits.id, id)));
  return row;
}

/** Any organization's deposit (staff, reconciliation). */
export async function findDepositById(db: DbOrTx, id: string): Promise<DepositRow | undefined> {
  const [row] = await db.select().from(deposits).where(eq(deposits.id, id));
  return row;
}

/** The deposit, locked until the transaction ends, so it is reviewed once. */
export async function lockDeposit(db: DbOrTx, id: string): Promise<DepositRow | undefined> {
  const [row] = await db.select().from(deposits).where(eq(deposits.id, id)).for('update');
  return row;
}

export async function updateDeposit(
  db: DbOrTx,
  id: string,
  values: Partial<NewDeposit>,
): Promise<DepositRow> {
  const [row] = await db.update(deposits).set(values).where(eq(deposits.id, id)).returning();
  return row!;
}

const pendingCardBefore = (before: Date) =>
  and(eq(deposits.status, 'pending'), eq(deposits.method, 'card'), lte(deposits.createdAt, before));

function filtersOf(query: DepositFilters, organizationId?: string): SQL | undefined {
  return and(
    organizationId ? eq(deposits.organizationId, organizationId) : undefined,
    query.status ? eq(deposits.status, query.status) : undefined,
    query.method ? eq(deposits.method, query.method) : undefined,
    query.pendingCardSince ? pendingCardBefore(query.pendingCardSince) : undefined,
  );
}

/** One organization's deposits, newest first. */
export async function listDeposits(
  db: DbOrTx,
  organizationId: string,
  query: DepositFilters,
): Promise<{ rows: DepositRow[]; total: number }> {
  const where = filtersOf(query, organizationId);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(deposits)
      .where(where)
      .orderBy(desc(deposits.createdAt), desc(deposits.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.$count(deposits, where),
  ]);
  return { rows, total };
}

/** Every organization's deposits: pending ones oldest first (a queue), others newest first. */
export async function listAllDeposits(
  db: DbOrTx,
  query: DepositFilters,
): Promise<{ rows: DepositRow[]; total: number }> {
  const where = filtersOf(query);
  const order =
    query.status === 'pending' || query.pendingCardSince
      ? [asc(deposits.createdAt), asc(deposits.id)]
      : [desc(deposits.createdAt), desc(deposits.id)];
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(deposits)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.$count(deposits, where),
  ]);
  return { rows, total };
}
