import type { TransactionDescription } from '@despacho/domain';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { ledgerAccounts, ledgerEntries, ledgerHolds, ledgerTransactions } from './ledger.tables';

export type TransactionRow = typeof ledgerTransactions.$inferSelect;
export type HoldRow = typeof ledgerHolds.$inferSelect;
export type OrganizationAccountKind = 'wallet' | 'wallet_hold';
export const PLATFORM_ACCOUNTS = [
  'revenue',
  'fees',
  'vat_payable',
  'carrier_payable',
  'insurance_payable',
  /** What the merchant advanced for an embarque's duties and third-party expenses. */
  'customs_payable',
  'bank_clearing',
  'card_clearing',
] as const;
export type PlatformAccount = (typeof PLATFORM_ACCOUNTS)[number];

/** Creates the organization's wallet and hold accounts if missing; answers their ids. */
export async function ensureOrganizationAccounts(
  db: DbOrTx,
  organizationId: string,
): Promise<Record<OrganizationAccountKind, string>> {
  await db
    .insert(ledgerAccounts)
    .values([
      { organizationId, kind: 'wallet', balance: 0 },
      { organizationId, kind: 'wallet_hold', balance: 0 },
    ])
    .onConflictDoNothing();
  const rows = await db
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.organizationId, organizationId));
  return Object.fromEntries(rows.map((row) => [row.kind, row.id])) as Record<
    OrganizationAccountKind,
    string
  >;
}

/** Creates the platform accounts if missing; answers their ids by kind. */
export async function ensurePlatformAccounts(db: DbOrTx): Promise<Record<PlatformAccount, string>> {
  await db
    .insert(ledgerAccounts)
    .values(PLATFORM_ACCOUNTS.map((kind) => ({ kind })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind })
    .from(ledgerAccounts)
    .where(
      and(isNull(ledgerAccounts.organizationId), inArray(ledgerAccounts.kind, PLATFORM_ACCOUNTS)),
    );
  return Object.fromEntries(rows.map((row) => [row.kind, row.id])) as Record<
    PlatformAccount,
    string
  >;
}

/** What a replay answers: the transaction stored under an idempotency key. */
export interface StoredTransaction {
  id: string;
  requestHash: string;
  walletAmount: number;
  walletBalanceAfter: number;
  paymentState: string;
  /** The hold it placed or settled, when the caller already knows it. */
  holdId?: string | null;
}

/**
 * Serializes requests that carry the same idempotency key until the first one commits, then
 * answers the transaction it stored (if any), in one round trip (SQL function `ledger_claim`,
 * ledger.functions.sql: the lookup takes a fresh snapshot after the advisory lock). Keys of other
 * organizations never collide with the lookup; a hash collision of the lock only makes two
 * requests wait for each other.
 */
export async function claimIdempotencyKey(
  db: DbOrTx,
  organizationId: string,
  key: string,
): Promise<StoredTransaction | undefined> {
  const result = await db.execute<{
    id: string;
    request_hash: string;
    wallet_amount: number;
    wallet_balance_after: number;
    payment_state: string;
  }>(
    sql`select id, request_hash, wallet_amount, wallet_balance_after, payment_state
        from ledger_claim(${organizationId}::uuid, ${key})`,
  );
  const row = result.rows[0];
  return (
    row && {
      id: row.id,
      requestHash: row.request_hash,
      walletAmount: Number(row.wallet_amount),
      walletBalanceAfter: Number(row.wallet_balance_after),
      paymentState: row.payment_state,
    }
  );
}

export type PostOutcome =
  | { outcome: 'replayed'; transaction: StoredTransaction }
  | { outcome: 'insufficient' }
  | { outcome: 'posted'; transaction: StoredTransaction };

const POST_SQL = `select * from ledger_post(${Array.from({ length: 15 }, (_, i) => `$${i + 1}`).join(', ')})`;

/** A uuid[] or bigint[] literal; ids and integers need no quoting. */
const arrayLiteral = (values: (string | number)[]) => `{${values.join(',')}}`;

/**
 * One movement in one statement (SQL function `ledger_post`, ledger.functions.sql): claims the
 * idempotency key, moves the wallet then the hold account under their row locks, writes the
 * transaction, its entries and (with `placeHold`) the hold. Sent alone it is its own database
 * transaction; sent on an open one it joins it. Answers the stored transaction of an
 * idempotency key already used (nothing moved), `insufficient` when the wallet (or the hold
 * account) would go below zero (nothing written), or what it posted.
 */
