import {
  CARD_NOT_CHARGED_REASON,
  cardSummary,
  depositBreakdown,
  type DepositView,
  type Language,
  type z,
  type cardDepositSchema,
} from '@despacho/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { ProviderError } from '../../platform/provider-calls';
import * as deposits from './deposits.repository';
import type { DepositRow } from './deposits.repository';
import { creditPendingDeposit, presentDeposit, type CreditDepositDeps } from './deposits.service';
import type { ChargeLookup, ChargeResult, PaymentProvider } from './payment-provider';

export interface CardDepositsDeps extends CreditDepositDeps {
  db: Db;
  provider: PaymentProvider;
  /** The reconciliation delay. */
  config: Config;
  log?: FastifyBaseLogger | undefined;
}

/** How a reconciled deposit ended: settled by the provider's answer, or still unknown. */
export type Reconciled =
  | { outcome: 'credited' | 'failed'; deposit: DepositRow }
  | { outcome: 'unresolved'; deposit: DepositRow };

type CardDeposit = z.output<typeof cardDepositSchema>;

/**
 * Card deposits (decision 013): the merchant's browser tokenised the card with the provider; we
 * record the deposit, charge the token, and credit the balance (minus the small-deposit fee) in
 * one ledger transaction, or mark the deposit failed with the provider's reason.
 *
 * Every step is idempotent, so a retry with the same Idempotency-Key — a double click, a lost
 * answer, a crash between the charge and the credit — drives the same deposit to the same end:
 * the deposit row is unique per key, the provider charges once per `deposit:{id}`, and the
 * credit happens under the deposit's row lock and the ledger key `deposit:{id}`.
 */
export class CardDepositsService {
  constructor(private readonly deps: CardDepositsDeps) {}

  publicConfig() {
    return this.deps.provider.publicConfig();
  }

  async deposit(input: {
    organizationId: string;
    userId: string;
    idempotencyKey: string;
    language: Language;
    data: CardDeposit;
  }): Promise<{ deposit: DepositView; replayed: boolean }> {
    const { provider } = this.deps;
    if (!provider.publicConfig().available) throw new AppError('CARD_PAYMENTS_UNAVAILABLE');
    // Before the transactions that move money: they then need no second connection.
    const [{ row, replayed }] = await Promise.all([
      this.record(input),
      this.deps.ledger.prepareAccounts(input.organizationId),
    ]);
    if (row.status === 'credited') return { deposit: presentDeposit(row), replayed };

    // A failed deposit asks again too: the provider answers its stored decline, so a retry
    // reads the same reason in the caller's language.
    const result = await provider
      .charge({
        token: input.data.token,
        amountCentavos: row.amount,
        currency: 'MXN',
        idempotencyKey: `deposit:${row.id}`,
        description: `Depósito al saldo Despacho ${row.id}`,
      })
      .catch((error: unknown) => {
        // The provider did not answer: the deposit stays pending for the reconciliation (or
        // this key's retry, which charges once) to settle.
        if (error instanceof ProviderError) {
          throw new AppError('CARD_CHARGE_UNRESOLVED', { deposit_id: row.id });
        }
        throw error;
      });
    const settled = await this.settle(row.id, result);
    if (result.status === 'declined') {
      throw new AppError('CARD_DECLINED', {
        reason: result.reason[input.language],
        decline_code: result.code,
        deposit_id: settled.id,
      });
    }
    return { deposit: presentDeposit(settled), replayed };
  }

