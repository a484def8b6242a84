import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifySpei, trackingKey } from '../../../test/spei';
import { createTestApp } from '../../../test/test-app';
import { callAs, createTestMerchant, createTestUser, type TestUser } from '../../../test/users';
import { auditLog } from '../../platform/audit.tables';
import { invoices } from './billing.tables';
import { signFacturapiWebhook } from './facturapi-webhook';
import { facturapiDouble, facturapiInvoiceAnswer, stampedXml } from './facturapi.test-support';
import { sampleCfdiInput } from './cfdi.test-support';

/**
 * The app with CFDI_PAC=facturapi against a double of Facturapi: stamping after the credit's
 * transaction, staff's cancellation with SAT's reasons, and the PAC's signed webhook.
 */
const API_KEY = 'sk_test_RGVzcGFjaG9QcnVlYmFzUEFD';
const WEBHOOK_SECRET = 'whsec-facturapi-test-secret-0123456789';
const UUID = '5FB2822E-396D-4725-8521-CDC4BDD20CCF';
const REPLACEMENT = '11111111-2222-3333-4444-555555555555';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
let staff: TestUser;
let double: Awaited<ReturnType<typeof facturapiDouble>>;

beforeAll(async () => {
  double = await facturapiDouble();
  ctx = await createTestApp({
    CFDI_PAC: 'facturapi',
    FACTURAPI_API_KEY: API_KEY,
    FACTURAPI_WEBHOOK_SECRET: WEBHOOK_SECRET,
    FACTURAPI_BASE_URL: double.baseUrl,
  });
  staff = await createTestUser(ctx, { isStaff: true });
});
afterAll(async () => {
  await ctx.close();
  await double.close();
});
beforeEach(() => {
  double.requests.length = 0;
  double.answers.length = 0;
});

const call = (...args: Parameters<typeof callAs> extends [unknown, ...infer R] ? R : never) =>
  callAs(ctx.app, ...args);

let nextId = 0;
/** A credited deposit whose CFDI Facturapi stamped (as `providerId`), its invoice's id. */
async function stampedInvoice(providerId = `inv_${(nextId += 1)}`): Promise<string> {
  const { user } = await createTestMerchant(ctx);
  const deposit = await notifySpei(ctx, user, { amount: '1,250.00', tracking_key: trackingKey() });
  expect((await call(staff, 'POST', `/staff/deposits/${deposit.id}/approve`)).statusCode).toBe(200);
  const uuid = crypto.randomUUID().toUpperCase();
  double.answers.push(
    { status: 200, body: facturapiInvoiceAnswer({ id: providerId, uuid }) },
    { status: 200, type: 'application/xml', body: stampedXml(sampleCfdiInput(), uuid) },
  );
  await ctx.app.jobs.runDue(ctx.clock.now(), 100);
  const [row] = await ctx.db.select().from(invoices).where(eq(invoices.depositId, deposit.id));
  expect(row).toMatchObject({ status: 'stamped', pac: 'facturapi_test', providerId });
  double.requests.length = 0;
  return row!.id;
}

describe('stamping with a remote PAC', () => {
  it('creates the invoice in the credit and stamps it only after that transaction committed', async () => {
    const { user } = await createTestMerchant(ctx);
    const deposit = await notifySpei(ctx, user, {
      amount: '1,250.00',
      tracking_key: trackingKey(),
    });
    expect((await call(staff, 'POST', `/staff/deposits/${deposit.id}/approve`)).statusCode).toBe(
      200,
    );

    const [pending] = await ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.depositId, deposit.id));
    expect(pending).toMatchObject({ status: 'pending', uuid: null });
    expect(double.requests).toEqual([]);

    double.answers.push(
      { status: 200, body: facturapiInvoiceAnswer({ id: 'inv_after_commit' }) },
      { status: 200, type: 'application/xml', body: stampedXml(sampleCfdiInput(), UUID) },
    );
    await ctx.app.jobs.runDue(ctx.clock.now(), 100);
    const [stamped] = await ctx.db.select().from(invoices).where(eq(invoices.id, pending!.id));
    expect(stamped).toMatchObject({
      status: 'stamped',
      uuid: UUID,
      providerId: 'inv_after_commit',
    });
    expect((double.requests[0]!.body as { idempotency_key: string }).idempotency_key).toBe(
      pending!.id,
    );

    const list = await call(user, 'GET', '/invoices');
    expect(list.json().data[0]).toMatchObject({ uuid: UUID, sandbox: true, cancellation: null });
  });
});

