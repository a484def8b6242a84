import type { InvoiceCancellationRequest } from '@despacho/domain';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { ProviderError } from '../../platform/provider-calls';
import * as repository from './billing.repository';
import type { InvoiceRow } from './billing.repository';
import type { CancellationStatus, Pac } from './pac';

export const REFRESH_CANCELLATIONS_JOB = 'billing.refresh_cancellations';
/** A cancellation asked this long ago with no webhook yet is asked of the PAC. */
const REFRESH_AFTER_MS = 30 * 60_000;
const REFRESH_BATCH = 50;

const cancellationOf = (row: InvoiceRow) => ({
  uuid: row.uuid,
  cancellation_motive: row.cancellationMotive,
  cancellation_substitution: row.cancellationSubstitution,
  cancellation_status: row.cancellationStatus,
});

/**
 * Cancelling a stamped invoice before SAT through the PAC that stamped it (decision 035). The
 * request is claimed on the row first (one at a time), the PAC is called outside any
 * transaction, and its answer recorded: `accepted`, or `pending` while SAT waits on the
 * receiver (its webhook tells the end, or `refreshJob` asks). A PAC failure gives the row back
 * as it was. Staff's request is in the audit log.
 */
export class InvoiceCancellation {
  constructor(
    private readonly deps: { db: Db; clock: Clock; pac: Pac; audit: Pick<AuditLog, 'record'> },
  ) {}

  async cancel(
    id: string,
    request: InvoiceCancellationRequest,
    staffId: string,
  ): Promise<InvoiceRow> {
    const { db, pac } = this.deps;
    const found = await repository.findInvoiceById(db, id);
    if (!found) throw notFound();
    // An invoice stamped by another PAC (the sandbox's, once Facturapi is on) is not this one's.
    if (found.pac !== pac.name) throw new AppError('INVOICE_NOT_CANCELLABLE');
    const substitution = request.motive === '01' ? (request.substitution_uuid ?? null) : null;
    const before = await repository.claimCancellation(db, id, {
      motive: request.motive,
      substitution,
      at: this.deps.clock.now(),
    });
    if (!before?.uuid) throw new AppError('INVOICE_NOT_CANCELLABLE');
    let status: CancellationStatus;
    try {
      status = await pac.cancel({
        uuid: before.uuid,
        providerId: before.providerId,
        motive: request.motive,
        substitutionUuid: substitution,
      });
    } catch (error) {
      await repository.updateInvoice(db, id, {
        cancellationMotive: before.cancellationMotive,
        cancellationSubstitution: before.cancellationSubstitution,
        cancellationStatus: before.cancellationStatus,
        cancellationRequestedAt: before.cancellationRequestedAt,
      });
      if (error instanceof ProviderError && error.code === 'rejected') {
        throw new AppError('INVOICE_CANCELLATION_REFUSED', { reason: error.message });
      }
      if (error instanceof ProviderError) throw new AppError('PAC_UNAVAILABLE');
      throw error;
    }
    return db.transaction(async (tx) => {
      const after = await repository.updateInvoice(tx, id, { cancellationStatus: status });
      await this.deps.audit.record(tx, {
        actorId: staffId,
        action: 'invoice.cancel',
        subjectType: 'invoice',
        subjectId: id,
        organizationId: after.organizationId,
        before: cancellationOf(before),
        after: cancellationOf(after),
      });
      return after;
    });
  }

  /**
   * `REFRESH_CANCELLATIONS_JOB`: asks the PAC how the cancellations still pending ended, for a
   * webhook that never came. Outside any transaction (the PAC is on the network); one PAC
   * failure leaves that invoice for the next run.
   */
  readonly refreshJob = async (): Promise<void> => {
    const { db, clock, pac } = this.deps;
    const before = new Date(clock.now().getTime() - REFRESH_AFTER_MS);
    for (const row of await repository.pendingCancellations(db, pac.name, before, REFRESH_BATCH)) {
      const status = await pac.cancellationStatus(row.providerId!).catch(() => null);
      if (status && status !== 'pending') {
        await repository.updateInvoice(db, row.id, { cancellationStatus: status });
      }
    }
  };

  /**
   * The PAC's word on a cancellation (its webhook): recorded on the invoice it stamped. Answers
   * null for a document we do not hold or never asked to cancel.
   */
  async statusChanged(providerId: string, status: CancellationStatus): Promise<InvoiceRow | null> {
    const row = await repository.findByProviderId(this.deps.db, this.deps.pac.name, providerId);
    if (!row?.cancellationMotive) return null;
    return repository.updateInvoice(this.deps.db, row.id, { cancellationStatus: status });
  }
}
