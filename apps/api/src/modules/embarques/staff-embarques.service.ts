import {
  canMoveStep,
  embarqueReference,
  failedGuards,
  formatPedimento,
  type AuditAction,
  type EmbarqueCreate,
  type EmbarqueDocument,
  type EmbarqueExpenses,
  type EmbarqueLines,
  type EmbarqueSemaforo,
  type EmbarqueStepMove,
  type EmbarqueUpdate,
  type Language,
  type PageMeta,
  type PaymentRequestCreate,
  type StaffEmbarque,
  type StaffEmbarquesQuery,
  type StaffEmbarqueSummary,
  type StepGuard,
  type SupplierPaymentCreate,
} from '@despacho/domain';
import type { DbOrTx } from '../../platform/db';
import { isUniqueViolation } from '../../platform/db-errors';
import { AppError, notFound } from '../../platform/errors';
import type { ReceivedForm, StoredFile } from '../../platform/files';
import { addDocument, documentFile, withUpload } from './embarque-documents';
import { EmbarquePayments } from './embarque-payments';
import * as repository from './embarques.repository';
import type { EmbarqueRow } from './embarques.repository';
import { presentSummary } from './embarques.present';
import {
  assertOpen,
  EmbarqueWorkflow,
  searchTextOf,
  type Actor,
  type EmbarquesDeps,
} from './embarques.workflow';

type Staff = Extract<Actor, { kind: 'staff' }>;

/** The refusal of each guard of EMBARQUE_STEP_GUARDS, naming both steps. */
const GUARD_ERRORS = {
  pedimento: 'EMBARQUE_PEDIMENTO_MISSING',
  customs_covered: 'EMBARQUE_CUSTOMS_NOT_COVERED',
  semaforo: 'EMBARQUE_SEMAFORO_MISSING',
  balance_zero: 'EMBARQUE_BALANCE_NOT_ZERO',
  invoices_issued: 'EMBARQUE_INVOICES_PENDING',
} as const satisfies Record<StepGuard, string>;

/** How many organizations, or products, a picker offers at once. */
const PICKED = 20;

const taken = (number: string, holder: EmbarqueRow) =>
  new AppError('EMBARQUE_PEDIMENTO_TAKEN', {
    number: formatPedimento(number),
    reference: embarqueReference(holder.number),
  });

/**
 * The embarques console (`/staff/embarques`): staff open an embarque for a merchant and run it.
 * Every action locks the embarque, so two staff acting at once meet one after the other (the
 * second reads what the first did: a step already moved is refused, money moves once), and is
 * an event of the merchant's timeline and an entry of the staff audit log.
 */
export class StaffEmbarquesService {
  private readonly workflow: EmbarqueWorkflow;
  private readonly payments: EmbarquePayments;

  constructor(deps: EmbarquesDeps) {
    this.workflow = new EmbarqueWorkflow(deps);
    this.payments = new EmbarquePayments(this.workflow);
  }

