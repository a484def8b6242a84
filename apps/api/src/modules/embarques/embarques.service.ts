import {
  type Embarque,
  type EmbarqueDocument,
  type EmbarquesQuery,
  type EmbarqueSummary,
  type Language,
  type PageMeta,
  type PaymentRequest,
} from '@despacho/domain';
import { AppError, notFound } from '../../platform/errors';
import type { ReceivedForm, StoredFile } from '../../platform/files';
import { addDocument, documentFile, withUpload } from './embarque-documents';
import { EmbarquePayments, paymentView } from './embarque-payments';
import * as repository from './embarques.repository';
import { presentSummary } from './embarques.present';
import { EmbarqueWorkflow, type EmbarquesDeps } from './embarques.workflow';

/**
 * `my-shipments`: the merchant reads their embarques, downloads and uploads the supplier's
 * papers, and pays what staff requested from the balance. Everything is read within the
 * organization: another organization's embarque is simply not found.
 */
export class EmbarquesService {
  private readonly workflow: EmbarqueWorkflow;
  private readonly payments: EmbarquePayments;

  constructor(deps: EmbarquesDeps) {
    this.workflow = new EmbarqueWorkflow(deps);
    this.payments = new EmbarquePayments(this.workflow);
  }

  async list(
    organizationId: string,
    query: EmbarquesQuery,
  ): Promise<{ data: EmbarqueSummary[]; meta: PageMeta }> {
    const { rows, total } = await repository.listEmbarques(
      this.workflow.deps.db,
      organizationId,
      query,
    );
    return {
      data: rows.map(presentSummary),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  async get(organizationId: string, id: string): Promise<Embarque> {
    const row = await repository.findEmbarque(this.workflow.deps.db, organizationId, id);
    if (!row) throw notFound();
    return this.workflow.view(row);
  }

  /** NOT_FOUND unless the organization has this embarque (checked before an upload is read). */
  async assertExists(organizationId: string, id: string): Promise<void> {
    if (!(await repository.findEmbarque(this.workflow.deps.db, organizationId, id))) {
      throw notFound();
    }
  }

  async document(organizationId: string, id: string, documentId: string): Promise<StoredFile> {
    const row = await repository.findEmbarque(this.workflow.deps.db, organizationId, id);
    return documentFile(this.workflow, row, documentId);
  }

  /** The PDF of a service invoice of the embarque (any other invoice id is NOT_FOUND). */
  async invoicePdf(organizationId: string, id: string, invoiceId: string) {
    const { db, billing } = this.workflow.deps;
    const row = await repository.findEmbarque(db, organizationId, id);
    if (!row) throw notFound();
    const requests = await repository.paymentRequestsOf(db, row);
    if (!requests.some((request) => request.invoiceId === invoiceId)) throw notFound();
    return billing.pdf(organizationId, invoiceId);
  }

  /** The commercial invoice or packing list, as `documentUpload` received it. */
  uploadDocument(
    organizationId: string,
    userId: string,
    id: string,
    form: ReceivedForm,
    language: Language,
  ): Promise<EmbarqueDocument> {
    const { db, files } = this.workflow.deps;
    const uploader = { kind: 'merchant' as const, userId };
    return withUpload(files, form, uploader, language, (kind, file) =>
      db.transaction(async (tx) => {
        const row = await repository.findEmbarque(tx, organizationId, id, true);
        if (!row) throw notFound();
        return addDocument(this.workflow, tx, row, uploader, kind, file);
      }),
    );
  }

  /**
   * Pays a pending request from the balance, once: the embarque is locked, so a second call
   * waits and then finds the request paid — the same Idempotency-Key answers that payment
   * (`replayed`), another key is EMBARQUE_PAYMENT_NOT_PENDING. The ledger's key is the
   * request's own, so no path can move its money twice. INSUFFICIENT_BALANCE moves nothing and
   * says what is needed and available.
   */
  async pay(
    organizationId: string,
    userId: string,
    id: string,
    paymentId: string,
    idempotencyKey: string,
  ): Promise<{ payment_request: PaymentRequest; available_centavos: number; replayed: boolean }> {
    const { db, ledger } = this.workflow.deps;
    await ledger.prepareAccounts(organizationId);
    try {
      return await db.transaction(async (tx) => {
        const row = await repository.findEmbarque(tx, organizationId, id, true);
        if (!row) throw notFound();
        const request = await repository.findPaymentRequest(tx, row, paymentId);
        if (!request) throw notFound();
        if (request.status === 'paid' && request.payKey === idempotencyKey) {
          const balance = await ledger.balance(organizationId, tx);
          return {
            payment_request: paymentView(request),
            available_centavos: balance.available_centavos,
            replayed: true,
          };
        }
        const paid = await this.payments.pay(tx, row, request, { userId, idempotencyKey });
        return { ...paid, replayed: false };
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE') {
        const request = await repository.findPaymentRequestOf(db, organizationId, paymentId);
        throw new AppError('INSUFFICIENT_BALANCE', {
          required_centavos: request?.amount ?? 0,
          available_centavos: (await ledger.balance(organizationId)).available_centavos,
        });
      }
      throw error;
    }
  }
}