  /**
   * The deposit of this idempotency key: created pending, or the one a first attempt created
   * (IDEMPOTENCY_KEY_REUSED when it was for something else). Waits for a concurrent first
   * attempt to commit.
   */
  private record(input: {
    organizationId: string;
    userId: string;
    idempotencyKey: string;
    data: CardDeposit;
  }): Promise<{ row: DepositRow; replayed: boolean }> {
    const { organizationId, idempotencyKey, data } = input;
    return this.deps.db.transaction(async (tx) => {
      await deposits.lockIdempotencyKey(tx, organizationId, idempotencyKey);
      const existing = await deposits.findByIdempotencyKey(tx, organizationId, idempotencyKey);
      if (existing) {
        if (existing.method !== 'card' || existing.amount !== data.amount) {
          throw new AppError('IDEMPOTENCY_KEY_REUSED');
        }
        return { row: existing, replayed: true };
      }
      const breakdown = depositBreakdown(data.amount);
      const now = this.deps.clock.now();
      const row = await deposits.insertDeposit(tx, {
        organizationId,
        method: 'card',
        status: 'pending',
        amount: data.amount,
        fee: breakdown.fee_total,
        net: breakdown.net,
        idempotencyKey,
        createdBy: input.userId,
        createdAt: now,
        updatedAt: now,
      });
      return { row, replayed: false };
    });
  }

  /**
   * Records the provider's answer under the deposit's row lock: approved credits the balance
   * through the one deposit-credit path (ledger, then notification); declined marks it failed
   * with the provider's reason. A deposit another attempt already settled is left as it is.
   */
  private settle(depositId: string, result: ChargeResult): Promise<DepositRow> {
    return this.deps.db.transaction(async (tx) => {
      const row = (await deposits.lockDeposit(tx, depositId))!;
      if (row.status !== 'pending') return row;
      return this.apply(tx, row, result);
    });
  }

  /** A pending deposit, locked by the caller, credited or failed by the provider's answer. */
  private async apply(
    tx: DbOrTx,
    row: DepositRow,
    result: ChargeResult,
    reviewedBy: string | null = null,
  ): Promise<DepositRow> {
    const card =
      result.cardBrand && result.last4 ? cardSummary(result.cardBrand, result.last4) : null;
    if (result.status === 'declined') {
      return deposits.updateDeposit(tx, row.id, {
        status: 'failed',
        // Kept in Spanish, the product's language, like a reason staff write for SPEI.
        rejectReason: result.reason.es,
        providerPaymentId: result.paymentId ?? null,
        cardSummary: card,
        reviewedBy,
        updatedAt: this.deps.clock.now(),
      });
    }
    await deposits.updateDeposit(tx, row.id, {
      cardSummary: card,
      providerPaymentId: result.paymentId,
    });
    const { deposit } = await creditPendingDeposit(tx, row.id, this.deps, { reviewedBy });
    return deposit;
  }

  /**
   * Reconciliation (decision 013), first half, outside any transaction: what the provider
   * recorded under the deposit's charge key. The organization's ledger accounts are made ready
   * too, so the settling transaction needs no second connection.
   */
  async lookup(row: Pick<DepositRow, 'id' | 'organizationId'>): Promise<ChargeLookup> {
    const [found] = await Promise.all([
      this.deps.provider.findCharge(`deposit:${row.id}`),
      this.deps.ledger.prepareAccounts(row.organizationId),
    ]);
    return found;
  }

  /**
   * Second half, in the caller's transaction under the deposit's row lock (the row pending):
   * credited when the provider approved the charge, failed when it declined it or never
   * received it and the card can no longer be charged (nothing was taken). Otherwise it stays
   * pending (`unresolved`): the merchant's retry with the same key may still charge it. Asking
   * first and settling under the lock after is safe: a deposit settled meanwhile is no longer
   * pending, and `not_found` fails it only once no charge can happen any more.
   */
  async settleFound(
    tx: DbOrTx,
    row: DepositRow,
    found: ChargeLookup,
    options: { now: Date; reviewedBy?: string | null },
  ): Promise<Reconciled> {
    const reviewedBy = options.reviewedBy ?? null;
    if (found.status !== 'not_found') {
      const deposit = await this.apply(tx, row, found, reviewedBy);
      return { outcome: found.status === 'approved' ? 'credited' : 'failed', deposit };
    }
    if (options.now.getTime() < row.createdAt.getTime() + this.deps.provider.chargeWindowMs) {
      return { outcome: 'unresolved', deposit: row };
    }
    const deposit = await deposits.updateDeposit(tx, row.id, {
      status: 'failed',
      rejectReason: CARD_NOT_CHARGED_REASON.es,
      reviewedBy,
      updatedAt: this.deps.clock.now(),
    });
    return { outcome: 'failed', deposit };
  }