describe("SAT's schema before sending", () => {
  it("never sends a document the schema refuses, and keeps the schema's message for staff", async () => {
    const { user } = await createTestMerchant(ctx);
    const deposit = await notifySpei(ctx, user, {
      amount: '1,250.00',
      tracking_key: trackingKey(),
    });
    expect((await call(staff, 'POST', `/staff/deposits/${deposit.id}/approve`)).statusCode).toBe(
      200,
    );
    // A "|" is the one character cfdv40.xsd refuses in a name (it separates the cadena original).
    await ctx.db
      .update(invoices)
      .set({ receiverName: 'COMERCIO | PRUEBA' })
      .where(eq(invoices.depositId, deposit.id));
    await ctx.app.jobs.runDue(ctx.clock.now(), 100);

    expect(double.requests).toEqual([]);
    const [row] = await ctx.db.select().from(invoices).where(eq(invoices.depositId, deposit.id));
    expect(row!.status).toBe('failed');
    expect(row!.failureReason).toMatch(/CFDI does not follow SAT's schema.*Receptor.*Nombre/);
    // Put right, so that the job's retry stamps it and no later test's answers go to it.
    await ctx.db
      .update(invoices)
      .set({ receiverName: 'PUBLICO EN GENERAL' })
      .where(eq(invoices.id, row!.id));
    const uuid = crypto.randomUUID().toUpperCase();
    double.answers.push(
      { status: 200, body: facturapiInvoiceAnswer({ id: 'inv_after_schema', uuid }) },
      { status: 200, type: 'application/xml', body: stampedXml(sampleCfdiInput(), uuid) },
    );
    await ctx.app.services.billing.stampJob(ctx.db, {
      organization_id: row!.organizationId,
      invoice_id: row!.id,
    });
    const [fixed] = await ctx.db.select().from(invoices).where(eq(invoices.id, row!.id));
    expect(fixed!.status).toBe('stamped');
  });
});

describe("staff's cancellation with SAT's reasons", () => {
  it('refuses reason 01 without the replacing UUID, and a UUID with another reason', async () => {
    const id = await stampedInvoice();
    const missing = await call(staff, 'POST', `/staff/invoices/${id}/cancellation`, {
      motive: '01',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('substitution_uuid');
    const extra = await call(staff, 'POST', `/staff/invoices/${id}/cancellation`, {
      motive: '02',
      substitution_uuid: REPLACEMENT,
    });
    expect(extra.statusCode).toBe(400);
    const unknown = await call(staff, 'POST', `/staff/invoices/${id}/cancellation`, {
      motive: '05',
    });
    expect(unknown.statusCode).toBe(400);
    expect(double.requests).toEqual([]);
  });

  it('cancels with 01 and the replacing UUID: pending until the webhook says accepted', async () => {
    const id = await stampedInvoice('inv_cancel_01');
    double.answers.push({
      status: 200,
      body: facturapiInvoiceAnswer({ cancellation_status: 'pending' }),
    });
    const response = await call(staff, 'POST', `/staff/invoices/${id}/cancellation`, {
      motive: '01',
      substitution_uuid: REPLACEMENT.toLowerCase(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.cancellation).toMatchObject({
      motive: '01',
      substitution_uuid: REPLACEMENT,
      status: 'pending',
    });
    expect(Object.fromEntries(double.requests[0]!.query)).toEqual({
      motive: '01',
      substitution: REPLACEMENT,
    });
    const again = await call(staff, 'POST', `/staff/invoices/${id}/cancellation`, { motive: '02' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('INVOICE_NOT_CANCELLABLE');
  });

  it.each(['02', '03', '04'] as const)('cancels with reason %s', async (motive) => {
    const id = await stampedInvoice();
    double.answers.push({
      status: 200,
      body: facturapiInvoiceAnswer({ status: 'canceled', cancellation_status: 'accepted' }),
    });
    const response = await call(staff, 'POST', `/staff/invoices/${id}/cancellation`, { motive });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.cancellation).toMatchObject({ motive, status: 'accepted' });
  });

  it("answers the PAC's refusal with its reason and leaves the invoice as it was", async () => {
    const id = await stampedInvoice();
    double.answers.push({ status: 400, body: { message: 'El CFDI no puede cancelarse' } });
    const refused = await call(staff, 'POST', `/staff/invoices/${id}/cancellation`, {
      motive: '03',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toMatch(/El CFDI no puede cancelarse/);
    const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, id));
    expect(row).toMatchObject({ cancellationMotive: null, cancellationStatus: null });
    double.answers.push({ status: 503, body: { message: 'down' } });
    const down = await call(staff, 'POST', `/staff/invoices/${id}/cancellation`, { motive: '03' });
    expect(down.statusCode).toBe(503);
    expect(down.json().error.code).toBe('PAC_UNAVAILABLE');
  });

  it('is for staff only, and refuses an invoice not stamped', async () => {
    const { user } = await createTestMerchant(ctx);
    const id = await stampedInvoice();
    const merchant = await call(user, 'POST', `/staff/invoices/${id}/cancellation`, {
      motive: '02',
    });
    expect(merchant.statusCode).toBe(403);
    const deposit = await notifySpei(ctx, user, { amount: '900.00', tracking_key: trackingKey() });
    await call(staff, 'POST', `/staff/deposits/${deposit.id}/approve`);
    const [pending] = await ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.depositId, deposit.id));
    const early = await call(staff, 'POST', `/staff/invoices/${pending!.id}/cancellation`, {
      motive: '02',
    });
    expect(early.statusCode).toBe(409);
    // Its stamping job, still queued, is run now so that no later test's answers go to it.
    const uuid = crypto.randomUUID().toUpperCase();
    double.answers.push(
      { status: 200, body: facturapiInvoiceAnswer({ id: 'inv_early', uuid }) },
      { status: 200, type: 'application/xml', body: stampedXml(sampleCfdiInput(), uuid) },
    );
    await ctx.app.jobs.runDue(ctx.clock.now(), 100);
    const none = await call(staff, 'POST', `/staff/invoices/${crypto.randomUUID()}/cancellation`, {
      motive: '02',
    });
    expect(none.statusCode).toBe(404);
  });
});

describe("Facturapi's webhook signatures", () => {
  const event = (providerId: string, createdAt: Date, cancellation = 'accepted') =>
    JSON.stringify({
      id: `evt_${crypto.randomUUID()}`,
      type: 'invoice.cancellation_status_updated',
      created_at: createdAt.toISOString(),
      organization: '6745c8e5f1a2b3c4d5e6f700',
      livemode: false,
      data: {
        type: 'invoice',
        object: facturapiInvoiceAnswer({
          id: providerId,
          status: cancellation === 'accepted' ? 'canceled' : 'valid',
          cancellation_status: cancellation,
        }),
      },
    });
  const deliver = (body: string, signature: string | undefined) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/facturapi',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'facturapi-signature': signature } : {}),
      },
      payload: body,
    });

  async function pendingCancellation(providerId: string) {
    const id = await stampedInvoice(providerId);
    double.answers.push({
      status: 200,
      body: facturapiInvoiceAnswer({ cancellation_status: 'pending' }),
    });
    await call(staff, 'POST', `/staff/invoices/${id}/cancellation`, { motive: '02' });
    return id;
  }

  it('applies a valid delivery, and answers a replay of it as a duplicate', async () => {
    const id = await pendingCancellation('inv_webhook_ok');
    const body = event('inv_webhook_ok', ctx.clock.now());
    const first = await deliver(body, signFacturapiWebhook(WEBHOOK_SECRET, body));
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ status: 'applied', cancellation_status: 'accepted' });
    const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, id));
    expect(row!.cancellationStatus).toBe('accepted');

    const replay = await deliver(body, signFacturapiWebhook(WEBHOOK_SECRET, body));
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data.status).toBe('duplicate');
  });

  it('refuses a wrong or missing signature, and a body changed after signing', async () => {
    const id = await pendingCancellation('inv_webhook_wrong');
    const body = event('inv_webhook_wrong', ctx.clock.now());
    const wrongSecret = await deliver(body, signFacturapiWebhook('another-secret-of-16+', body));
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.json().error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect((await deliver(body, undefined)).statusCode).toBe(401);
    const tampered = body.replace('"accepted"', '"rejected"');
    expect((await deliver(tampered, signFacturapiWebhook(WEBHOOK_SECRET, body))).statusCode).toBe(
      401,
    );
    const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, id));
    expect(row!.cancellationStatus).toBe('pending');
  });

  it('refuses a stale event, signed or not', async () => {
    await pendingCancellation('inv_webhook_stale');
    const old = new Date(ctx.clock.now().getTime() - 16 * 60_000);
    const body = event('inv_webhook_stale', old);
    const stale = await deliver(body, signFacturapiWebhook(WEBHOOK_SECRET, body));
    expect(stale.statusCode).toBe(401);
    expect(stale.json().error.code).toBe('WEBHOOK_TIMESTAMP_STALE');
  });

  it('ignores an event for an invoice it does not hold', async () => {
    const body = event('inv_somebody_else', ctx.clock.now());
    const response = await deliver(body, signFacturapiWebhook(WEBHOOK_SECRET, body));
    expect(response.json().data.status).toBe('ignored');
  });
});