  async list(
    query: StaffEmbarquesQuery,
  ): Promise<{ data: StaffEmbarqueSummary[]; meta: PageMeta }> {
    const { rows, total } = await repository.listAll(this.workflow.deps.db, query);
    const names = await this.workflow.deps.accounts.organizationNames(
      rows.map((row) => row.organizationId),
    );
    return {
      data: rows.map((row) => ({
        ...presentSummary(row),
        organization: { id: row.organizationId, name: names.get(row.organizationId) ?? '' },
      })),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  async organizations(search: string | undefined) {
    const found = await this.workflow.deps.accounts.searchOrganizations(search ?? '', [], PICKED);
    return found.map((organization) => ({ id: organization.id, name: organization.company }));
  }

  /** The organization's products found by `search`, with each one's tariff code, for a line. */
  async products(organizationId: string, search: string | undefined) {
    const { products } = this.workflow.deps;
    const page = await products.list(organizationId, {
      search,
      page: 1,
      pageSize: PICKED,
      sort: 'name',
    });
    const views = await products.getMany(
      organizationId,
      page.data.map((product) => product.id),
    );
    return views.map((product) => ({
      id: product.id,
      name: product.name,
      sku: product.variants[0]?.sku ?? null,
      tariff_code: product.tariff_code?.length === 10 ? product.tariff_code : null,
    }));
  }

  async get(id: string): Promise<StaffEmbarque> {
    const row = await repository.findEmbarqueAnywhere(this.workflow.deps.db, id);
    if (!row) throw notFound();
    return this.view(row);
  }

  async create(staffUserId: string, input: EmbarqueCreate): Promise<StaffEmbarque> {
    const { db, clock, accounts, ledger } = this.workflow.deps;
    const names = await accounts.organizationNames([input.organization_id]);
    if (!names.has(input.organization_id)) throw notFound();
    await ledger.prepareAccounts(input.organization_id);
    const lines = await this.workflow.checkedLines(input.organization_id, input.lines);
    const actor: Staff = { kind: 'staff', userId: staffUserId, action: 'embarque.create' };
    const row = await db.transaction(async (tx) => {
      const now = clock.now();
      const created = await repository.insertEmbarque(tx, {
        organizationId: input.organization_id,
        ...detailsOf(input),
        step: 'origin',
        moneyState: 'not_requested',
        balance: 0,
        pending: 0,
        searchText: '',
        createdBy: staffUserId,
        createdAt: now,
        updatedAt: now,
      });
      const row = await repository.updateEmbarque(tx, created, {
        searchText: searchTextOf(created),
      });
      await repository.replaceLines(
        tx,
        row,
        lines.map((line) => ({ ...line, embarqueId: row.id })),
      );
      await this.workflow.record(tx, row, actor, 'created', { step: 'origin' });
      await this.workflow.audit(tx, actor, row, null, {
        reference: embarqueReference(row.number),
        lines: lines.length,
      });
      await this.workflow.notify(tx, row, {
        code: 'embarque_opened',
        params: { reference: embarqueReference(row.number) },
      });
      return row;
    });
    return this.view(row);
  }

  update(id: string, staffUserId: string, input: EmbarqueUpdate) {
    return this.act(id, staffUserId, 'embarque.update', async (tx, row, actor) => {
      assertOpen(row);
      const merged = { ...row, ...detailsOf({ ...inputOf(row), ...input }) };
      await repository.updateEmbarque(tx, row, {
        ...detailsOf({ ...inputOf(row), ...input }),
        searchText: searchTextOf(merged),
      });
      await this.workflow.record(tx, row, actor, 'details_updated');
      return { before: inputOf(row), after: input };
    });
  }

  async setLines(id: string, staffUserId: string, input: EmbarqueLines) {
    const found = await repository.findEmbarqueAnywhere(this.workflow.deps.db, id);
    if (!found) throw notFound();
    const lines = await this.workflow.checkedLines(found.organizationId, input.lines);
    return this.act(id, staffUserId, 'embarque.lines', async (tx, row, actor) => {
      assertOpen(row);
      const before = (await repository.linesOf(tx, row)).length;
      await repository.replaceLines(
        tx,
        row,
        lines.map((line) => ({ ...line, embarqueId: row.id })),
      );
      await this.workflow.record(tx, row, actor, 'lines_updated', { lines: lines.length });
      return { before: { lines: before }, after: { lines: lines.length } };
    });
  }

  /**
   * A physical move, only as EMBARQUE_TRANSITIONS allows (409 EMBARQUE_STEP_REFUSED), and only
   * when the target's guards hold (422, the first that fails). The merchant is told.
   */
  moveStep(id: string, staffUserId: string, input: EmbarqueStepMove) {
    return this.act(id, staffUserId, 'embarque.step', async (tx, row, actor) => {
      const from = row.step;
      const to = input.to;
      if (!canMoveStep(from, to)) throw new AppError('EMBARQUE_STEP_REFUSED', { from, to });
      const { account } = await this.workflow.account(tx, row);
      const failed = failedGuards(to, {
        pedimento: row.pedimento,
        semaforo: row.semaforo,
        account,
      });
      if (failed[0]) throw new AppError(GUARD_ERRORS[failed[0]], { from, to });
      await repository.updateEmbarque(tx, row, { step: to });
      await this.workflow.record(tx, row, actor, 'step', { from, to }, input.note ?? null);
      await this.workflow.notify(tx, row, {
        code: 'embarque_step',
        params: { reference: embarqueReference(row.number), step: to },
      });
      await this.workflow.deps.events.emit(
        tx,
        row.organizationId,
        'embarque.step_changed',
        { embarque_id: row.id, step: to, previous_step: from },
        `embarque:${row.id}`,
      );
      return {
        before: { step: from },
        after: { step: to, ...(input.note ? { note: input.note } : {}) },
      };
    });
  }

  /** The number names one declaration: another embarque's is EMBARQUE_PEDIMENTO_TAKEN. */
  async recordPedimento(id: string, staffUserId: string, number: string) {
    try {
      return await this.act(id, staffUserId, 'embarque.pedimento', async (tx, row, actor) => {
        assertOpen(row);
        const holder = await repository.findByPedimento(tx, number);
        if (holder && holder.id !== row.id) throw taken(number, holder);
        await repository.updateEmbarque(tx, row, {
          pedimento: number,
          searchText: searchTextOf({ ...row, pedimento: number }),
        });
        await this.workflow.record(tx, row, actor, 'pedimento_recorded', {
          number: formatPedimento(number),
        });
        return { before: { pedimento: row.pedimento }, after: { pedimento: number } };
      });
    } catch (error) {
      // Recorded on another embarque at the same instant.
      if (!isUniqueViolation(error, 'embarques_pedimento')) throw error;
      const holder = await repository.findByPedimento(this.workflow.deps.db, number);
      throw holder ? taken(number, holder) : error;
    }
  }

  /** Green releases the goods; red is followed by a reconocimiento aduanero. */
  recordSemaforo(id: string, staffUserId: string, input: EmbarqueSemaforo) {
    return this.act(id, staffUserId, 'embarque.semaforo', async (tx, row, actor) => {
      assertOpen(row);
      if (!row.pedimento) throw new AppError('EMBARQUE_SEMAFORO_NEEDS_PEDIMENTO');
      await repository.updateEmbarque(tx, row, { semaforo: input.result });
      const note = input.note ?? null;
      await this.workflow.record(tx, row, actor, 'semaforo', { result: input.result }, note);
      if (input.result === 'red') await this.workflow.record(tx, row, actor, 'reconocimiento');
      await this.workflow.notify(tx, row, {
        code: 'embarque_semaforo',
        params: { reference: embarqueReference(row.number), result: input.result },
      });
      return { before: { semaforo: row.semaforo }, after: { semaforo: input.result } };
    });
  }

  /** The embarque's organization, which a staff upload is stored under (404 when absent). */
  async organizationOf(id: string): Promise<string> {
    const row = await repository.findEmbarqueAnywhere(this.workflow.deps.db, id);
    if (!row) throw notFound();
    return row.organizationId;
  }

  uploadDocument(
    id: string,
    staffUserId: string,
    form: ReceivedForm,
    language: Language,
  ): Promise<EmbarqueDocument> {
    const { db, files } = this.workflow.deps;
    const uploader: Staff = {
      kind: 'staff',
      userId: staffUserId,
      action: 'embarque.document_upload',
    };
    return withUpload(files, form, uploader, language, (kind, file) =>
      db.transaction(async (tx) => {
        const row = await repository.findEmbarqueAnywhere(tx, id, true);
        if (!row) throw notFound();
        return addDocument(this.workflow, tx, row, uploader, kind, file);
      }),
    );
  }

  async document(id: string, documentId: string): Promise<StoredFile> {
    const row = await repository.findEmbarqueAnywhere(this.workflow.deps.db, id);
    return documentFile(this.workflow, row, documentId);
  }

  /**
   * The document leaves the embarque in the action's transaction; its stored file only once that
   * committed, so a rolled-back delete never loses the bytes.
   */
  async deleteDocument(id: string, documentId: string, staffUserId: string): Promise<void> {
    let removed: StoredFile | undefined;
    await this.act(id, staffUserId, 'embarque.document_delete', async (tx, row, actor) => {
      assertOpen(row);
      const document = await repository.findDocument(tx, row, documentId);
      if (!document) throw notFound();
      const file = await this.workflow.deps.files.find(row.organizationId, document.fileId, tx);
      await repository.deleteDocument(tx, document);
      const params = { kind: document.kind, name: file.originalName };
      await this.workflow.record(tx, row, actor, 'document_removed', params);
      removed = file;
      return { before: { document_id: document.id, ...params }, after: {} };
    });
    await this.workflow.deps.files.remove(removed!);
  }

  requestPayment(id: string, staffUserId: string, input: PaymentRequestCreate) {
    return this.act(id, staffUserId, 'embarque.request_payment', async (tx, row, actor) => {
      const request = await this.payments.request(tx, row, actor, input);
      return { before: null, after: { payment_request_id: request.id, ...input } };
    });
  }

  cancelPayment(id: string, paymentId: string, staffUserId: string) {
    return this.act(id, staffUserId, 'embarque.cancel_payment', async (tx, row, actor) => {
      const request = await repository.findPaymentRequest(tx, row, paymentId);
      if (!request) throw notFound();
      await this.payments.cancel(tx, row, request, actor);
      return { before: { status: request.status }, after: { status: 'cancelled' } };
    });
  }

  /** Replaces the cuenta de gastos; the balance follows (advance paid minus these). */
  setExpenses(id: string, staffUserId: string, input: EmbarqueExpenses) {
    return this.act(id, staffUserId, 'embarque.expenses', async (tx, row, actor) => {
      assertOpen(row);
      const total = input.expenses.reduce((sum, expense) => sum + expense.amount_centavos, 0);
      const before = (await repository.expensesOf(tx, row)).reduce((sum, e) => sum + e.amount, 0);
      await repository.replaceExpenses(
        tx,
        row,
        input.expenses.map((expense, position) => ({
          organizationId: row.organizationId,
          embarqueId: row.id,
          position,
          concept: expense.concept,
          description: expense.description ?? null,
          amount: expense.amount_centavos,
        })),
      );
      await this.workflow.record(tx, row, actor, 'expenses_recorded', { total_centavos: total });
      return { before: { total_centavos: before }, after: { total_centavos: total } };
    });
  }

  settle(id: string, staffUserId: string, language: Language) {
    return this.act(id, staffUserId, 'embarque.settle', async (tx, row, actor) => {
      const settled = await this.payments.settle(tx, row, actor, language);
      return {
        before: { balance_centavos: row.balance },
        after: { refunded_centavos: settled.refunded, requested_centavos: settled.requested },
      };
    });
  }

  recordSupplierPayment(id: string, staffUserId: string, input: SupplierPaymentCreate) {
    return this.act(id, staffUserId, 'embarque.supplier_payment', async (tx, row, actor) => {
      assertOpen(row);
      await repository.insertSupplierPayment(tx, {
        organizationId: row.organizationId,
        embarqueId: row.id,
        amountCents: input.amount_cents,
        currency: input.currency,
        paidOn: input.paid_on,
        reference: input.reference,
        recordedBy: actor.userId,
        createdAt: this.workflow.deps.clock.now(),
      });
      await this.workflow.record(tx, row, actor, 'supplier_payment', {
        amount_cents: input.amount_cents,
        currency: input.currency,
        reference: input.reference,
      });
      return { before: null, after: { ...input } };
    });
  }

  invoice(id: string, staffUserId: string) {
    return this.act(id, staffUserId, 'embarque.invoice', async (tx, row, actor) => {
      const folios = await this.payments.invoice(tx, row, actor);
      return { before: null, after: { invoices: folios } };
    });
  }

  /**
   * One staff action: the embarque locked (404 when absent), `change` run, the money axis and
   * the last change recomputed, the action in the staff audit log with what it changed.
   */
  private async act(
    id: string,
    staffUserId: string,
    action: AuditAction,
    change: (
      tx: DbOrTx,
      row: EmbarqueRow,
      actor: Staff,
    ) => Promise<{ before: Record<string, unknown> | null; after: Record<string, unknown> }>,
  ): Promise<StaffEmbarque> {
    const { db, ledger } = this.workflow.deps;
    const found = await repository.findEmbarqueAnywhere(db, id);
    if (!found) throw notFound();
    await ledger.prepareAccounts(found.organizationId);
    const actor: Staff = { kind: 'staff', userId: staffUserId, action };
    const updated = await db.transaction(async (tx) => {
      const row = await repository.findEmbarqueAnywhere(tx, id, true);
      if (!row) throw notFound();
      const { before, after } = await change(tx, row, actor);
      const refreshed = await this.workflow.refresh(tx, row);
      await this.workflow.audit(tx, actor, row, before, after);
      return refreshed;
    });
    return this.view(updated);
  }

  private async view(row: EmbarqueRow): Promise<StaffEmbarque> {
    const names = await this.workflow.deps.accounts.organizationNames([row.organizationId]);
    return {
      ...(await this.workflow.view(row)),
      organization: { id: row.organizationId, name: names.get(row.organizationId) ?? '' },
    };
  }
}

/** The header's columns from the header's fields. */
function detailsOf(input: Omit<EmbarqueCreate, 'organization_id' | 'lines'>) {
  return {
    direction: input.direction,
    mode: input.mode,
    incoterm: input.incoterm,
    supplierName: input.supplier.name,
    supplierCountry: input.supplier.country,
    originCountry: input.origin.country,
    originPlace: input.origin.place,
    destinationCountry: input.destination.country,
    destinationPlace: input.destination.place,
    customerReference: input.customer_reference ?? null,
    notes: input.notes ?? null,
  };
}

/** The header's fields as stored, which a partial update completes. */
function inputOf(row: EmbarqueRow): Omit<EmbarqueCreate, 'organization_id' | 'lines'> {
  return {
    direction: row.direction,
    mode: row.mode,
    incoterm: row.incoterm,
    supplier: { name: row.supplierName, country: row.supplierCountry },
    origin: { country: row.originCountry, place: row.originPlace },
    destination: { country: row.destinationCountry, place: row.destinationPlace },
    customer_reference: row.customerReference ?? undefined,
    notes: row.notes ?? undefined,
  };
}
