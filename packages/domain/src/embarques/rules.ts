import type { Language } from '../language';

/**
 * Embarques (issue 25; spec §2 my-shipments, §4 "Embarque operation steps"): an import or export
 * operation that platform staff run for a merchant through a customs broker. Money is integer
 * centavos of MXN unless a field names its currency (a line's value, a supplier payment).
 */
export const EMBARQUE_RULES = {
  linesMax: 200,
  expensesMax: 100,
  documentsMax: 50,
  /**
   * Each document: PDF, JPEG or PNG (type read from its content), at most 1 MB (spec §5), the
   * same limit as every other upload of the platform.
   */
  documentMaxBytes: 1024 * 1024,
  documentField: 'file',
  textMax: 200,
  placeMax: 120,
  noteMax: 1000,
  conceptMax: 200,
  referenceMax: 100,
  /** 100,000,000.00 MXN: above any single operation the platform runs. */
  amountMaxCentavos: 10_000_000_000,
  quantityMax: 1_000_000_000,
} as const;

export const EMBARQUE_DIRECTIONS = ['import', 'export'] as const;
export type EmbarqueDirection = (typeof EMBARQUE_DIRECTIONS)[number];

/** Incoterms 2020 (ICC): the seller's and buyer's share of costs and risk. */
export const INCOTERMS = [
  'EXW',
  'FCA',
  'CPT',
  'CIP',
  'DAP',
  'DPU',
  'DDP',
  'FAS',
  'FOB',
  'CFR',
  'CIF',
] as const;
export type Incoterm = (typeof INCOTERMS)[number];

export const TRANSPORT_MODES = ['sea', 'air', 'land', 'courier'] as const;
export type TransportMode = (typeof TRANSPORT_MODES)[number];

/**
 * The physical milestones (one axis): at the supplier (origin), travelling to the border
 * (in_transit), at the customs office (customs), the broker's prior inspection of the goods
 * (previous, "previo"), cleared and released (dispatch, "despacho"), delivered to the merchant
 * (delivered), closed; or cancelled before the goods are cleared.
 */
export const EMBARQUE_STEPS = [
  'origin',
  'in_transit',
  'customs',
  'previous',
  'dispatch',
  'delivered',
  'closed',
  'cancelled',
] as const;
export type EmbarqueStep = (typeof EMBARQUE_STEPS)[number];

/** Steps where the embarque takes no more changes. */
export const EMBARQUE_FINAL_STEPS = ['closed', 'cancelled'] as const satisfies EmbarqueStep[];
export const isFinalStep = (step: EmbarqueStep) =>
  (EMBARQUE_FINAL_STEPS as readonly EmbarqueStep[]).includes(step);

/**
 * The allowed moves, and only these. A land or courier shipment may reach customs straight from
 * origin; the prior inspection is optional and may send the goods back to customs (a document
 * to correct before paying). Cancelling is possible until the goods are cleared.
 */
export const EMBARQUE_TRANSITIONS: Readonly<Record<EmbarqueStep, readonly EmbarqueStep[]>> = {
  origin: ['in_transit', 'customs', 'cancelled'],
  in_transit: ['customs', 'cancelled'],
  customs: ['previous', 'dispatch', 'cancelled'],
  previous: ['customs', 'dispatch', 'cancelled'],
  dispatch: ['delivered'],
  delivered: ['closed'],
  closed: [],
  cancelled: [],
};

export const canMoveStep = (from: EmbarqueStep, to: EmbarqueStep): boolean =>
  EMBARQUE_TRANSITIONS[from].includes(to);

/**
 * What must hold before entering a step, beyond the transition itself:
 * - dispatch: the pedimento number is recorded and the customs payment covered (every advance
 *   requested is paid, and what was paid covers the customs expenses recorded);
 * - delivered: the semáforo result is recorded;
 * - closed: the balance is zero (the advance reconciled with the cuenta de gastos, nothing owed
 *   either way, no request pending) and every service charge invoiced;
 * - cancelled: the balance is zero (whatever was paid and not spent was refunded).
 */
