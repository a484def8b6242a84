import {
  DEPOSIT_VOUCHER_RULES,
  DEPOSIT_VOUCHER_TYPES,
  depositBreakdown,
  errorMessage,
  localizeIssues,
  MEXICAN_BANKS,
  speiNotificationSchema,
  type AuditAction,
  type AuditSnapshot,
  type DepositMethod,
  type DepositsQuery,
  type DepositView,
  type Language,
  type PageMeta,
  type SpeiNotificationData,
  type StaffDeposit,
  type StaffDepositsQuery,
} from '@despacho/domain';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { isUniqueViolation } from '../../platform/db-errors';
import { AppError, notFound } from '../../platform/errors';
import type { DomainEvents } from '../../platform/events';
import type { FileStore, ReceivedForm, ReceiveOptions, StoredFile } from '../../platform/files';
import type { AccountsService } from '../accounts';
import type { NotificationsService, NotifyInput } from '../notifications';
import type { CardDepositsService } from './card-deposits.service';
import type { LedgerResult, LedgerService, Line } from './ledger.service';
import * as repository from './deposits.repository';
import type { DepositRow } from './deposits.repository';

/** Where the merchant reads their deposits; notifications link to it. */
export const DEPOSITS_SCREEN_LINK = '/app/finance/deposits';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function presentDeposit(row: DepositRow): DepositView {
  return {
    id: row.id,
    method: row.method as DepositView['method'],
    status: row.status as DepositView['status'],
    amount_centavos: row.amount,
    fee_centavos: row.fee,
    net_centavos: row.net,
    origin_bank: row.originBank,
    origin_bank_name: row.originBank ? (MEXICAN_BANKS[row.originBank] ?? null) : null,
    reference_type: row.referenceType as DepositView['reference_type'],
    reference_number: row.referenceNumber,
    tracking_key: row.trackingKey,
    has_voucher: row.voucherFileId !== null,
    card_summary: row.cardSummary,
    reject_reason: row.rejectReason,
    ledger_transaction_id: row.ledgerTransactionId,
    created_at: row.createdAt.toISOString(),
    credited_at: iso(row.creditedAt),
  };
}

/** What the audit log keeps of a deposit before and after a staff decision. */
function snapshot(row: DepositRow): AuditSnapshot {
  return {
    status: row.status,
    method: row.method,
    amount: row.amount,
    fee: row.fee,
    net: row.net,
    origin_bank: row.originBank,
    tracking_key: row.trackingKey,
    reject_reason: row.rejectReason,
    ledger_transaction_id: row.ledgerTransactionId,
    credited_at: iso(row.creditedAt),
  };
}

function creditedNotification(row: DepositRow): NotifyInput {
  return {
    kind: 'NOTIFICATION',
    content: {
      code: 'deposit_credited',
      params: { amount: row.amount, net: row.net, fee: row.fee, tracking_key: row.trackingKey },
    },
    link: DEPOSITS_SCREEN_LINK,
  };
}

function rejectedNotification(row: DepositRow, reason: string): NotifyInput {
  return {
    kind: 'WARNING',
    content: {
      code: 'deposit_rejected',
      params: { amount: row.amount, tracking_key: row.trackingKey, reason },
    },
    link: DEPOSITS_SCREEN_LINK,
  };
}

/** The platform accounts a deposit's fee goes to: the fee and its VAT (small deposits only). */
export function feeLines(amount: number): Line[] {
  const breakdown = depositBreakdown(amount);
  if (breakdown.fee_total === 0) return [];
  return [
    { account: 'fees', amount: breakdown.fee },
    { account: 'vat_payable', amount: breakdown.fee_vat },
  ];
}

/**
 * Told of each credit inside its transaction, right after the deposit is marked credited:
 * billing issues the deposit's CFDI there (decision 016). It never throws, so nothing it does
 * can undo a credit.
 */
export type DepositCreditedListener = (tx: DbOrTx, deposit: DepositRow) => Promise<unknown>;

