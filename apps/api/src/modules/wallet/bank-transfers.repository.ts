import type { BankTransferStatus } from '@despacho/domain';
import { and, asc, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { bankTransfers, webhookEvents } from './bank-transfers.tables';
import { deposits } from './deposits.tables';

export type BankTransferRow = typeof bankTransfers.$inferSelect;
export type NewBankTransfer = typeof bankTransfers.$inferInsert;
export type DepositCandidate = typeof deposits.$inferSelect;

/** Records a transfer unless its bank reference already is; undefined means "already recorded". */
export async function insertTransfer(
  db: DbOrTx,
  values: NewBankTransfer,
): Promise<BankTransferRow | undefined> {
  const [row] = await db
    .insert(bankTransfers)
    .values(values)
    .onConflictDoNothing({ target: bankTransfers.bankReference })
    .returning();
  return row;
}

/** Claims a webhook delivery's event id; false when it was processed already. */
export async function claimWebhookEvent(
  db: DbOrTx,
  values: typeof webhookEvents.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(webhookEvents)
    .values(values)
    .onConflictDoNothing({ target: webhookEvents.eventId })
    .returning({ eventId: webhookEvents.eventId });
  return rows.length > 0;
}

/** The transfer, locked until the transaction ends, so staff resolve it once. */
export async function lockTransfer(db: DbOrTx, id: string): Promise<BankTransferRow | undefined> {
  const [row] = await db.select().from(bankTransfers).where(eq(bankTransfers.id, id)).for('update');
  return row;
}

export async function updateTransfer(
  db: DbOrTx,
  id: string,
  values: Partial<NewBankTransfer>,
): Promise<BankTransferRow> {
  const [row] = await db
    .update(bankTransfers)
    .set(values)
    .where(eq(bankTransfers.id, id))
    .returning();
  return row!;
}

/**
 * One reconciliation per organization at a time, until the transaction ends: two transfers
 * cannot both claim the same notification, and each sees what the other committed.
 */
export async function lockOrganizationReconciliation(db: DbOrTx, organizationId: string) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`bank-reconciliation:${organizationId}`}, 0))`,
  );
}

/**
 * The organization's SPEI notification with this sending bank and tracking key, pending or
 * already credited, locked. A staff approval under way holds the row: this waits for it and
 * then reads the notification as it committed.
 */
export async function lockNotificationByTrackingKey(
  db: DbOrTx,
  organizationId: string,
  senderBank: string,
  trackingKey: string,
): Promise<DepositCandidate | undefined> {
  const [row] = await db
    .select()
    .from(deposits)
    .where(
      and(
        eq(deposits.organizationId, organizationId),
        eq(deposits.method, 'spei'),
        eq(deposits.originBank, senderBank),
        eq(deposits.trackingKey, trackingKey),
        inArray(deposits.status, ['pending', 'credited']),
      ),
    )
    .orderBy(asc(deposits.createdAt), asc(deposits.id))
    .limit(1)
    .for('update');
  return row;
}

/**
 * The oldest pending SPEI notification of the organization for exactly this amount, made
 * since `since`, locked. One an approval credits meanwhile drops out when the lock is granted.
 */
export async function lockPendingNotificationByAmount(
  db: DbOrTx,
  organizationId: string,
  amount: number,
  since: Date,
): Promise<DepositCandidate | undefined> {
  const [row] = await db
    .select()
    .from(deposits)
    .where(
      and(
        eq(deposits.organizationId, organizationId),
        eq(deposits.method, 'spei'),
        eq(deposits.status, 'pending'),
        eq(deposits.amount, amount),
        gte(deposits.createdAt, since),
      ),
    )
    .orderBy(asc(deposits.createdAt), asc(deposits.id))
    .limit(1)
    .for('update');
  return row;
}

/** The transfer already reconciled with a notification, other than `exceptId`. */
export async function transferOfDeposit(
  db: DbOrTx,
  depositId: string,
  exceptId?: string,
): Promise<BankTransferRow | undefined> {
  const [row] = await db
    .select()
    .from(bankTransfers)
    .where(
      and(
        eq(bankTransfers.depositId, depositId),
        exceptId ? ne(bankTransfers.id, exceptId) : undefined,
      ),
    );
  return row;
}

/** The staff queue: unmatched transfers oldest first (a queue), other statuses newest first. */
export async function listTransfers(
  db: DbOrTx,
  query: { status?: BankTransferStatus; page: number; pageSize: number },
): Promise<{ rows: BankTransferRow[]; total: number }> {
  const where = query.status ? eq(bankTransfers.status, query.status) : undefined;
  const order =
    query.status === 'unmatched'
      ? [asc(bankTransfers.receivedAt), asc(bankTransfers.id)]
      : [desc(bankTransfers.receivedAt), desc(bankTransfers.id)];
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(bankTransfers)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.$count(bankTransfers, where),
  ]);
  return { rows, total };
}
