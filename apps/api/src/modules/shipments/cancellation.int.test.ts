import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { callAs, createTestMerchant, signIn, type TestUser } from '../../../test/users';
import { jobs } from '../../platform/jobs.store';
import { ledgerTransactions } from '../wallet/ledger.tables';
import { LedgerService } from '../wallet/ledger.service';
import { verifyLedger } from '../invariants';
import { CONFIRM_CANCELLATION_JOB, refundKeyOf } from './cancellation.service';
import { buyGuide, collect, createLocation, fund, guideRow } from './guides.test-support';
import { trackingEvents } from './shipments.tables';

const HOUR = 60 * 60_000;
const MINUTE = 60_000;

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let stranger: TestUser;
let organizationId: string;
let locationId: string;
let ledger: LedgerService;

beforeAll(async () => {
  ctx = await createTestApp();
  const merchant = await createTestMerchant(ctx);
  owner = merchant.user;
  organizationId = merchant.organization.id;
  stranger = (await createTestMerchant(ctx, 'Otra Tienda')).user;
  await fund(ctx, organizationId, 5_000_000);
  locationId = await createLocation(ctx, owner);
  ledger = new LedgerService(ctx);
});
afterAll(() => ctx.close());

/** Moves the clock; access tokens last 15 minutes, so the users sign in again. */
async function advance(ms: number) {
  ctx.clock.advance(ms);
  owner = await signIn(ctx, owner);
  stranger = await signIn(ctx, stranger);
}

const cancel = (id: string, user = owner, language = 'es') =>
  callAs(ctx.app, user, 'POST', `/shipments/${id}/cancellation`, undefined, language);

const available = async () => (await ledger.balance(organizationId)).available_centavos;

const codesOf = async (shipmentId: string) =>
  (
    await ctx.db
      .select()
      .from(trackingEvents)
      .where(eq(trackingEvents.shipmentId, shipmentId))
      .orderBy(asc(trackingEvents.occurredAt))
  ).map((event) => event.code);

describe('cancelling a guide', () => {
  it('accepts until 72:59 after its creation, refunds the whole charge when the carrier confirms, once', async () => {
    const before = await available();
    const { row: early } = await buyGuide(ctx, owner, { locationId });
    const { row: late } = await buyGuide(ctx, owner, { locationId });
    expect(await available()).toBe(before - early.total - late.total);

    await advance(72 * HOUR + 59 * MINUTE);
    const accepted = await cancel(early.id);
    expect(accepted.statusCode, accepted.body).toBe(202);
    // Thursday 5 March, 10:59 in Mexico City: 7 business days later, skipping the weekends and
    // Monday 16 March (a rest day), is Tuesday 17 March.
    expect(accepted.json().data).toMatchObject({
      id: early.id,
      status: 'created',
      cancellation_requested_at: ctx.clock.now().toISOString(),
      refund_due_by: '2026-03-17',
    });
    expect(await guideRow(ctx, early.id)).toMatchObject({
      status: 'created',
      cancellationRequestedAt: ctx.clock.now(),
      refundTransactionId: null,
    });

    await advance(MINUTE);
    const expired = await cancel(late.id);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error).toMatchObject({
      code: 'CANCELLATION_WINDOW_EXPIRED',
      message: 'La guía solo puede cancelarse dentro de las 73 horas posteriores a su creación.',
    });
    expect((await guideRow(ctx, late.id)).cancellationRequestedAt).toBeNull();

    // Nothing moves until the carrier confirms (the sandbox takes 120 s).
    await ctx.app.jobs.runDue(ctx.clock.now());
    expect((await guideRow(ctx, early.id)).status).toBe('created');
    expect(await available()).toBe(before - early.total - late.total);

    await advance(2 * MINUTE);
    await ctx.app.jobs.runDue(ctx.clock.now());
    const cancelled = await guideRow(ctx, early.id);
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      carrierStatus: 'CANCELLED',
      cancelledAt: ctx.clock.now(),
    });
    expect(cancelled.refundTransactionId).not.toBeNull();
    const [refund] = await ctx.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, cancelled.refundTransactionId!));
    expect(refund).toMatchObject({
      kind: 'refund',
      walletAmount: early.total,
      referenceType: 'shipment',
      referenceId: early.id,
      relatedTransactionId: early.chargeTransactionId,
      idempotencyKey: refundKeyOf(early.id),
      descriptionCode: 'guide_cancellation',
      descriptionParams: { tracking_number: early.trackingNumber },
      description: null,
    });
    expect(await available()).toBe(before - late.total);
    // The timeline never went past the label: the carrier voided it before any scan.
    expect(await codesOf(early.id)).toEqual(['label_created', 'cancelled']);
    expect((await guideRow(ctx, late.id)).status).not.toBe('created');

    // The confirmation delivered again refunds nothing more.
    await ctx.app.jobs.enqueue(
      ctx.db,
      CONFIRM_CANCELLATION_JOB,
      { shipment_id: early.id, confirms_at: ctx.clock.now().toISOString() },
      ctx.clock.now(),
    );
    expect(await ctx.app.jobs.runDue(ctx.clock.now())).toMatchObject({ ran: 1, failed: 0 });
    const refunds = await ctx.db
      .select()
      .from(ledgerTransactions)
      .where(
        and(eq(ledgerTransactions.kind, 'refund'), eq(ledgerTransactions.referenceId, early.id)),
      );
    expect(refunds).toHaveLength(1);
    expect(await available()).toBe(before - late.total);
    expect((await guideRow(ctx, early.id)).refundTransactionId).toBe(refund!.id);
    expect(await verifyLedger(ctx.db)).toEqual([]);

    const again = await cancel(early.id, owner, 'en');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'GUIDE_ALREADY_CANCELLED',
      message: 'The guide has already been cancelled or its cancellation is already in progress.',
    });

    const notices = await callAs(ctx.app, owner, 'GET', '/notifications');
    expect(
      notices
        .json()
        .data.some((notice: { body: string }) => notice.body.includes(early.trackingNumber!)),
    ).toBe(true);
  });

  it('refuses a guide the carrier already collected', async () => {
    const { row } = await buyGuide(ctx, owner, { locationId });
    await collect(ctx, 'estafeta', row.trackingNumber!);
    const response = await cancel(row.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'GUIDE_ALREADY_USED',
      message: 'La guía ya fue utilizada (tiene escaneo de recolección) y no puede cancelarse.',
    });
    expect((await guideRow(ctx, row.id)).cancellationRequestedAt).toBeNull();
  });

  it('refuses a second request while the first awaits the carrier, and enqueues one confirmation', async () => {
    const { row } = await buyGuide(ctx, owner, { locationId });
    expect((await cancel(row.id)).statusCode).toBe(202);
    const second = await cancel(row.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('GUIDE_ALREADY_CANCELLED');
    const confirmations = (
      await ctx.db.select().from(jobs).where(eq(jobs.kind, CONFIRM_CANCELLATION_JOB))
    ).filter((job) => job.payload.shipment_id === row.id);
    expect(confirmations).toHaveLength(1);
  });

  it('answers 404 for a guide of another organization or none', async () => {
    const { row } = await buyGuide(ctx, owner, { locationId });
    expect((await cancel(row.id, stranger)).statusCode).toBe(404);
    expect((await cancel('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await guideRow(ctx, row.id)).cancellationRequestedAt).toBeNull();
  });
});