export interface CreditDepositDeps {
  ledger: LedgerService;
  notifications: NotificationsService;
  clock: Clock;
  events: DomainEvents;
  /** Billing's, wired in services.ts: wallet tells, billing listens. */
  depositCredited: DepositCreditedListener;
}

export interface CreditDepositOptions {
  /** Staff who approved it; null when a bank transfer reconciled it. */
  reviewedBy?: string | null;
  /**
   * What really arrived, when the bank's amount differs from the notified one: the fee and the
   * net are worked out again from it.
   */
  amount?: number;
}

export interface CreditedDeposit {
  before: DepositRow;
  deposit: DepositRow;
  ledger: LedgerResult;
}

/**
 * Credits a pending deposit, inside the caller's transaction `tx`: locks the deposit row,
 * requires it pending (DEPOSIT_ALREADY_REVIEWED otherwise, NOT_FOUND when missing), moves the
 * money (amount from the clearing account, the small-deposit fee and its VAT to the platform,
 * the rest to the wallet) under the idempotency key `deposit:{id}`, marks the deposit credited
 * and notifies the merchant. Staff approval and bank reconciliation both come through here, so
 * a deposit is credited exactly once whichever gets there first.
 */
export async function creditPendingDeposit(
  tx: DbOrTx,
  depositId: string,
  deps: CreditDepositDeps,
  options: CreditDepositOptions = {},
): Promise<CreditedDeposit> {
  const before = await repository.lockDeposit(tx, depositId);
  if (!before) throw notFound();
  if (before.status !== 'pending') throw new AppError('DEPOSIT_ALREADY_REVIEWED');
  const amount = options.amount ?? before.amount;
  const breakdown = depositBreakdown(amount);
  const ledger = await deps.ledger.credit(
    {
      organizationId: before.organizationId,
      idempotencyKey: `deposit:${before.id}`,
      kind: 'deposit',
      reference: { type: 'deposit', id: before.id },
      description: before.trackingKey
        ? { code: 'deposit_spei', params: { tracking_key: before.trackingKey } }
        : { code: 'deposit', params: { method: before.method as DepositMethod } },
      amount,
      from: before.method === 'card' ? 'card_clearing' : 'bank_clearing',
      charges: feeLines(amount),
    },
    tx,
  );
  const now = deps.clock.now();
  const deposit = await repository.updateDeposit(tx, before.id, {
    status: 'credited',
    amount,
    fee: breakdown.fee_total,
    net: breakdown.net,
    ledgerTransactionId: ledger.transactionId,
    reviewedBy: options.reviewedBy ?? null,
    creditedAt: now,
    updatedAt: now,
  });
  await deps.notifications.notify(deposit.organizationId, creditedNotification(deposit), tx);
  await deps.events.emit(
    tx,
    deposit.organizationId,
    'deposit.credited',
    { deposit_id: deposit.id, amount: deposit.amount, method: deposit.method },
    `deposit:${deposit.id}`,
  );
  // Billing (decision 016): the deposit's CFDI (and its fee's), in this same transaction.
  await deps.depositCredited(tx, deposit);
  return { before, deposit, ledger };
}

/** How `FileStore.receiveForm` takes a SPEI notification's form and its voucher. */
export function voucherUpload(organizationId: string, userId: string): ReceiveOptions {
  return {
    organizationId,
    purpose: 'deposit.voucher',
    allowed: [...DEPOSIT_VOUCHER_TYPES],
    maxBytes: DEPOSIT_VOUCHER_RULES.maxFileBytes,
    uploadedBy: userId,
    field: DEPOSIT_VOUCHER_RULES.field,
  };
}

export interface DepositsDeps extends CreditDepositDeps {
  db: Db;
  files: FileStore;
  audit: AuditLog;
  accounts: AccountsService;
  cards: Pick<
    CardDepositsService,
    'lookup' | 'settleFound' | 'stuckBefore' | 'refunds' | 'refundCharge'
  >;
}

type Page<T> = { data: T[]; meta: PageMeta };

