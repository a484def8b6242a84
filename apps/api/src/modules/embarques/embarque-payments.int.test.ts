import type { Embarque } from '@despacho/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import {
  callAs,
  createTestMerchant,
  createTestUser,
  type CallArgs,
  type TestUser,
} from '../../../test/users';
import { verifyLedger } from '../invariants';
import { fund } from '../shipments/guides.test-support';
import { embarqueBody } from './embarques.test-support';

type View = Embarque;

describe('embarques: money through the ledger', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let organizationId: string;
  let staff: TestUser;
  let second: TestUser;

  const call = (...args: CallArgs) => callAs(ctx.app, ...args);
  const ok = async (status: number, ...args: CallArgs) => {
    const response = await call(...args);
    expect(response.statusCode, `${args[1]} ${args[2]}: ${response.body}`).toBe(status);
    return response.json().data;
  };
  const available = async () =>
    ((await ok(200, owner, 'GET', '/wallet/balance')) as { available_centavos: number })
      .available_centavos;
  const open = async () =>
    (await ok(201, staff, 'POST', '/staff/embarques', embarqueBody(organizationId))) as View;
  const requestPayment = async (id: string, kind: string, amount: number) => {
    const view = (await ok(201, staff, 'POST', `/staff/embarques/${id}/payment-requests`, {
      kind,
      concept: kind === 'advance' ? 'Anticipo de impuestos' : 'Honorarios de gestión',
      amount_centavos: amount,
    })) as View;
    return view.payment_requests.at(-1)!.id;
  };
  const pay = (id: string, paymentId: string, key: string, language = 'es') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/embarques/${id}/payment-requests/${paymentId}/pay`,
      headers: owner.headers({ 'idempotency-key': key, 'x-language': language }),
    });
  const view = async (id: string) => (await ok(200, owner, 'GET', `/embarques/${id}`)) as View;

  beforeAll(async () => {
    ctx = await createTestApp();
    const merchant = await createTestMerchant(ctx);
    owner = merchant.user;
    organizationId = merchant.organization.id;
    staff = await createTestUser(ctx, { isStaff: true });
    second = await createTestUser(ctx, { isStaff: true });
  });
  afterAll(() => ctx.close());

  it('refuses a payment the balance cannot cover, in both languages, moving nothing', async () => {
    const embarque = await open();
    const paymentId = await requestPayment(embarque.id, 'advance', 80_000);
    for (const [language, message] of [
      ['es', 'Saldo insuficiente para realizar el pago'],
      ['en', 'Insufficient balance to make payment'],
    ] as const) {
      const response = await pay(embarque.id, paymentId, `poor-${language}-key`, language);
      expect(response.statusCode).toBe(402);
      expect(response.json().error).toMatchObject({
        code: 'INSUFFICIENT_BALANCE',
        message,
        details: { required_centavos: 80_000, available_centavos: 0 },
      });
    }
    expect((await view(embarque.id)).money_state).toBe('payment_requested');
    expect(await verifyLedger(ctx.db)).toEqual([]);
  });

  it('pays a request once under double clicks and concurrent calls; the same key answers the same payment', async () => {
    await fund(ctx, organizationId, 300_000);
    const before = await available();
    const embarque = await open();
    const paymentId = await requestPayment(embarque.id, 'advance', 100_000);
    // Two tabs with their own keys and a double click of one: one payment. The call that paid
    // is the one not replayed; a call with its key is replayed, the other key is refused.
    const keys = ['tab-one-key-1', 'tab-one-key-1', 'tab-two-key-2'];
    const answers = await Promise.all(keys.map((key) => pay(embarque.id, paymentId, key)));
    const payer = answers.findIndex(
      (answer) => answer.statusCode === 200 && answer.headers['idempotent-replayed'] !== 'true',
    );
    expect(payer).toBeGreaterThanOrEqual(0);
    answers.forEach((answer, index) => {
      if (index === payer) return;
      if (keys[index] === keys[payer]) {
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['idempotent-replayed']).toBe('true');
      } else {
        expect(answer.statusCode).toBe(409);
        expect(answer.json().error.code).toBe('EMBARQUE_PAYMENT_NOT_PENDING');
      }
    });
    const paid = answers[payer]!.json().data;
    expect(paid.payment_request.status).toBe('paid');
    expect(paid.available_centavos).toBe(before - 100_000);
    // Retried later with its key: the same payment, told it was replayed.
    const again = await pay(embarque.id, paymentId, keys[payer]!);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.payment_request).toEqual(paid.payment_request);
    expect(await available()).toBe(before - 100_000);
    const seen = await view(embarque.id);
    expect(seen).toMatchObject({
      money_state: 'customer_paid',
      account: { customs_covered: true },
    });
    expect(seen.timeline.filter((event) => event.kind === 'payment_paid')).toHaveLength(1);
    const movements = await ok(200, owner, 'GET', '/wallet/transactions?kind=embarque');
    expect(movements).toHaveLength(1);
    expect(movements[0].description).toMatch(/^Embarque EMB-\d{6}: Anticipo de impuestos$/);
    expect(await verifyLedger(ctx.db)).toEqual([]);
  });

  it('refunds the unused advance once when two staff settle at once, then closes', async () => {
    await fund(ctx, organizationId, 200_000);
    const embarque = await open();
    const paymentId = await requestPayment(embarque.id, 'advance', 150_000);
    expect((await pay(embarque.id, paymentId, 'settle-pay-key')).statusCode).toBe(200);
    await ok(200, staff, 'PUT', `/staff/embarques/${embarque.id}/expenses`, {
      expenses: [
        { concept: 'igi', amount_centavos: 60_000 },
        { concept: 'dta', amount_centavos: 10_000 },
        { concept: 'iva', amount_centavos: 50_000 },
      ],
    });
    expect((await view(embarque.id)).money_state).toBe('billing');
    const before = await available();
    const settles = await Promise.all([
      call(staff, 'POST', `/staff/embarques/${embarque.id}/settle`),
      call(second, 'POST', `/staff/embarques/${embarque.id}/settle`),
    ]);
    expect(settles.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(settles.find((answer) => answer.statusCode === 409)!.json().error.code).toBe(
      'EMBARQUE_NOTHING_TO_SETTLE',
    );
    expect(await available()).toBe(before + 30_000);
    const seen = await view(embarque.id);
    expect(seen).toMatchObject({ money_state: 'invoiced', balance_centavos: 0 });
    expect(seen.payment_requests[0]).toMatchObject({ refunded_centavos: 30_000 });
    expect(seen.timeline.at(-1)).toMatchObject({
      kind: 'balance_refunded',
      params: { amount_centavos: 30_000 },
    });
    expect(await verifyLedger(ctx.db)).toEqual([]);
  });

  it('asks the merchant for a shortfall once, however many staff settle', async () => {
    await fund(ctx, organizationId, 100_000);
    const embarque = await open();
    const paymentId = await requestPayment(embarque.id, 'advance', 40_000);
    expect((await pay(embarque.id, paymentId, 'short-pay-key')).statusCode).toBe(200);
    await ok(200, staff, 'PUT', `/staff/embarques/${embarque.id}/expenses`, {
      expenses: [{ concept: 'igi', amount_centavos: 55_000 }],
    });
    const shortOf = await view(embarque.id);
    expect(shortOf).toMatchObject({
      money_state: 'pending_payment',
      balance_centavos: -15_000,
      account: { customs_covered: false },
    });
    const settles = await Promise.all([
      call(staff, 'POST', `/staff/embarques/${embarque.id}/settle`),
      call(second, 'POST', `/staff/embarques/${embarque.id}/settle`, undefined, 'en'),
    ]);
    expect(settles.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const asked = (await view(embarque.id)).payment_requests.at(-1)!;
    expect(asked).toMatchObject({ kind: 'advance', status: 'pending', amount_centavos: 15_000 });
    expect((await pay(embarque.id, asked.id, 'short-pay-key-2')).statusCode).toBe(200);
    expect(await view(embarque.id)).toMatchObject({
      money_state: 'invoiced',
      balance_centavos: 0,
      account: { customs_covered: true },
    });
    expect(await verifyLedger(ctx.db)).toEqual([]);
  });

  it('invoices the paid service once through billing; closing waits for it', async () => {
    await fund(ctx, organizationId, 100_000);
    const embarque = await open();
    const advanceId = await requestPayment(embarque.id, 'advance', 20_000);
    const serviceId = await requestPayment(embarque.id, 'service', 11_600);
    expect((await pay(embarque.id, advanceId, 'inv-advance-key')).statusCode).toBe(200);
    expect((await pay(embarque.id, serviceId, 'inv-service-key')).statusCode).toBe(200);
    await ok(200, staff, 'PUT', `/staff/embarques/${embarque.id}/expenses`, {
      expenses: [{ concept: 'customs_broker', amount_centavos: 20_000 }],
    });
    await ok(200, staff, 'PUT', `/staff/embarques/${embarque.id}/pedimento`, {
      number: '26 47 3429 6000042',
    });
    await ok(200, staff, 'POST', `/staff/embarques/${embarque.id}/semaforo`, { result: 'green' });
    for (const step of ['customs', 'dispatch', 'delivered']) {
      await ok(200, staff, 'POST', `/staff/embarques/${embarque.id}/step`, { to: step });
    }
    const notYet = await call(
      staff,
      'POST',
      `/staff/embarques/${embarque.id}/step`,
      { to: 'closed' },
      'en',
    );
    expect(notYet.statusCode).toBe(422);
    expect(notYet.json().error).toMatchObject({
      code: 'EMBARQUE_INVOICES_PENDING',
      message:
        'Issue the invoice of the services charged before moving from “Delivered” to “Closed”.',
    });
    const invoicing = await Promise.all([
      call(staff, 'POST', `/staff/embarques/${embarque.id}/invoice`),
      call(second, 'POST', `/staff/embarques/${embarque.id}/invoice`),
    ]);
    expect(invoicing.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const seen = await view(embarque.id);
    expect(seen.invoices).toMatchObject([
      { total_centavos: 11_600, vat_centavos: 1_600, status: 'stamped' },
    ]);
    expect(seen.invoices[0]!.folio_label).toMatch(/^SRV\d+$/);
    const billing = await ok(200, owner, 'GET', '/invoices?type=service');
    expect(billing).toHaveLength(1);
    const pdf = await call(owner, 'GET', `/embarques/${embarque.id}/invoices/${billing[0].id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Another of the organization's invoices is not this embarque's.
    const other = await open();
    const elsewhere = await call(owner, 'GET', `/embarques/${other.id}/invoices/${billing[0].id}`);
    expect(elsewhere.statusCode).toBe(404);
    await ok(200, staff, 'POST', `/staff/embarques/${embarque.id}/step`, { to: 'closed' });
    expect((await view(embarque.id)).step).toBe('closed');
    expect(await verifyLedger(ctx.db)).toEqual([]);
  });

  it('records payments to the supplier and withdraws an unpaid request', async () => {
    const embarque = await open();
    const paymentId = await requestPayment(embarque.id, 'advance', 5_000);
    await ok(
      200,
      staff,
      'POST',
      `/staff/embarques/${embarque.id}/payment-requests/${paymentId}/cancel`,
    );
    const cancelledAgain = await call(
      staff,
      'POST',
      `/staff/embarques/${embarque.id}/payment-requests/${paymentId}/cancel`,
    );
    expect(cancelledAgain.statusCode).toBe(409);
    expect((await pay(embarque.id, paymentId, 'cancelled-pay-key')).json().error.code).toBe(
      'EMBARQUE_PAYMENT_NOT_PENDING',
    );
    const recorded = (await ok(
      201,
      staff,
      'POST',
      `/staff/embarques/${embarque.id}/supplier-payments`,
      {
        amount_cents: 1_250_000,
        currency: 'usd',
        paid_on: '2026-02-27',
        reference: 'SWIFT 0042',
      },
    )) as View;
    expect(recorded.supplier_payments).toMatchObject([
      { currency: 'USD', amount_cents: 1_250_000 },
    ]);
    expect(recorded.money_state).toBe('not_requested');
    expect(recorded.timeline.at(-1)).toMatchObject({ kind: 'supplier_payment' });
  });
});
