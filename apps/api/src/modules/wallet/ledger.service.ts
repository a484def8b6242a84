import type {
  DayRange,
  PaymentState,
  TransactionDescription,
  TransactionKind,
  WalletBalance,
} from '@despacho/domain';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { hashRequest } from '../../platform/request-hash';
import * as repository from './ledger.repository';
import * as spend from './spend.repository';
import type { OrganizationAccountKind, PlatformAccount } from './ledger.repository';

export type { PlatformAccount } from './ledger.repository';

/** A platform account and the centavos it receives (positive) in a movement. */
export interface Line {
  account: PlatformAccount;
  amount: number;
}

/** What every movement carries: whose money, which business event, and its idempotency key. */
export interface Movement {
  organizationId: string;
  idempotencyKey: string;
  kind: TransactionKind;
  reference?: { type: string; id: string };
  /** What the merchant reads of it, as a code: rendered in the reader's language. */
  description?: TransactionDescription;
}

export interface LedgerResult {
  transactionId: string;
  /** The signed change of the wallet, and the wallet's balance right after it. */
  walletAmount: number;
  walletBalance: number;
  paymentState: PaymentState;
  /** Set by `hold`: what `capture` and `release` settle. */
  holdId?: string;
  /** True when the idempotency key had already been used: nothing moved this time. */
  replayed: boolean;
}

export type Op = 'credit' | 'debit' | 'hold' | 'capture' | 'release' | 'refund';

/** One side of a transaction before it is written: an account and its signed change. */
type Posting = { account: OrganizationAccountKind | PlatformAccount; amount: number };

/** What a movement writes, planned before `ledger_post` runs. */
interface Plan {
  postings: Posting[];
  paymentState: PaymentState;
  /** The transaction it settles or refunds. */
  related?: string;
  /** Hold: `ledger_post` also writes the hold of what the hold account received. */
  placeHold?: boolean;
  /** Capture, release, refund: settles what it relates to, in the same transaction. */
  afterInsert?: (
    db: DbOrTx,
    transaction: { id: string; createdAt: Date },
  ) => Promise<string | undefined>;
}

/**
 * The request hash a movement stores with its idempotency key (a replay with another hash is
 * IDEMPOTENCY_KEY_REUSED): the movement's input without its organization and key. Exported for
 * callers that post through a database function of their own (the guide purchase's settle step).
 */
export function movementRequestHash(
  op: Op,
  request: Omit<Movement, 'organizationId' | 'idempotencyKey'> & Record<string, unknown>,
): string {
  return hashRequest({ op, ...request });
}

function assertCentavos(amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new Error(`ledger amounts are positive integer centavos, got ${amount}`);
  }
}

const sum = (lines: { amount: number }[]) => lines.reduce((total, line) => total + line.amount, 0);

/**
 * `total` split among the accounts a charge paid, in proportion to what each received; the last
 * takes the rounding remainder so the parts add up to the centavo.
 */
function proportionalLines(paid: { kind: string; amount: number }[], total: number): Line[] {
  const whole = sum(paid);
  let given = 0;
  return paid.map((entry, index) => {
    const amount =
      index === paid.length - 1 ? total - given : Math.round((entry.amount * total) / whole);
    given += amount;
    return { account: entry.kind as PlatformAccount, amount };
  });
}

/**
 * The prepaid balance's double-entry ledger: the only way money moves (ARCHITECTURE §4, decision
 * 012). Every method is one database transaction — or joins the caller's — that writes a
 * transaction row and entries summing to zero, and moves the organization's stored balances
 * under their row locks. A wallet never goes below zero (INSUFFICIENT_BALANCE, nothing moves).
 * The same idempotency key answers the first result and moves nothing again.
 */
export class LedgerService {
  private platform: Promise<Record<PlatformAccount, string>> | undefined;
  private readonly organizations = new Map<string, Record<OrganizationAccountKind, string>>();

  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  /** Money that arrives from outside (a SPEI transfer, a card payment), minus any charges. */
  credit(
    input: Movement & { amount: number; from: PlatformAccount; charges?: Line[] },
    tx?: DbOrTx,
  ) {
    const charges = input.charges ?? [];
    assertCentavos(input.amount);
    charges.forEach((line) => assertCentavos(line.amount));
    const net = input.amount - sum(charges);
    assertCentavos(net);
    return this.post('credit', input, tx, {
      postings: [
        { account: 'wallet', amount: net },
        { account: input.from, amount: -input.amount },
        ...charges,
      ],
      paymentState: 'paid',
    });
  }

  /** A charge paid at once from the wallet, split among platform accounts. */
  debit(input: Movement & { lines: Line[] }, tx?: DbOrTx) {
    input.lines.forEach((line) => assertCentavos(line.amount));
    assertCentavos(sum(input.lines));
    return this.post('debit', input, tx, {
      postings: [{ account: 'wallet', amount: -sum(input.lines) }, ...input.lines],
      paymentState: 'paid',
    });
  }

