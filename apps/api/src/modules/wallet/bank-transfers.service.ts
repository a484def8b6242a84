import {
  bankReference,
  depositBreakdown,
  MEXICAN_BANKS,
  NOTIFICATION_MATCH_DAYS,
  type AuditSnapshot,
  type BankTransferSource,
  type BankTransfersQuery,
  type BankTransferView,
  type PageMeta,
  type SpeiTransfer,
  type StaffOrganizationOption,
  type UnmatchedReason,
} from '@despacho/domain';
import type { AuditLog } from '../../platform/audit';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { AccountsService } from '../accounts';
import * as repository from './bank-transfers.repository';
import type { BankTransferRow, DepositCandidate } from './bank-transfers.repository';
import { findActiveByTrackingKey, insertDeposit } from './deposits.repository';
import { creditPendingDeposit, type CreditDepositDeps } from './deposits.service';
import { findClabes, organizationsWithClabeLike } from './spei-accounts.repository';
import type { SpeiAccountsService } from './spei-accounts.service';

/**
 * What became of a reported transfer: credited on its own, credited by matching the
 * organization's deposit notification (one credit for both), queued for staff, or already
 * recorded (nothing moved).
 */
export type RecordOutcome = 'credited' | 'matched' | 'unmatched' | 'duplicate';

export interface BankTransfersDeps extends CreditDepositDeps {
  db: Db;
  audit: AuditLog;
  accounts: AccountsService;
  speiAccounts: Pick<SpeiAccountsService, 'organizationOfClabe'>;
}

const DAY_MS = 86_400_000;
/** How many organizations the staff's search offers. */
const ORGANIZATION_OPTIONS = 20;
const iso = (date: Date | null) => date?.toISOString() ?? null;

function snapshot(row: BankTransferRow): AuditSnapshot {
  return {
    status: row.status,
    bank_reference: row.bankReference,
    amount: row.amount,
    beneficiary_clabe: row.beneficiaryClabe,
    unmatched_reason: row.unmatchedReason,
    organization_id: row.organizationId,
    deposit_id: row.depositId,
    ledger_transaction_id: row.ledgerTransactionId,
    return_reason: row.returnReason,
  };
}

/**
 * Bank reconciliation of SPEI transfers (decision 014): each transfer the bank reports is
 * recorded once by its bank reference and credited once to the organization whose receiving
 * CLABE got it — by matching that organization's deposit notification when there is one, so
 * the notification and the transfer never both credit. Unknown CLABEs wait for staff, who assign
 * them to an organization or return them.
 */
export class BankTransfersService {
  constructor(private readonly deps: BankTransfersDeps) {}

  /**
   * Records and reconciles one reported transfer in one transaction. With `eventId` (a webhook
   * delivery) the event is claimed in the same transaction: a replay answers `duplicate`, and a
   * delivery that failed leaves nothing, so the bank can retry it.
   */
  record(
    transfer: SpeiTransfer,
    source: BankTransferSource,
    eventId?: string,
  ): Promise<{ outcome: RecordOutcome; transfer?: BankTransferRow }> {
    const reference = bankReference(
      transfer.operation_date,
      transfer.sender_bank,
      transfer.tracking_key,
    );
    return this.deps.db.transaction(async (tx) => {
      const now = this.deps.clock.now();
      if (eventId) {
        const fresh = await repository.claimWebhookEvent(tx, {
          eventId,
          source: 'spei',
          bankReference: reference,
          receivedAt: now,
        });
        if (!fresh) return { outcome: 'duplicate' };
      }
      // A second report of the same transfer waits here for the first to commit, then skips.
      const row = await repository.insertTransfer(tx, {
        source,
        bankReference: reference,
        trackingKey: transfer.tracking_key,
        operationDate: transfer.operation_date,
        beneficiaryClabe: transfer.beneficiary_clabe,
        senderClabe: transfer.sender_clabe,
        senderBank: transfer.sender_bank,
        senderName: transfer.sender_name,
        amount: transfer.amount_centavos,
        concept: transfer.concept,
        receivedAt: new Date(transfer.received_at),
        status: 'unmatched',
        unmatchedReason: 'unknown_clabe',
        createdAt: now,
        updatedAt: now,
      });
      if (!row) return { outcome: 'duplicate' };
      const organizationId = await this.deps.speiAccounts.organizationOfClabe(
        transfer.beneficiary_clabe,
        tx,
      );
      if (!organizationId) return { outcome: 'unmatched', transfer: row };
      return this.reconcile(tx, row, organizationId, null);
    });
  }

