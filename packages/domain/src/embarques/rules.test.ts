import { describe, expect, it } from 'vitest';
import {
  canMoveStep,
  EMBARQUE_STEPS,
  EMBARQUE_TRANSITIONS,
  embarqueAccount,
  failedGuards,
  formatPedimento,
  moneyState,
  parsePedimento,
  EMBARQUE_EVENT_KINDS,
  MONEY_STATES,
  SPEC_STEP_PLACES,
  type AccountInputs,
  type EmbarqueFacts,
} from './rules';
import { embarqueLineInputSchema, embarquePedimentoSchema } from './schemas';

const inputs = (over: Partial<AccountInputs> = {}): AccountInputs => ({
  requests: [],
  refunded_centavos: 0,
  invoiced_centavos: 0,
  expenses: [],
  ...over,
});

const facts = (over: Partial<EmbarqueFacts> = {}, account = inputs()): EmbarqueFacts => ({
  pedimento: null,
  semaforo: null,
  account: embarqueAccount(account),
  ...over,
});

describe('embarque steps', () => {
  it('allows only the moves of the table, and none out of a final step', () => {
    expect(canMoveStep('origin', 'in_transit')).toBe(true);
    expect(canMoveStep('customs', 'dispatch')).toBe(true);
    expect(canMoveStep('origin', 'dispatch')).toBe(false);
    expect(canMoveStep('dispatch', 'cancelled')).toBe(false);
    expect(canMoveStep('delivered', 'origin')).toBe(false);
    expect(EMBARQUE_TRANSITIONS.closed).toEqual([]);
    expect(EMBARQUE_TRANSITIONS.cancelled).toEqual([]);
    for (const step of EMBARQUE_STEPS) expect(canMoveStep(step, step)).toBe(false);
  });

  it('guards dispatch with the pedimento and the customs payment covered', () => {
    expect(failedGuards('dispatch', facts())).toEqual(['pedimento', 'customs_covered']);
    const paid = inputs({
      requests: [{ kind: 'advance', status: 'paid', amount_centavos: 50_000 }],
      expenses: [{ concept: 'igi', amount_centavos: 60_000 }],
    });
    // Paid less than the duties recorded: not covered.
    expect(failedGuards('dispatch', facts({ pedimento: '253916006000123' }, paid))).toEqual([
      'customs_covered',
    ]);
    const covered = { ...paid, expenses: [{ concept: 'igi' as const, amount_centavos: 50_000 }] };
    expect(failedGuards('dispatch', facts({ pedimento: '253916006000123' }, covered))).toEqual([]);
    // An advance still pending is not covered, whatever was paid before it.
    const pending = {
      ...covered,
      requests: [
        ...covered.requests,
        { kind: 'advance' as const, status: 'pending' as const, amount_centavos: 1 },
      ],
    };
    expect(failedGuards('dispatch', facts({ pedimento: '253916006000123' }, pending))).toEqual([
      'customs_covered',
    ]);
  });

  it('closes only with a zero balance and every service invoiced', () => {
    const refundOwed = inputs({
      requests: [
        { kind: 'advance', status: 'paid', amount_centavos: 100_000 },
        { kind: 'service', status: 'paid', amount_centavos: 11_600 },
      ],
      expenses: [{ concept: 'dta', amount_centavos: 80_000 }],
    });
    expect(failedGuards('closed', facts({}, refundOwed))).toEqual([
      'balance_zero',
      'invoices_issued',
    ]);
    const settled = { ...refundOwed, refunded_centavos: 20_000, invoiced_centavos: 11_600 };
    expect(failedGuards('closed', facts({}, settled))).toEqual([]);
    expect(failedGuards('delivered', facts())).toEqual(['semaforo']);
    expect(failedGuards('delivered', facts({ semaforo: 'red' }))).toEqual([]);
  });
});