  /** Reserves an amount for a charge that completes later; the wallet can no longer spend it. */
  hold(input: Movement & { amount: number }, tx?: DbOrTx) {
    assertCentavos(input.amount);
    return this.post('hold', input, tx, {
      postings: [
        { account: 'wallet', amount: -input.amount },
        { account: 'wallet_hold', amount: input.amount },
      ],
      paymentState: 'pending',
      placeHold: true,
    });
  }

  /**
   * Charges a held amount: `lines` go to platform accounts, any remainder back to the wallet,
   * through the wallet's one capture, `ledger_capture_hold` (the hold locked, settled once). The
   * same key answers the first capture and moves nothing again; a hold already settled under
   * another key is CHARGE_ALREADY_SETTLED.
   */
  async capture(input: Movement & { holdId: string; lines: Line[] }, tx?: DbOrTx) {
    input.lines.forEach((line) => assertCentavos(line.amount));
    const { idempotencyKey, organizationId, holdId, ...request } = input;
    const requestHash = movementRequestHash('capture', { ...request, holdId });
    await this.prepareAccounts(organizationId);
    const db = tx ?? this.deps.db;
    const captured = await repository.captureHold(db, {
      organizationId,
      holdId,
      idempotencyKey,
      requestHash,
      kind: input.kind,
      reference: input.reference ?? null,
      lines: input.lines,
      now: this.deps.clock.now(),
    });
    switch (captured.outcome) {
      case 'captured':
        return {
          transactionId: captured.transactionId,
          walletAmount: captured.walletAmount,
          walletBalance: captured.walletBalance,
          paymentState: 'paid',
          holdId,
          replayed: false,
        } satisfies LedgerResult;
      case 'key_used': {
        const existing = await repository.claimIdempotencyKey(db, organizationId, idempotencyKey);
        if (!existing) throw new Error(`ledger capture: key ${idempotencyKey} vanished`);
        return this.replay(db, existing, requestHash);
      }
      case 'hold_settled':
        throw new AppError('CHARGE_ALREADY_SETTLED');
      case 'hold_missing':
        throw notFound();
      default:
        throw new Error(`ledger capture of hold ${holdId} refused: ${captured.outcome}`);
    }
  }

  /** Abandons a held charge: the whole amount returns to the wallet. */
  release(input: Movement & { holdId: string }, tx?: DbOrTx) {
    return this.post('release', input, tx, async (db) => {
      const hold = await this.openHold(db, input.organizationId, input.holdId);
      return {
        postings: [
          { account: 'wallet_hold', amount: -hold.amount },
          { account: 'wallet', amount: hold.amount },
        ],
        paymentState: 'refund',
        related: hold.holdTransactionId,
        afterInsert: async (tx, transaction) => {
          await repository.settleHold(
            tx,
            hold.id,
            'released',
            transaction.id,
            transaction.createdAt,
          );
          await repository.setPaymentState(tx, hold.holdTransactionId, 'refund');
          return hold.id;
        },
      };
    });
  }

  /**
   * Returns a paid charge (a debit or a capture) to the wallet: all of what remains, reversing
   * each platform account in proportion, or exactly `lines` for a partial refund. Refunds of one
   * charge never add up to more than it took.
   */
  refund(input: Movement & { transactionId: string; lines?: Line[] }, tx?: DbOrTx) {
    input.lines?.forEach((line) => assertCentavos(line.amount));
    return this.post('refund', input, tx, async (db) => {
      const charge = await repository.findTransaction(
        db,
        input.organizationId,
        input.transactionId,
      );
      if (!charge || charge.kind === 'refund' || charge.kind === 'deposit') throw notFound();
      const platform = await repository.platformEntries(db, charge.id);
      const paid = sum(platform);
      const remaining = paid - (await repository.refundedAmount(db, charge.id));
      const lines = input.lines ?? proportionalLines(platform, remaining);
      const total = sum(lines);
      if (total <= 0 || total > remaining) throw new AppError('REFUND_EXCEEDS_CHARGE');
      return {
        postings: [
          { account: 'wallet', amount: total },
          ...lines.map((line) => ({ account: line.account, amount: -line.amount })),
        ],
        paymentState: 'refund',
        related: charge.id,
        afterInsert: async (tx) => {
          await repository.setPaymentState(tx, charge.id, 'refund');
          return undefined;
        },
      };
    });
  }

  /**
   * Creates (once per organization) the accounts its movements use. Call it before opening a
   * transaction that passes `tx` to a movement: the first movement of an organization otherwise
   * creates them on a second pooled connection while the transaction holds one, which can
   * starve the pool when many such transactions wait on each other's locks.
   */
  async prepareAccounts(organizationId: string): Promise<void> {
    await this.platformAccounts();
    await this.accountsOf(organizationId);
  }

  /** The organization's wallet: what it can spend and what is reserved. */
  async balance(organizationId: string, db: DbOrTx = this.deps.db): Promise<WalletBalance> {
    const balances = await repository.readBalances(db, organizationId);
    return {
      available_centavos: balances.wallet ?? 0,
      on_hold_centavos: balances.wallet_hold ?? 0,
      currency: 'MXN',
    };
  }