  /**
   * What the provider answered about a deposit, settled in the caller's transaction under the
   * deposit's row lock — the sweep's and the provider's webhook's one path. A deposit no longer
   * pending (settled by another path meanwhile) is left as it is.
   */
  async settleLocked(
    tx: DbOrTx,
    depositId: string,
    found: ChargeLookup,
    now: Date,
  ): Promise<Reconciled['outcome'] | 'settled elsewhere'> {
    const row = await deposits.lockDeposit(tx, depositId);
    if (row?.status !== 'pending') return 'settled elsewhere';
    return (await this.settleFound(tx, row, found, { now })).outcome;
  }

  /**
   * The provider's own report of how a deposit's charge ended (its signed webhook), settled by
   * the same step as the sweep's. `claim` runs first in that transaction and answers false when
   * the report was already processed (a replay): then nothing is settled.
   */
  async settleReported(
    deposit: Pick<DepositRow, 'id' | 'organizationId'>,
    found: ChargeLookup,
    claim: (tx: DbOrTx) => Promise<boolean>,
  ): Promise<Reconciled['outcome'] | 'settled elsewhere' | 'duplicate'> {
    await this.deps.ledger.prepareAccounts(deposit.organizationId);
    return this.deps.db.transaction(async (tx) => {
      if (!(await claim(tx))) return 'duplicate';
      return this.settleLocked(tx, deposit.id, found, this.deps.clock.now());
    });
  }

  /** Whether the provider can return a charge to its card (the sandbox cannot). */
  get refunds(): boolean {
    return this.deps.provider.refund !== undefined;
  }

  /**
   * Returns `amount` of a deposit's approved charge to its card, once per deposit (the
   * provider's key `deposit_refund:{id}`). The provider not answering is 409
   * CARD_CHARGE_UNRESOLVED: repeating the refund asks again under the same key.
   */
  async refundCharge(row: DepositRow, amount: number): Promise<{ refundId: string }> {
    const { provider } = this.deps;
    if (!provider.refund || !row.providerPaymentId) throw new AppError('CARD_REFUND_UNAVAILABLE');
    try {
      return await provider.refund({
        paymentId: row.providerPaymentId,
        amountCentavos: amount,
        idempotencyKey: `deposit_refund:${row.id}`,
      });
    } catch (error) {
      if (error instanceof ProviderError) {
        throw new AppError('CARD_CHARGE_UNRESOLVED', { deposit_id: row.id });
      }
      throw error;
    }
  }

  /** Card deposits pending past `CARD_RECONCILE_AFTER_SECONDS` at `now` are stuck. */
  stuckBefore(now: Date): Date {
    return new Date(now.getTime() - this.deps.config.CARD_RECONCILE_AFTER_SECONDS * 1000);
  }

  /**
   * The reconciliation sweep: every card deposit pending past the delay (oldest first, a page
   * per sweep), each asked about and then settled in its own transaction. One the provider
   * cannot answer for now (unreachable, or no charge yet) is left for the next sweep; several
   * processes sweeping at once settle each deposit once, under its row lock.
   */
  readonly reconcileStuck = async (now: Date): Promise<{ settled: number; left: number }> => {
    if (!this.deps.provider.publicConfig().available) return { settled: 0, left: 0 };
    const { rows } = await deposits.listAllDeposits(this.deps.db, {
      pendingCardSince: this.stuckBefore(now),
      page: 1,
      pageSize: 100,
    });
    let settled = 0;
    for (const candidate of rows) {
      try {
        const found = await this.lookup(candidate);
        const outcome = await this.deps.db.transaction((tx) =>
          this.settleLocked(tx, candidate.id, found, now),
        );
        if (outcome === 'credited' || outcome === 'failed') settled += 1;
      } catch (error) {
        this.deps.log?.warn(
          { err: error, depositId: candidate.id },
          'card reconciliation: the provider did not answer',
        );
      }
    }
    return { settled, left: rows.length - settled };
  };
}