describe('the spec’s operation steps', () => {
  it('places each of the spec’s steps on an axis of the model, or in the timeline', () => {
    const values = { step: EMBARQUE_STEPS, money: MONEY_STATES, event: EMBARQUE_EVENT_KINDS };
    for (const [name, place] of Object.entries(SPEC_STEP_PLACES)) {
      expect((values[place.axis] as readonly string[]).includes(place.value), name).toBe(true);
    }
    expect(Object.keys(SPEC_STEP_PLACES)).toHaveLength(13);
  });
});

describe('embarque account and money state', () => {
  it('reads each money state from the sums', () => {
    expect(moneyState(embarqueAccount(inputs()))).toBe('not_requested');
    const requested = inputs({
      requests: [{ kind: 'advance', status: 'pending', amount_centavos: 5 }],
    });
    expect(moneyState(embarqueAccount(requested))).toBe('payment_requested');
    const paid = inputs({ requests: [{ kind: 'advance', status: 'paid', amount_centavos: 100 }] });
    expect(moneyState(embarqueAccount(paid))).toBe('customer_paid');
    const short = { ...paid, expenses: [{ concept: 'iva' as const, amount_centavos: 130 }] };
    expect(embarqueAccount(short).balance_centavos).toBe(-30);
    expect(moneyState(embarqueAccount(short))).toBe('pending_payment');
    const surplus = { ...paid, expenses: [{ concept: 'iva' as const, amount_centavos: 70 }] };
    expect(moneyState(embarqueAccount(surplus))).toBe('billing');
    expect(moneyState(embarqueAccount({ ...surplus, refunded_centavos: 30 }))).toBe('invoiced');
  });

  it('leaves cancelled requests out of every sum', () => {
    const account = embarqueAccount(
      inputs({ requests: [{ kind: 'advance', status: 'cancelled', amount_centavos: 500 }] }),
    );
    expect(account.pending_centavos).toBe(0);
    expect(account.advance_paid_centavos).toBe(0);
  });
});

describe('pedimento numbers', () => {
  it('takes 15 digits, with or without spaces, and shows them in four groups', () => {
    expect(parsePedimento('25  39  1600  5001234')).toBe('253916005001234');
    expect(formatPedimento('253916005001234')).toBe('25  39  1600  5001234');
    expect(embarquePedimentoSchema.parse({ number: '25 39 1600 5001234' }).number).toBe(
      '253916005001234',
    );
  });

  it('refuses a wrong length, letters, or a consecutive of another year', () => {
    expect(parsePedimento('25391600500123')).toBeNull();
    expect(parsePedimento('2539160050012345')).toBeNull();
    expect(parsePedimento('25391600500123A')).toBeNull();
    // 2025: the consecutive starts with 5 (or 4, a consolidated pedimento opened in 2024).
    expect(parsePedimento('253916004001234')).toBe('253916004001234');
    expect(parsePedimento('253916007001234')).toBeNull();
    const refused = embarquePedimentoSchema.safeParse({ number: '12345' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('pedimento_number');
  });
});

describe('embarque lines', () => {
  const line = {
    product_id: '0192f6a8-2c3d-7e4f-8a9b-0c1d2e3f4a5b',
    code: '6403.99.99.99',
    commercial_quantity: 12,
    commercial_unit: 'pares',
    customs_quantity: 12,
    value_cents: 45_000,
    currency: 'usd',
    origin_country: 'chn',
  };

  it('needs fracción and NICO, and reads currency and country in upper case', () => {
    const parsed = embarqueLineInputSchema.parse(line);
    expect(parsed.code).toMatchObject({ fraction: '64039999', nico: '99' });
    expect(parsed.currency).toBe('USD');
    expect(parsed.origin_country).toBe('CHN');
    expect(embarqueLineInputSchema.safeParse({ ...line, code: '6403.99.99' }).success).toBe(false);
    expect(embarqueLineInputSchema.safeParse({ ...line, customs_quantity: 1.2345 }).success).toBe(
      false,
    );
  });
});