export const STEP_GUARDS = [
  'pedimento',
  'customs_covered',
  'semaforo',
  'balance_zero',
  'invoices_issued',
] as const;
export type StepGuard = (typeof STEP_GUARDS)[number];

export const EMBARQUE_STEP_GUARDS: Readonly<Partial<Record<EmbarqueStep, readonly StepGuard[]>>> = {
  dispatch: ['pedimento', 'customs_covered'],
  delivered: ['semaforo'],
  closed: ['balance_zero', 'invoices_issued'],
  cancelled: ['balance_zero'],
};

/** What the guards read of an embarque. */
export interface EmbarqueFacts {
  pedimento: string | null;
  semaforo: Semaforo | null;
  account: EmbarqueAccount;
}

export function guardHolds(guard: StepGuard, facts: EmbarqueFacts): boolean {
  switch (guard) {
    case 'pedimento':
      return facts.pedimento !== null;
    case 'customs_covered':
      return facts.account.customs_covered;
    case 'semaforo':
      return facts.semaforo !== null;
    case 'balance_zero':
      return facts.account.balance_centavos === 0 && facts.account.pending_centavos === 0;
    case 'invoices_issued':
      return facts.account.uninvoiced_centavos === 0;
  }
}

/** The guards of `to` that do not hold, in order: empty when the move may happen. */
export const failedGuards = (to: EmbarqueStep, facts: EmbarqueFacts): StepGuard[] =>
  (EMBARQUE_STEP_GUARDS[to] ?? []).filter((guard) => !guardHolds(guard, facts));

/** Each step as messages name it (the web's own labels live in its locales). */
export const EMBARQUE_STEP_LABELS: Readonly<
  Record<EmbarqueStep, Readonly<Record<Language, string>>>
> = {
  origin: { es: 'En origen', en: 'At origin' },
  in_transit: { es: 'En tránsito', en: 'In transit' },
  customs: { es: 'En aduana', en: 'At customs' },
  previous: { es: 'Previo', en: 'Prior inspection' },
  dispatch: { es: 'Despachado', en: 'Dispatched' },
  delivered: { es: 'Entregado', en: 'Delivered' },
  closed: { es: 'Cerrado', en: 'Closed' },
  cancelled: { es: 'Cancelado', en: 'Cancelled' },
};

// ——— Money ———

/**
 * What a payment request charges: an advance for duties and third-party expenses paid on the
 * merchant's behalf (held by the platform for them, reconciled with the cuenta de gastos), or
 * the platform's own service fee (its revenue, VAT included, invoiced with a CFDI).
 */
export const PAYMENT_REQUEST_KINDS = ['advance', 'service'] as const;
export type PaymentRequestKind = (typeof PAYMENT_REQUEST_KINDS)[number];

export const PAYMENT_REQUEST_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export type PaymentRequestStatus = (typeof PAYMENT_REQUEST_STATUSES)[number];

/**
 * The cuenta de gastos: what was spent on the merchant's behalf. IGI (import duties), DTA
 * (customs processing fee), IVA de importación, prevalidación, and the rest of the operation.
 */
export const EXPENSE_CONCEPTS = [
  'igi',
  'dta',
  'iva',
  'prevalidation',
  'freight',
  'insurance',
  'storage',
  'customs_broker',
  'other',
] as const;
export type ExpenseConcept = (typeof EXPENSE_CONCEPTS)[number];

/** Paid to customs with the pedimento: what the advance must cover before dispatch. */
export const CUSTOMS_EXPENSE_CONCEPTS = [
  'igi',
  'dta',
  'iva',
  'prevalidation',
] as const satisfies ExpenseConcept[];