/** The fields of a notification that must match for a retry to be the same request. */
const sameNotification = (row: DepositRow, data: SpeiNotificationData) =>
  row.method === 'spei' &&
  row.amount === data.amount &&
  row.originBank === data.origin_bank &&
  row.referenceType === data.reference_type &&
  row.referenceNumber === data.reference_number &&
  row.trackingKey === data.tracking_key;

const alreadyNotified = (language: Language) =>
  new AppError(
    'DEPOSIT_ALREADY_NOTIFIED',
    {},
    { tracking_key: errorMessage('DEPOSIT_ALREADY_NOTIFIED', language) },
  );

/**
 * Deposits to the prepaid balance (`finance/deposits`): SPEI transfers the merchant notifies with
 * a voucher, reviewed by staff (or reconciled with the bank's report) before anything reaches
 * the balance.
 */
export class DepositsService {
  constructor(private readonly deps: DepositsDeps) {}

  /**
   * A SPEI transfer the merchant made, with its voucher, waiting as `pending`. The same
   * idempotency key answers the deposit it created (`replayed`), or IDEMPOTENCY_KEY_REUSED when
   * the data differ; a transfer already notified (same bank and tracking key, not rejected)
   * answers DEPOSIT_ALREADY_NOTIFIED. `form` is the request's form as `FileStore.receiveForm`
   * read it with `voucherUpload`; the voucher is removed unless the deposit keeps it.
   */
  async notifySpei(
    form: ReceivedForm,
    input: { organizationId: string; userId: string; idempotencyKey: string; language: Language },
  ): Promise<{ deposit: DepositView; replayed: boolean }> {
    const { organizationId, userId, idempotencyKey, language } = input;
    const voucher = form.file;
    try {
      const data = this.validate(form.fields, form.fileError, language);
      return await this.deps.db.transaction(async (tx) => {
        await repository.lockIdempotencyKey(tx, organizationId, idempotencyKey);
        const existing = await repository.findByIdempotencyKey(tx, organizationId, idempotencyKey);
        if (existing) {
          if (!sameNotification(existing, data)) throw new AppError('IDEMPOTENCY_KEY_REUSED');
          // The retry's copy of the voucher is not needed: the first one is kept.
          await this.deps.files.remove(voucher!);
          return { deposit: presentDeposit(existing), replayed: true };
        }
        if (await repository.findActiveByTrackingKey(tx, data.origin_bank, data.tracking_key)) {
          throw alreadyNotified(language);
        }
        const breakdown = depositBreakdown(data.amount);
        const now = this.deps.clock.now();
        const row = await repository
          .insertDeposit(tx, {
            organizationId,
            method: 'spei',
            status: 'pending',
            amount: data.amount,
            fee: breakdown.fee_total,
            net: breakdown.net,
            originBank: data.origin_bank,
            referenceType: data.reference_type,
            referenceNumber: data.reference_number,
            trackingKey: data.tracking_key,
            voucherFileId: voucher!.id,
            idempotencyKey,
            createdBy: userId,
            createdAt: now,
            updatedAt: now,
          })
          .catch((error: unknown) => {
            // Another organization notified the same transfer at the same instant.
            if (isUniqueViolation(error, 'deposits_tracking_key')) throw alreadyNotified(language);
            throw error;
          });
        return { deposit: presentDeposit(row), replayed: false };
      });
    } catch (error) {
      if (voucher) await this.deps.files.remove(voucher).catch(() => undefined);
      throw error;
    }
  }

  /**
   * The notification's fields checked like the form checks them, and the voucher's problem
   * under `voucher`: VALIDATION_FAILED when any field is wrong, else the voucher's own error.
   */
  private validate(
    fields: Record<string, string>,
    fileError: AppError | null,
    language: Language,
  ): SpeiNotificationData {
    const parsed = speiNotificationSchema.safeParse(fields);
    const problems = parsed.success ? {} : localizeIssues(parsed.error.issues, language);
    if (fileError) {
      problems[DEPOSIT_VOUCHER_RULES.field] = errorMessage(
        fileError.code,
        language,
        fileError.params,
      );
    }
    if (!parsed.success) throw new AppError('VALIDATION_FAILED', {}, problems);
    if (fileError) throw new AppError(fileError.code, fileError.params, problems);
    return parsed.data;
  }