export async function postMovement(
  db: DbOrTx,
  movement: {
    organizationId: string;
    idempotencyKey: string;
    requestHash: string;
    kind: string;
    referenceType: string | null;
    referenceId: string | null;
    relatedTransactionId: string | null;
    description: TransactionDescription | null;
    paymentState: string;
    createdAt: Date;
    walletAccountId: string;
    holdAccountId: string;
    postings: { accountId: string; amount: number }[];
    placeHold: boolean;
  },
): Promise<PostOutcome> {
  const m = movement;
  const values = [
    m.organizationId,
    m.idempotencyKey,
    m.requestHash,
    m.kind,
    m.referenceType,
    m.referenceId,
    m.relatedTransactionId,
    // `ledger_post` takes it as jsonb and stores its code and parameters.
    m.description && JSON.stringify(m.description),
    m.paymentState,
    m.createdAt.toISOString(),
    m.walletAccountId,
    m.holdAccountId,
    arrayLiteral(m.postings.map((posting) => posting.accountId)),
    arrayLiteral(m.postings.map((posting) => posting.amount)),
    m.placeHold,
  ];
  type Row = {
    outcome: 'posted' | 'replayed' | 'insufficient';
    transaction_id: string;
    request_hash: string;
    wallet_amount: number;
    wallet_balance_after: number;
    payment_state: string;
    hold_id: string | null;
  };
  // Alone (the pool, not a transaction): a named statement, parsed once per connection, and
  // node-postgres directly — the hot path's client CPU. In a caller's transaction: through it.
  const result =
    '$client' in db
      ? await db.$client.query<Row>({ name: 'ledger_post', text: POST_SQL, values })
      : await db.execute<Row>(
          sql`select * from ledger_post(${sql.join(
            values.map((value) => sql`${value}`),
            sql`, `,
          )})`,
        );
  const row = result.rows[0]!;
  if (row.outcome === 'insufficient') return { outcome: 'insufficient' };
  return {
    outcome: row.outcome,
    transaction: {
      id: row.transaction_id,
      requestHash: row.request_hash,
      walletAmount: Number(row.wallet_amount),
      walletBalanceAfter: Number(row.wallet_balance_after),
      paymentState: row.payment_state,
      holdId: row.hold_id,
    },
  };
}

export async function readBalances(
  db: DbOrTx,
  organizationId: string,
): Promise<Partial<Record<OrganizationAccountKind, number>>> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.organizationId, organizationId));
  return Object.fromEntries(rows.map((row) => [row.kind, row.balance ?? 0]));
}

export async function setPaymentState(db: DbOrTx, transactionId: string, state: string) {
  await db
    .update(ledgerTransactions)
    .set({ paymentState: state })
    .where(eq(ledgerTransactions.id, transactionId));
}

export async function findTransaction(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerTransactions)
    .where(
      and(eq(ledgerTransactions.organizationId, organizationId), eq(ledgerTransactions.id, id)),
    );
  return row;
}

/** The platform-side entries of a transaction (what a refund reverses), by account kind. */
export async function platformEntries(
  db: DbOrTx,
  transactionId: string,
): Promise<{ kind: string; amount: number }[]> {
  return db
    .select({ kind: ledgerAccounts.kind, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      and(eq(ledgerEntries.transactionId, transactionId), isNull(ledgerAccounts.organizationId)),
    );
}

/** How much has already been refunded of a charge. */
export async function refundedAmount(db: DbOrTx, transactionId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${ledgerTransactions.walletAmount}), 0)::bigint` })
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.relatedTransactionId, transactionId),
        eq(ledgerTransactions.kind, 'refund'),
      ),
    );
  return Number(row?.total ?? 0);
}

/** The hold, locked until the transaction ends so it settles once. */
export async function lockHold(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<HoldRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerHolds)
    .where(and(eq(ledgerHolds.organizationId, organizationId), eq(ledgerHolds.id, id)))
    .for('update');
  return row;
}

/** The hold a transaction placed or settled, if any. */
export async function holdOfTransaction(db: DbOrTx, transactionId: string) {
  const [row] = await db
    .select({ id: ledgerHolds.id })
    .from(ledgerHolds)
    .where(
      or(
        eq(ledgerHolds.holdTransactionId, transactionId),
        eq(ledgerHolds.settleTransactionId, transactionId),
      ),
    );
  return row?.id;
}

export async function settleHold(
  db: DbOrTx,
  id: string,
  status: 'captured' | 'released',
  settleTransactionId: string,
  settledAt: Date,
) {
  await db
    .update(ledgerHolds)
    .set({ status, settleTransactionId, settledAt })
    .where(eq(ledgerHolds.id, id));
}

/**
 * Captures a hold in one statement (SQL function `ledger_capture_hold`, ledger.functions.sql):
 * its outcome and, when 'captured', what moved.
 */
export async function captureHold(
  db: DbOrTx,
  input: {
    organizationId: string;
    holdId: string;
    idempotencyKey: string;
    requestHash: string;
    kind: string;
    reference: { type: string; id: string } | null;
    lines: { account: string; amount: number }[];
    now: Date;
  },
) {
  const result = await db.execute<{
    outcome: 'captured' | 'key_used' | 'hold_missing' | 'hold_settled' | 'over_hold';
    transaction_id: string | null;
    wallet_amount: string | null;
    wallet_balance_after: string | null;
  }>(sql`
    select * from ledger_capture_hold(${input.organizationId}, ${input.holdId},
      ${input.idempotencyKey}, ${input.requestHash}, ${input.kind},
      ${input.reference?.type ?? null}, ${input.reference?.id ?? null},
      ${sql.param(input.lines.map((line) => line.account))}::text[],
      ${sql.param(input.lines.map((line) => line.amount))}::bigint[], ${input.now.toISOString()})`);
  const row = result.rows[0]!;
  return {
    outcome: row.outcome,
    transactionId: row.transaction_id ?? '',
    walletAmount: Number(row.wallet_amount),
    walletBalance: Number(row.wallet_balance_after),
  };
}