/**
 * The money axis, read from the account (never set by hand):
 * - not_requested: nothing asked of the merchant yet;
 * - payment_requested ("request payment"): a request waits for the merchant;
 * - customer_paid ("customer payment"): every request paid, the cuenta de gastos not yet kept;
 * - pending_payment: the cuenta de gastos spent more than was paid, the difference not yet asked;
 * - billing: the cuenta de gastos is kept and a refund or an invoice is still due;
 * - invoiced: balance zero and every service charge invoiced.
 */
export const MONEY_STATES = [
  'not_requested',
  'payment_requested',
  'customer_paid',
  'pending_payment',
  'billing',
  'invoiced',
] as const;
export type MoneyState = (typeof MONEY_STATES)[number];

/** The embarque's account as both sides read it (centavos of MXN). */
export interface EmbarqueAccount {
  /** Requests not yet paid (advance and service). */
  pending_centavos: number;
  /** Advances paid, less what was refunded of them. */
  advance_paid_centavos: number;
  refunded_centavos: number;
  /** Service charges paid. */
  service_paid_centavos: number;
  /** Service charges paid and not yet invoiced. */
  uninvoiced_centavos: number;
  /** The cuenta de gastos: everything spent on the merchant's behalf. */
  expenses_centavos: number;
  customs_expenses_centavos: number;
  /** Advance paid minus expenses: positive is owed to the merchant, negative owed by them. */
  balance_centavos: number;
  /** Every advance requested is paid and covers the customs expenses recorded. */
  customs_covered: boolean;
}

export interface AccountInputs {
  requests: { kind: PaymentRequestKind; status: PaymentRequestStatus; amount_centavos: number }[];
  refunded_centavos: number;
  invoiced_centavos: number;
  expenses: { concept: ExpenseConcept; amount_centavos: number }[];
}

const total = (amounts: number[]) => amounts.reduce((sum, amount) => sum + amount, 0);

/** The sums of an embarque's account, from its requests, refunds, invoices and expenses. */
export function embarqueAccount(inputs: AccountInputs): EmbarqueAccount {
  const of = (kind: PaymentRequestKind, status: PaymentRequestStatus) =>
    total(
      inputs.requests
        .filter((request) => request.kind === kind && request.status === status)
        .map((request) => request.amount_centavos),
    );
  const advancePaid = of('advance', 'paid') - inputs.refunded_centavos;
  const servicePaid = of('service', 'paid');
  const expenses = total(inputs.expenses.map((expense) => expense.amount_centavos));
  const customs = total(
    inputs.expenses
      .filter((expense) => (CUSTOMS_EXPENSE_CONCEPTS as string[]).includes(expense.concept))
      .map((expense) => expense.amount_centavos),
  );
  const advancePending = of('advance', 'pending');
  return {
    pending_centavos: advancePending + of('service', 'pending'),
    advance_paid_centavos: advancePaid,
    refunded_centavos: inputs.refunded_centavos,
    service_paid_centavos: servicePaid,
    uninvoiced_centavos: servicePaid - inputs.invoiced_centavos,
    expenses_centavos: expenses,
    customs_expenses_centavos: customs,
    balance_centavos: advancePaid - expenses,
    customs_covered: advancePaid > 0 && advancePending === 0 && advancePaid >= customs,
  };
}

/** The money axis (MONEY_STATES) of an account. */
export function moneyState(account: EmbarqueAccount): MoneyState {
  if (account.pending_centavos > 0) return 'payment_requested';
  if (account.expenses_centavos === 0) {
    const paid = account.advance_paid_centavos + account.service_paid_centavos;
    return paid === 0 && account.refunded_centavos === 0 ? 'not_requested' : 'customer_paid';
  }
  if (account.balance_centavos < 0) return 'pending_payment';
  if (account.balance_centavos > 0 || account.uninvoiced_centavos > 0) return 'billing';
  return 'invoiced';
}

/**
 * The spec's names of the operation steps (§4), as this model places them: a physical step, a
 * money state, or an event of the timeline.
 */