  async list(organizationId: string, query: DepositsQuery): Promise<Page<DepositView>> {
    const { rows, total } = await repository.listDeposits(this.deps.db, organizationId, query);
    return {
      data: rows.map(presentDeposit),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  async get(organizationId: string, id: string): Promise<DepositView> {
    const row = await repository.findDeposit(this.deps.db, organizationId, id);
    if (!row) throw notFound();
    return presentDeposit(row);
  }

  /** The voucher of one of the organization's deposits. */
  async voucher(organizationId: string, id: string): Promise<StoredFile> {
    const row = await repository.findDeposit(this.deps.db, organizationId, id);
    if (!row?.voucherFileId) throw notFound();
    return this.deps.files.find(organizationId, row.voucherFileId);
  }

  // Staff review of SPEI notifications

  /** `stuck`: card deposits pending past the reconciliation delay, oldest first. */
  async listForStaff(query: StaffDepositsQuery): Promise<Page<StaffDeposit>> {
    const { stuck, ...filters } = query;
    const { rows, total } = await repository.listAllDeposits(this.deps.db, {
      ...filters,
      ...(stuck ? { pendingCardSince: this.deps.cards.stuckBefore(this.deps.clock.now()) } : {}),
    });
    return {
      data: await this.forStaff(rows),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  async voucherForStaff(id: string): Promise<StoredFile> {
    const row = await repository.findDepositById(this.deps.db, id);
    if (!row?.voucherFileId) throw notFound();
    return this.deps.files.find(row.organizationId, row.voucherFileId);
  }

  /**
   * Staff approve a pending SPEI notification: in one transaction the deposit is credited (see
   * `creditPendingDeposit`) and the decision audited.
   */
  approve(id: string, staffUserId: string): Promise<StaffDeposit> {
    return this.deps.db.transaction(async (tx) => {
      await this.requireSpei(tx, id);
      const { before, deposit } = await creditPendingDeposit(tx, id, this.deps, {
        reviewedBy: staffUserId,
      });
      await this.audit(tx, staffUserId, 'deposit.approve', before, deposit);
      return this.forStaffOne(deposit);
    });
  }

  /** Staff reject a pending SPEI notification with the reason the merchant reads; nothing moves. */
  reject(id: string, staffUserId: string, reason: string): Promise<StaffDeposit> {
    return this.deps.db.transaction(async (tx) => {
      await this.requireSpei(tx, id);
      const before = await repository.lockDeposit(tx, id);
      if (!before) throw notFound();
      if (before.status !== 'pending') throw new AppError('DEPOSIT_ALREADY_REVIEWED');
      const now = this.deps.clock.now();
      const deposit = await repository.updateDeposit(tx, id, {
        status: 'rejected',
        rejectReason: reason,
        reviewedBy: staffUserId,
        updatedAt: now,
      });
      await this.deps.notifications.notify(
        deposit.organizationId,
        rejectedNotification(deposit, reason),
        tx,
      );
      await this.audit(tx, staffUserId, 'deposit.reject', before, deposit);
      return this.forStaffOne(deposit);
    });
  }

  /**
   * Staff settle a pending card deposit from what the payment provider recorded (see
   * `CardDepositsService.reconcile`), audited in the same transaction: credited when the charge
   * was approved, failed when it was declined or never made and can no longer be.
   * CARD_CHARGE_UNRESOLVED when the provider has no charge yet and the card could still be
   * charged; nothing changes then.
   */
  async verifyCard(id: string, staffUserId: string): Promise<StaffDeposit> {
    const card = await repository.findDepositById(this.deps.db, id);
    if (card?.method !== 'card') throw notFound();
    if (card.status !== 'pending') throw new AppError('DEPOSIT_ALREADY_REVIEWED');
    // The provider is asked before the transaction, so it never holds a connection waiting.
    const found = await this.deps.cards.lookup(card);
    return this.deps.db.transaction(async (tx) => {
      const before = (await repository.lockDeposit(tx, id))!;
      if (before.status !== 'pending') throw new AppError('DEPOSIT_ALREADY_REVIEWED');
      const reconciled = await this.deps.cards.settleFound(tx, before, found, {
        now: this.deps.clock.now(),
        reviewedBy: staffUserId,
      });
      if (reconciled.outcome === 'unresolved') throw new AppError('CARD_CHARGE_UNRESOLVED');
      await this.audit(tx, staffUserId, 'deposit.reconcile', before, reconciled.deposit);
      return this.forStaffOne(reconciled.deposit);
    });
  }

  /**
   * Staff return an unspent card deposit to its card: what it put in the balance (its net; the
   * small-deposit fee is kept) leaves the wallet for `card_clearing` — refused as
   * INSUFFICIENT_BALANCE once spent — then the provider refunds it. Both under the key
   * `deposit_refund:{id}`, so repeating it (after the provider did not answer) moves and
   * refunds nothing more. Audited once, when the balance moves.
   */
  async refundCard(id: string, staffUserId: string): Promise<StaffDeposit> {
    const row = await repository.findDepositById(this.deps.db, id);
    if (row?.method !== 'card') throw notFound();
    if (row.status !== 'credited' || !this.deps.cards.refunds || !row.providerPaymentId) {
      throw new AppError('CARD_REFUND_UNAVAILABLE');
    }
    await this.deps.ledger.prepareAccounts(row.organizationId);
    await this.deps.db.transaction(async (tx) => {
      const deposit = (await repository.lockDeposit(tx, id))!;
      const moved = await this.deps.ledger.debit(
        {
          organizationId: deposit.organizationId,
          idempotencyKey: `deposit_refund:${deposit.id}`,
          kind: 'adjustment',
          reference: { type: 'deposit', id: deposit.id },
          description: {
            code: 'deposit_card_refund',
            params: { card: deposit.cardSummary ?? '' },
          },
          lines: [{ account: 'card_clearing', amount: deposit.net }],
        },
        tx,
      );
      if (!moved.replayed) {
        await this.audit(tx, staffUserId, 'deposit.refund_card', deposit, deposit);
        // Staff took money from the balance: the merchant is told, as for every such move.
        await this.deps.notifications.notify(
          deposit.organizationId,
          {
            kind: 'NOTIFICATION',
            content: {
              code: 'deposit_card_refunded',
              params: { net: deposit.net, card: deposit.cardSummary ?? '' },
            },
            link: DEPOSITS_SCREEN_LINK,
          },
          tx,
        );
      }
    });
    await this.deps.cards.refundCharge(row, row.net);
    return this.forStaffOne(row);
  }

  /** Staff review SPEI notifications; card deposits settle with their provider. */
  private async requireSpei(db: DbOrTx, id: string) {
    const row = await repository.findDepositById(db, id);
    if (row?.method !== 'spei') throw notFound();
  }

  private audit(
    tx: DbOrTx,
    actorId: string,
    action: Extract<AuditAction, `deposit.${string}`>,
    before: DepositRow,
    after: DepositRow,
  ) {
    return this.deps.audit.record(tx, {
      actorId,
      action,
      subjectType: 'deposit',
      subjectId: after.id,
      organizationId: after.organizationId,
      before: snapshot(before),
      after: snapshot(after),
    });
  }

  private async forStaff(rows: DepositRow[]): Promise<StaffDeposit[]> {
    const names = await this.deps.accounts.organizationNames(rows.map((row) => row.organizationId));
    return rows.map((row) => ({
      ...presentDeposit(row),
      organization_id: row.organizationId,
      organization_name: names.get(row.organizationId) ?? '',
      reviewed_at: row.status === 'pending' ? null : row.updatedAt.toISOString(),
    }));
  }

  private async forStaffOne(row: DepositRow): Promise<StaffDeposit> {
    const [deposit] = await this.forStaff([row]);
    return deposit!;
  }
}
