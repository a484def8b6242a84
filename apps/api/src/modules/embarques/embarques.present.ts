import {
  EMBARQUE_TRANSITIONS,
  embarqueAccount,
  embarqueReference,
  failedGuards,
  formatPedimento,
  type Embarque,
  type EmbarqueAccount,
  type EmbarqueSummary,
  type InvoiceView,
} from '@despacho/domain';
import type { StoredFile } from '../../platform/files';
import type {
  DocumentRow,
  EmbarqueRow,
  EventRow,
  ExpenseRow,
  LineRow,
  PaymentRequestRow,
  SupplierPaymentRow,
} from './embarques.repository';

/** Everything an embarque's page shows, as read in one go. */
export interface EmbarqueRecords {
  lines: LineRow[];
  documents: { row: DocumentRow; file: StoredFile | undefined }[];
  requests: PaymentRequestRow[];
  expenses: ExpenseRow[];
  supplierPayments: SupplierPaymentRow[];
  events: EventRow[];
  invoices: InvoiceView[];
  /** Names of the users the timeline cites. */
  names: Map<string, string>;
}

/** The account's sums from the rows (the money axis is `moneyState` of it). */
export function accountOf(requests: PaymentRequestRow[], expenses: ExpenseRow[]): EmbarqueAccount {
  return embarqueAccount({
    requests: requests.map((request) => ({
      kind: request.kind,
      status: request.status,
      amount_centavos: request.amount,
    })),
    refunded_centavos: requests.reduce((sum, request) => sum + request.refunded, 0),
    invoiced_centavos: requests
      .filter((request) => request.invoiceId !== null)
      .reduce((sum, request) => sum + request.amount, 0),
    expenses: expenses.map((expense) => ({
      concept: expense.concept,
      amount_centavos: expense.amount,
    })),
  });
}

export function presentSummary(row: EmbarqueRow): EmbarqueSummary {
  return {
    id: row.id,
    number: row.number,
    reference: embarqueReference(row.number),
    direction: row.direction,
    mode: row.mode,
    incoterm: row.incoterm,
    supplier: { name: row.supplierName, country: row.supplierCountry },
    origin: { country: row.originCountry, place: row.originPlace },
    destination: { country: row.destinationCountry, place: row.destinationPlace },
    customer_reference: row.customerReference,
    step: row.step,
    money_state: row.moneyState,
    pedimento: row.pedimento
      ? { number: row.pedimento, formatted: formatPedimento(row.pedimento) }
      : null,
    semaforo: row.semaforo,
    balance_centavos: row.balance,
    pending_centavos: row.pending,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const milli = (value: number) => value / 1000;

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** A stored document's content type (PDF, JPEG or PNG, as sniffed when uploaded). */
export const contentTypeOf = (file: StoredFile | undefined) =>
  CONTENT_TYPES[file?.kind ?? ''] ?? 'application/octet-stream';

export function present(row: EmbarqueRow, records: EmbarqueRecords): Embarque {
  const account = accountOf(records.requests, records.expenses);
  const facts = { pedimento: row.pedimento, semaforo: row.semaforo, account };
  return {
    ...presentSummary(row),
    notes: row.notes,
    lines: records.lines.map((line) => ({
      id: line.id,
      product: { id: line.productId, name: line.productName, sku: line.productSku },
      code: line.fraction + line.nico,
      fraction: line.fraction,
      nico: line.nico,
      tariff_description: line.tariffDescription,
      customs_unit: { code: line.umt, name: line.umtName },
      commercial_quantity: milli(line.commercialQuantityMilli),
      commercial_unit: line.commercialUnit,
      customs_quantity: milli(line.customsQuantityMilli),
      value_cents: line.valueCents,
      currency: line.currency,
      origin_country: line.originCountry,
      validated_on: line.validatedOn,
    })),
    documents: records.documents.map(({ row: document, file }) => ({
      id: document.id,
      kind: document.kind,
      name: file?.originalName ?? '',
      content_type: contentTypeOf(file),
      size: file?.size ?? 0,
      uploaded_by: document.uploaderKind,
      created_at: document.createdAt.toISOString(),
    })),
    payment_requests: records.requests.map((request) => ({
      id: request.id,
      kind: request.kind,
      concept: request.concept,
      amount_centavos: request.amount,
      status: request.status,
      refunded_centavos: request.refunded,
      invoice_id: request.invoiceId,
      requested_at: request.requestedAt.toISOString(),
      paid_at: request.paidAt?.toISOString() ?? null,
    })),
    expenses: records.expenses.map((expense) => ({
      id: expense.id,
      concept: expense.concept,
      description: expense.description,
      amount_centavos: expense.amount,
    })),
    supplier_payments: records.supplierPayments.map((payment) => ({
      id: payment.id,
      amount_cents: payment.amountCents,
      currency: payment.currency,
      paid_on: payment.paidOn,
      reference: payment.reference,
      created_at: payment.createdAt.toISOString(),
    })),
    invoices: records.invoices.map((invoice) => ({
      id: invoice.id,
      folio_label: invoice.folio_label,
      status: invoice.status,
      total_centavos: invoice.total_centavos,
      vat_centavos: invoice.vat_centavos,
      uuid: invoice.uuid,
      created_at: invoice.created_at,
    })),
    account,
    timeline: records.events.map((event) => ({
      id: event.id,
      kind: event.kind,
      params: event.params,
      note: event.note,
      actor: {
        kind: event.actorKind,
        name: event.actorId ? (records.names.get(event.actorId) ?? '') : 'Despacho',
      },
      at: event.createdAt.toISOString(),
    })),
    next_steps: EMBARQUE_TRANSITIONS[row.step].map((step) => ({
      step,
      blocked_by: failedGuards(step, facts),
    })),
  };
}
