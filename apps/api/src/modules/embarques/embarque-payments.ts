import {
  embarqueReference,
  splitVat,
  type Language,
  type PaymentRequest,
  type PaymentRequestCreate,
} from '@despacho/domain';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Line } from '../wallet';
import * as repository from './embarques.repository';
import type { EmbarqueRow, PaymentRequestRow } from './embarques.repository';
import { assertOpen, type Actor, type EmbarqueWorkflow } from './embarques.workflow';

type Staff = Extract<Actor, { kind: 'staff' }>;

/** What the difference of a cuenta de gastos is called when it is asked of the merchant. */
const SHORTFALL_CONCEPT: Record<Language, string> = {
  es: 'Diferencia de la cuenta de gastos',
  en: 'Expense account difference',
};

/**
 * The ledger's idempotency keys: a request is paid once under its own id whoever clicks; a
 * refund of an advance is keyed by what was refunded of it before, so each settlement moves
 * once and a later one (after more expenses changed) gets a key of its own.
 */
const payKey = (request: PaymentRequestRow) => `embarque-payment:${request.id}`;
const refundKey = (request: PaymentRequestRow) =>
  `embarque-refund:${request.id}:${request.refunded}`;

/**
 * Where a payment goes: an advance to `customs_payable` (held for the duties and third-party
 * expenses paid on the merchant's behalf); a service charge to revenue and its VAT.
 */
function linesOf(request: PaymentRequestRow): Line[] {
  if (request.kind === 'advance') return [{ account: 'customs_payable', amount: request.amount }];
  const { subtotal, vat } = splitVat(request.amount);
  return [
    { account: 'revenue' as const, amount: subtotal },
    { account: 'vat_payable' as const, amount: vat },
  ].filter((line) => line.amount > 0);
}

export function paymentView(request: PaymentRequestRow): PaymentRequest {
  return {
    id: request.id,
    kind: request.kind,
    concept: request.concept,
    amount_centavos: request.amount,
    status: request.status,
    refunded_centavos: request.refunded,
    invoice_id: request.invoiceId,
    requested_at: request.requestedAt.toISOString(),
    paid_at: request.paidAt?.toISOString() ?? null,
  };
}

/**
 * An embarque's money, only through the wallet's ledger: requests the merchant pays from the
 * balance, the reconciliation of the advance with the cuenta de gastos (a surplus refunded, a
 * shortfall asked), and the CFDI of the services through billing. Every method runs in the
 * caller's transaction with the embarque locked, and ends with the money axis recomputed.
 */
export class EmbarquePayments {
  constructor(private readonly workflow: EmbarqueWorkflow) {}

  async request(
    tx: DbOrTx,
    row: EmbarqueRow,
    actor: Staff,
    input: PaymentRequestCreate,
  ): Promise<PaymentRequestRow> {
    assertOpen(row);
    const request = await repository.insertPaymentRequest(tx, {
      organizationId: row.organizationId,
      embarqueId: row.id,
      kind: input.kind,
      concept: input.concept,
      amount: input.amount_centavos,
      status: 'pending',
      requestedBy: actor.userId,
      requestedAt: this.workflow.deps.clock.now(),
    });
    const params = {
      kind: request.kind,
      concept: request.concept,
      amount_centavos: request.amount,
    };
    await this.workflow.record(tx, row, actor, 'payment_requested', params);
    await this.workflow.notify(tx, row, {
      code: 'embarque_payment_requested',
      params: {
        reference: embarqueReference(row.number),
        concept: request.concept,
        amount_centavos: request.amount,
      },
    });
    await this.workflow.refresh(tx, row);
    return request;
  }

  /** The merchant pays a pending request from the balance: one debit of the ledger. */
  async pay(
    tx: DbOrTx,
    row: EmbarqueRow,
    request: PaymentRequestRow,
    payer: { userId: string; idempotencyKey: string },
  ): Promise<{ payment_request: PaymentRequest; available_centavos: number }> {
    if (request.status !== 'pending') throw new AppError('EMBARQUE_PAYMENT_NOT_PENDING');
    assertOpen(row);
    const reference = embarqueReference(row.number);
    const debited = await this.workflow.deps.ledger.debit(
      {
        organizationId: row.organizationId,
        idempotencyKey: payKey(request),
        kind: 'embarque',
        reference: { type: 'embarque_payment_request', id: request.id },
        description: { code: 'embarque_payment', params: { reference, concept: request.concept } },
        lines: linesOf(request),
      },
      tx,
    );
    const paid = await repository.updatePaymentRequest(tx, request, {
      status: 'paid',
      ledgerTransactionId: debited.transactionId,
      payKey: payer.idempotencyKey,
      paidBy: payer.userId,
      paidAt: this.workflow.deps.clock.now(),
    });
    await this.workflow.record(
      tx,
      row,
      { kind: 'merchant', userId: payer.userId },
      'payment_paid',
      {
        kind: paid.kind,
        concept: paid.concept,
        amount_centavos: paid.amount,
      },
    );
    await this.workflow.refresh(tx, row);
    return { payment_request: paymentView(paid), available_centavos: debited.walletBalance };
  }