  /** Total purchases (dashboard): what the organization paid, net of refunds; all or on `days`. */
  purchases(organizationId: string, days?: DayRange): Promise<number> {
    return spend.purchasesTotal(this.deps.db, organizationId, days);
  }

  /** The dashboard's spend chart: what was paid per Mexico City day of `days`, by cause. */
  spendPerDay(organizationId: string, days: DayRange) {
    return spend.spendPerDay(this.deps.db, organizationId, days);
  }

  /** The available balance as it stood at the end of Mexico City's `day`. */
  balanceAtEndOf(organizationId: string, day: string): Promise<number> {
    return spend.balanceAtEndOf(this.deps.db, organizationId, day);
  }

  private async openHold(db: DbOrTx, organizationId: string, holdId: string) {
    const hold = await repository.lockHold(db, organizationId, holdId);
    if (!hold) throw notFound();
    if (hold.status !== 'held') throw new AppError('CHARGE_ALREADY_SETTLED');
    return hold;
  }

  /**
   * The one path every movement takes. A movement planned from its input alone (credit, debit,
   * hold) is one statement, `ledger_post` (ledger.functions.sql): claim the idempotency key
   * (replaying a stored result), move the wallet then the hold account (refusing a negative
   * balance), write the transaction, its entries and the hold; sent alone it is its own
   * database transaction. A movement planned from stored rows (capture, release, refund) claims
   * the key first, plans under the locks it takes, then posts and settles in one transaction.
   * A database trigger checks at commit that the entries sum to zero.
   */
  private async post(
    op: Op,
    input: Movement,
    outer: DbOrTx | undefined,
    plan: Plan | ((db: DbOrTx) => Promise<Plan>),
  ): Promise<LedgerResult> {
    const { idempotencyKey, organizationId, ...request } = input;
    const requestHash = movementRequestHash(op, request);
    // Accounts are created outside the movement: a rolled-back movement must not leave a
    // cached id of an account that was never committed.
    const accounts = {
      ...(await this.platformAccounts()),
      ...(await this.accountsOf(organizationId)),
    };
    if (typeof plan !== 'function') {
      return this.write(outer ?? this.deps.db, input, requestHash, accounts, plan);
    }
    const run = async (db: DbOrTx): Promise<LedgerResult> => {
      const existing = await repository.claimIdempotencyKey(db, organizationId, idempotencyKey);
      if (existing) return this.replay(db, existing, requestHash);
      return this.write(db, input, requestHash, accounts, await plan(db));
    };
    return outer ? run(outer) : this.deps.db.transaction(run);
  }

  private async write(
    db: DbOrTx,
    input: Movement,
    requestHash: string,
    accounts: Record<OrganizationAccountKind | PlatformAccount, string>,
    plan: Plan,
  ): Promise<LedgerResult> {
    const createdAt = this.deps.clock.now();
    const posted = await repository.postMovement(db, {
      organizationId: input.organizationId,
      idempotencyKey: input.idempotencyKey,
      requestHash,
      kind: input.kind,
      referenceType: input.reference?.type ?? null,
      referenceId: input.reference?.id ?? null,
      relatedTransactionId: plan.related ?? null,
      description: input.description ?? null,
      paymentState: plan.paymentState,
      createdAt,
      walletAccountId: accounts.wallet,
      holdAccountId: accounts.wallet_hold,
      postings: plan.postings
        .filter((posting) => posting.amount !== 0)
        .map((posting) => ({ accountId: accounts[posting.account], amount: posting.amount })),
      placeHold: plan.placeHold ?? false,
    });
    if (posted.outcome === 'insufficient') throw new AppError('INSUFFICIENT_BALANCE');
    if (posted.outcome === 'replayed') return this.replay(db, posted.transaction, requestHash);
    const { transaction } = posted;
    const holdId =
      transaction.holdId ?? (await plan.afterInsert?.(db, { id: transaction.id, createdAt }));
    return {
      transactionId: transaction.id,
      walletAmount: transaction.walletAmount,
      walletBalance: transaction.walletBalanceAfter,
      paymentState: plan.paymentState,
      ...(holdId ? { holdId } : {}),
      replayed: false,
    };
  }

  private async replay(
    db: DbOrTx,
    existing: repository.StoredTransaction,
    requestHash: string,
  ): Promise<LedgerResult> {
    if (existing.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    const holdId =
      existing.holdId === undefined
        ? await repository.holdOfTransaction(db, existing.id)
        : existing.holdId;
    return {
      transactionId: existing.id,
      walletAmount: existing.walletAmount,
      walletBalance: existing.walletBalanceAfter,
      paymentState: existing.paymentState as PaymentState,
      ...(holdId ? { holdId } : {}),
      replayed: true,
    };
  }

  private platformAccounts() {
    this.platform ??= repository.ensurePlatformAccounts(this.deps.db).catch((error: unknown) => {
      this.platform = undefined;
      throw error;
    });
    return this.platform;
  }

  private async accountsOf(organizationId: string) {
    let accounts = this.organizations.get(organizationId);
    if (!accounts) {
      accounts = await repository.ensureOrganizationAccounts(this.deps.db, organizationId);
      this.organizations.set(organizationId, accounts);
    }
    return accounts;
  }
}
