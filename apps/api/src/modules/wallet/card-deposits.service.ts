import {
  cardSummary,
  depositBreakdown,
  type DepositView,
  type Language,
  type z,
  type cardDepositSchema,
} from '@despacho/domain';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { NotificationsService } from '../notifications/notifications.service';
import * as deposits from './deposits.repository';
import type { DepositRow } from './deposits.repository';
import { creditPendingDeposit, presentDeposit } from './deposits.service';
import type { LedgerService } from './ledger.service';
import type { ChargeResult, PaymentProvider } from './payment-provider';

export interface CardDepositsDeps {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  notifications: NotificationsService;
  provider: PaymentProvider;
}

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
    const { row, replayed } = await this.record(input);
    if (row.status === 'credited') return { deposit: presentDeposit(row), replayed };

    // A failed deposit asks again too: the provider answers its stored decline, so a retry
    // reads the same reason in the caller's language.
    const result = await provider.charge({
      token: input.data.token,
      amountCentavos: row.amount,
      currency: 'MXN',
      idempotencyKey: `deposit:${row.id}`,
      description: `Depósito al saldo Despacho ${row.id}`,
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
      const card =
        result.cardBrand && result.last4 ? cardSummary(result.cardBrand, result.last4) : null;
      if (result.status === 'declined') {
        return deposits.updateDeposit(tx, row.id, {
          status: 'failed',
          // Kept in Spanish, the product's language, like a reason staff write for SPEI.
          rejectReason: result.reason.es,
          providerPaymentId: result.paymentId ?? null,
          cardSummary: card,
          updatedAt: this.deps.clock.now(),
        });
      }
      await deposits.updateDeposit(tx, row.id, {
        cardSummary: card,
        providerPaymentId: result.paymentId,
      });
      const { deposit } = await creditPendingDeposit(tx, row.id, this.deps);
      return deposit;
    });
  }
}