  /**
   * Credits `row` to the organization, exactly once, inside `tx`. The organization's SPEI
   * notification with the same sending bank and tracking key is this transfer: a pending one is
   * credited with the bank's amount (the only credit), one staff already approved is linked
   * without moving money. Without such a notification, the oldest pending one for the same
   * amount made in the 3 days before the transfer is taken. Otherwise the transfer is credited
   * on its own. `staffId` is set when staff assign it from the queue: then a transfer below the
   * fee is refused and an amount that differs from an approved notification is staff's call.
   */
  private async reconcile(
    tx: DbOrTx,
    row: BankTransferRow,
    organizationId: string,
    staffId: string | null,
  ): Promise<{ outcome: RecordOutcome; transfer: BankTransferRow }> {
    await repository.lockOrganizationReconciliation(tx, organizationId);
    const keyed = await repository.lockNotificationByTrackingKey(
      tx,
      organizationId,
      row.senderBank,
      row.trackingKey,
    );
    const keyedFree = keyed && !(await repository.transferOfDeposit(tx, keyed.id, row.id));
    let notification: DepositCandidate | undefined;
    if (keyed && keyedFree) {
      if (keyed.status === 'credited') {
        if (keyed.amount === row.amount) {
          return this.finish(tx, row, 'matched', {
            organizationId,
            depositId: keyed.id,
            ledgerTransactionId: keyed.ledgerTransactionId,
          });
        }
        if (!staffId) return this.unmatched(tx, row, 'amount_mismatch');
      } else {
        notification = keyed;
      }
    } else {
      notification = await repository.lockPendingNotificationByAmount(
        tx,
        organizationId,
        row.amount,
        new Date(row.receivedAt.getTime() - NOTIFICATION_MATCH_DAYS * DAY_MS),
      );
    }

    if (depositBreakdown(row.amount).net <= 0) {
      if (staffId) throw new AppError('BANK_TRANSFER_BELOW_FEE');
      return this.unmatched(tx, row, 'below_fee');
    }
    if (notification) {
      const { deposit, ledger } = await creditPendingDeposit(tx, notification.id, this.deps, {
        reviewedBy: staffId,
        amount: row.amount,
      });
      return this.finish(tx, row, 'matched', {
        organizationId,
        depositId: deposit.id,
        ledgerTransactionId: ledger.transactionId,
      });
    }
    // Credited on its own: it becomes a deposit of the organization like a notified one, so it
    // takes the one credit path (ledger, invoice, merchant notice) and shows in its deposits.
    const now = this.deps.clock.now();
    const breakdown = depositBreakdown(row.amount);
    // Another organization may have notified this tracking key: the bank says whose the money
    // is, so that notification stays pending for staff and this deposit keeps the key off.
    const keyTaken = await findActiveByTrackingKey(tx, row.senderBank, row.trackingKey);
    const own = await insertDeposit(tx, {
      organizationId,
      method: 'spei',
      status: 'pending',
      amount: row.amount,
      fee: breakdown.fee_total,
      net: breakdown.net,
      originBank: row.senderBank,
      referenceType: 'concept',
      referenceNumber: row.concept || null,
      trackingKey: keyTaken ? null : row.trackingKey,
      idempotencyKey: `bank:${row.bankReference}`,
      createdAt: now,
      updatedAt: now,
    });
    const { ledger } = await creditPendingDeposit(tx, own.id, this.deps, { reviewedBy: staffId });
    return this.finish(tx, row, 'credited', {
      organizationId,
      depositId: own.id,
      ledgerTransactionId: ledger.transactionId,
    });
  }

  private async finish(
    tx: DbOrTx,
    row: BankTransferRow,
    outcome: 'credited' | 'matched',
    link: { organizationId: string; depositId: string | null; ledgerTransactionId: string | null },
  ) {
    const transfer = await repository.updateTransfer(tx, row.id, {
      ...link,
      status: 'credited',
      unmatchedReason: null,
      updatedAt: this.deps.clock.now(),
    });
    return { outcome, transfer };
  }

  private async unmatched(tx: DbOrTx, row: BankTransferRow, reason: UnmatchedReason) {
    const transfer = await repository.updateTransfer(tx, row.id, {
      unmatchedReason: reason,
      updatedAt: this.deps.clock.now(),
    });
    return { outcome: 'unmatched' as const, transfer };
  }

  // Staff queue