export const SPEC_STEP_PLACES = {
  origin: { axis: 'step', value: 'origin' },
  customs: { axis: 'step', value: 'customs' },
  previous: { axis: 'step', value: 'previous' },
  customer_payment: { axis: 'money', value: 'customer_paid' },
  request_payment: { axis: 'money', value: 'payment_requested' },
  dispatch: { axis: 'step', value: 'dispatch' },
  in_transit: { axis: 'step', value: 'in_transit' },
  delivered: { axis: 'step', value: 'delivered' },
  billing: { axis: 'money', value: 'billing' },
  invoiced: { axis: 'money', value: 'invoiced' },
  pending_payment: { axis: 'money', value: 'pending_payment' },
  payment_to_supplier: { axis: 'event', value: 'supplier_payment' },
  closed: { axis: 'step', value: 'closed' },
} as const;

// ——— Customs ———

/** The semáforo fiscal: green, released; red, a reconocimiento aduanero (inspection) follows. */
export const SEMAFOROS = ['green', 'red'] as const;
export type Semaforo = (typeof SEMAFOROS)[number];

/**
 * A pedimento number (Anexo 22): 15 digits, YY (year of validation), AA (customs office), PPPP
 * (the broker's patente), NNNNNNN (consecutive, whose first digit is the year's last digit, or
 * the previous year's for a consolidated pedimento opened then). Spaces are allowed when typed.
 */
export function parsePedimento(text: string): string | null {
  const digits = text.replace(/\s+/g, '');
  if (!/^\d{15}$/.test(digits)) return null;
  const yearDigit = Number(digits[1]);
  const first = Number(digits[8]);
  return first === yearDigit || first === (yearDigit + 9) % 10 ? digits : null;
}

/** How a pedimento number is shown: `YY  AA  PPPP  NNNNNNN` (two spaces between the parts). */
export const formatPedimento = (digits: string): string =>
  [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8), digits.slice(8)].join('  ');

// ——— Documents ———

export const DOCUMENT_KINDS = [
  'commercial_invoice',
  'packing_list',
  'bill_of_lading',
  'pedimento',
  'cove',
  'doda',
  'proof_of_delivery',
  'invoice',
  'other',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** What the merchant may upload: the papers their supplier gives them. */
export const MERCHANT_DOCUMENT_KINDS = [
  'commercial_invoice',
  'packing_list',
] as const satisfies DocumentKind[];

export const DOCUMENT_KIND_LABELS: Readonly<
  Record<DocumentKind, Readonly<Record<Language, string>>>
> = {
  commercial_invoice: { es: 'Factura comercial', en: 'Commercial invoice' },
  packing_list: { es: 'Lista de empaque', en: 'Packing list' },
  bill_of_lading: { es: 'BL / guía aérea', en: 'BL / AWB' },
  pedimento: { es: 'Pedimento', en: 'Pedimento' },
  cove: { es: 'COVE', en: 'COVE' },
  doda: { es: 'DODA', en: 'DODA' },
  proof_of_delivery: { es: 'Prueba de entrega', en: 'Proof of delivery' },
  invoice: { es: 'Factura', en: 'Invoice' },
  other: { es: 'Otro', en: 'Other' },
};

// ——— Timeline ———

/**
 * What the timeline records: both axes merged, ordered by time. `params` of each event is
 * described in schemas.ts (`embarqueEventSchema`).
 */
export const EMBARQUE_EVENT_KINDS = [
  'created',
  'step',
  'details_updated',
  'lines_updated',
  'pedimento_recorded',
  'semaforo',
  'reconocimiento',
  'document_added',
  'document_removed',
  'payment_requested',
  'payment_cancelled',
  'payment_paid',
  'expenses_recorded',
  'balance_refunded',
  'supplier_payment',
  'invoice_issued',
] as const;
export type EmbarqueEventKind = (typeof EMBARQUE_EVENT_KINDS)[number];

/** An embarque's reference as both sides show it: `EMB-000042`. */
export const embarqueReference = (number: number) => `EMB-${String(number).padStart(6, '0')}`;