  async cancel(tx: DbOrTx, row: EmbarqueRow, request: PaymentRequestRow, actor: Staff) {
    assertOpen(row);
    if (request.status !== 'pending') throw new AppError('EMBARQUE_PAYMENT_NOT_PENDING');
    await repository.updatePaymentRequest(tx, request, { status: 'cancelled' });
    await this.workflow.record(tx, row, actor, 'payment_cancelled', {
      kind: request.kind,
      concept: request.concept,
      amount_centavos: request.amount,
    });
    await this.workflow.refresh(tx, row);
  }

  /**
   * Reconciles the advance with the cuenta de gastos. A surplus goes back to the balance as
   * refunds of the advances, newest first; a shortfall not yet asked becomes an advance request
   * for it. EMBARQUE_NOTHING_TO_SETTLE when neither is left, which is what a second staff member
   * settling at the same time finds once the first commits.
   */
  async settle(
    tx: DbOrTx,
    row: EmbarqueRow,
    actor: Staff,
    language: Language,
  ): Promise<{ refunded: number; requested: number }> {
    assertOpen(row);
    const { requests, account } = await this.workflow.account(tx, row);
    const pendingAdvance = requests
      .filter((request) => request.kind === 'advance' && request.status === 'pending')
      .reduce((sum, request) => sum + request.amount, 0);
    if (account.balance_centavos > 0) {
      const refunded = await this.refund(tx, row, requests, account.balance_centavos);
      return { refunded, requested: 0 };
    }
    const shortfall = -account.balance_centavos - pendingAdvance;
    if (shortfall <= 0) throw new AppError('EMBARQUE_NOTHING_TO_SETTLE');
    await this.request(tx, row, actor, {
      kind: 'advance',
      concept: SHORTFALL_CONCEPT[language],
      amount_centavos: shortfall,
    });
    return { refunded: 0, requested: shortfall };
  }

  private async refund(
    tx: DbOrTx,
    row: EmbarqueRow,
    requests: PaymentRequestRow[],
    surplus: number,
  ): Promise<number> {
    const reference = embarqueReference(row.number);
    const advances = requests
      .filter((request) => request.kind === 'advance' && request.status === 'paid')
      .reverse();
    let left = surplus;
    for (const request of advances) {
      const amount = Math.min(left, request.amount - request.refunded);
      if (amount <= 0) continue;
      await this.workflow.deps.ledger.refund(
        {
          organizationId: row.organizationId,
          idempotencyKey: refundKey(request),
          kind: 'refund',
          reference: { type: 'embarque_payment_request', id: request.id },
          description: { code: 'embarque_refund', params: { reference } },
          transactionId: request.ledgerTransactionId!,
          lines: [{ account: 'customs_payable', amount }],
        },
        tx,
      );
      await repository.updatePaymentRequest(tx, request, { refunded: request.refunded + amount });
      left -= amount;
      if (left === 0) break;
    }
    const refunded = surplus - left;
    await this.workflow.record(tx, row, { kind: 'system' }, 'balance_refunded', {
      amount_centavos: refunded,
    });
    await this.workflow.notify(tx, row, {
      code: 'embarque_refunded',
      params: { reference, amount_centavos: refunded },
    });
    await this.workflow.refresh(tx, row);
    return refunded;
  }

  /**
   * The CFDI of every service charge paid and not yet invoiced, one per charge, through
   * billing (EMBARQUE_NOTHING_TO_INVOICE when there is none).
   */
  async invoice(tx: DbOrTx, row: EmbarqueRow, actor: Staff): Promise<string[]> {
    const requests = await repository.paymentRequestsOf(tx, row);
    const due = requests.filter(
      (request) => request.kind === 'service' && request.status === 'paid' && !request.invoiceId,
    );
    if (due.length === 0) throw new AppError('EMBARQUE_NOTHING_TO_INVOICE');
    const folios: string[] = [];
    for (const request of due) {
      const invoice = await this.workflow.deps.billing.invoiceService(tx, {
        organizationId: row.organizationId,
        ledgerTransactionId: request.ledgerTransactionId!,
        totalCentavos: request.amount,
        triggeredBy: actor.userId,
      });
      await repository.updatePaymentRequest(tx, request, { invoiceId: invoice.id });
      await this.workflow.record(tx, row, actor, 'invoice_issued', {
        folio_label: invoice.folio_label,
        total_centavos: invoice.total_centavos,
      });
      await this.workflow.notify(tx, row, {
        code: 'embarque_invoiced',
        params: { reference: embarqueReference(row.number), folio: invoice.folio_label },
      });
      folios.push(invoice.folio_label);
    }
    await this.workflow.refresh(tx, row);
    return folios;
  }
}