  async list(query: BankTransfersQuery): Promise<{ data: BankTransferView[]; meta: PageMeta }> {
    const { rows, total } = await repository.listTransfers(this.deps.db, query);
    return {
      data: await this.present(rows),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  /**
   * Staff credit an unmatched transfer to an organization they identified (the sender wrote the
   * wrong CLABE, say): reconciled like any transfer of that organization, audited, once.
   */
  assign(id: string, organizationId: string, staffId: string): Promise<BankTransferView> {
    return this.deps.db.transaction(async (tx) => {
      const before = await this.lockUnmatched(tx, id);
      const names = await this.deps.accounts.organizationNames([organizationId]);
      if (!names.has(organizationId)) throw notFound();
      const { transfer } = await this.reconcile(tx, before, organizationId, staffId);
      const after = await repository.updateTransfer(tx, transfer.id, {
        resolvedBy: staffId,
        resolvedAt: this.deps.clock.now(),
      });
      await this.deps.audit.record(tx, {
        actorId: staffId,
        action: 'bank_transfer.assign',
        subjectType: 'bank_transfer',
        subjectId: id,
        organizationId,
        before: snapshot(before),
        after: snapshot(after),
      });
      return this.presentOne(after);
    });
  }

  /** Staff mark an unmatched transfer returned to its sender (done at the bank); nothing moves. */
  returnToSender(id: string, reason: string, staffId: string): Promise<BankTransferView> {
    return this.deps.db.transaction(async (tx) => {
      const before = await this.lockUnmatched(tx, id);
      const now = this.deps.clock.now();
      const after = await repository.updateTransfer(tx, id, {
        status: 'returned',
        unmatchedReason: null,
        returnReason: reason,
        resolvedBy: staffId,
        resolvedAt: now,
        updatedAt: now,
      });
      await this.deps.audit.record(tx, {
        actorId: staffId,
        action: 'bank_transfer.return',
        subjectType: 'bank_transfer',
        subjectId: id,
        organizationId: null,
        before: snapshot(before),
        after: snapshot(after),
      });
      return this.presentOne(after);
    });
  }

  /** Whom staff can assign a transfer to: organizations by name or receiving CLABE. */
  async organizations(q: string): Promise<StaffOrganizationOption[]> {
    const { db, accounts } = this.deps;
    const digits = q.replace(/[\s-]/g, '');
    const byClabe = /^\d+$/.test(digits) ? await organizationsWithClabeLike(db, digits) : [];
    const found = await accounts.searchOrganizations(q, byClabe, ORGANIZATION_OPTIONS);
    const clabes = await findClabes(
      db,
      found.map((organization) => organization.id),
    );
    return found.map((organization) => ({
      ...organization,
      clabe: clabes.get(organization.id) ?? null,
    }));
  }

  private async lockUnmatched(tx: DbOrTx, id: string) {
    const row = await repository.lockTransfer(tx, id);
    if (!row) throw notFound();
    if (row.status !== 'unmatched') throw new AppError('BANK_TRANSFER_NOT_UNMATCHED');
    return row;
  }

  async present(rows: BankTransferRow[]): Promise<BankTransferView[]> {
    const names = await this.deps.accounts.organizationNames(
      rows.flatMap((row) => (row.organizationId ? [row.organizationId] : [])),
    );
    return rows.map((row) => ({
      id: row.id,
      source: row.source as BankTransferView['source'],
      bank_reference: row.bankReference,
      tracking_key: row.trackingKey,
      operation_date: row.operationDate,
      beneficiary_clabe: row.beneficiaryClabe,
      sender_clabe: row.senderClabe,
      sender_bank: row.senderBank,
      sender_bank_name: MEXICAN_BANKS[row.senderBank] ?? null,
      sender_name: row.senderName,
      amount_centavos: row.amount,
      concept: row.concept,
      received_at: row.receivedAt.toISOString(),
      status: row.status as BankTransferView['status'],
      unmatched_reason: row.unmatchedReason as BankTransferView['unmatched_reason'],
      organization_id: row.organizationId,
      organization_name: row.organizationId ? (names.get(row.organizationId) ?? null) : null,
      deposit_id: row.depositId,
      ledger_transaction_id: row.ledgerTransactionId,
      return_reason: row.returnReason,
      resolved_at: iso(row.resolvedAt),
      created_at: row.createdAt.toISOString(),
    }));
  }

  private async presentOne(row: BankTransferRow): Promise<BankTransferView> {
    const [view] = await this.present([row]);
    return view!;
  }
}