describe('a cancellation whose webhook never came', () => {
  it("asks the PAC how a pending cancellation ended when no webhook came, and audits staff's request", async () => {
    const id = await stampedInvoice('inv_lost_webhook');
    double.answers.push({
      status: 200,
      body: facturapiInvoiceAnswer({ cancellation_status: 'pending' }),
    });
    ctx.clock.advance(1000); // asked after every earlier test's cancellation
    await call(staff, 'POST', `/staff/invoices/${id}/cancellation`, { motive: '03' });
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, id), eq(auditLog.action, 'invoice.cancel')));
    expect(entry).toMatchObject({ actorId: staff.id, subjectType: 'invoice' });
    expect(entry!.after).toMatchObject({
      cancellation_motive: '03',
      cancellation_status: 'pending',
    });

    // Too recent: nothing asked yet.
    await ctx.app.services.invoiceCancellation.refreshJob();
    expect(double.requests).toHaveLength(1);
    // Last in the file: the clock moves past every token. Earlier tests' cancellations are
    // older, so they are asked first and stay pending; this one is asked last.
    ctx.clock.advance(31 * 60_000);
    const pending = await ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.cancellationStatus, 'pending'));
    for (let i = 1; i < pending.length; i += 1) {
      double.answers.push({
        status: 200,
        body: facturapiInvoiceAnswer({ cancellation_status: 'pending' }),
      });
    }
    double.answers.push({
      status: 200,
      body: facturapiInvoiceAnswer({
        id: 'inv_lost_webhook',
        status: 'canceled',
        cancellation_status: 'accepted',
      }),
    });
    await ctx.app.services.invoiceCancellation.refreshJob();
    expect(double.requests).toHaveLength(1 + pending.length);
    expect(double.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/v2/invoices/inv_lost_webhook',
    });
    const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, id));
    expect(row!.cancellationStatus).toBe('accepted');
  });
});
