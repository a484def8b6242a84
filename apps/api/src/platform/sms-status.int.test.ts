import { eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, testConfig } from '../../test/test-app';
import { startTwilioDouble, twilioError } from '../../test/twilio-double';
import { buildApp } from '../app';
import { newPerson, registrationFor } from '../modules/auth/test-support';
import { ManualClock } from './clock';
import { outboxMessages } from './outbox.tables';
import { providerFailures } from './provider-calls.tables';

const AUTH_TOKEN = '0123456789abcdef0123456789abcdef';
const ACCOUNT_SID = `AC${'c3'.repeat(16)}`;
const STATUS_URL = 'http://despacho.test/api/v1/webhooks/twilio/status';

const lines: string[] = [];
let double: Awaited<ReturnType<typeof startTwilioDouble>>;
let ctx: {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: Awaited<ReturnType<typeof createTestDatabase>>;
  clock: ManualClock;
};
let dataDir: string;

beforeAll(async () => {
  double = await startTwilioDouble();
  const db = await createTestDatabase();
  const clock = new ManualClock(new Date('2026-11-29T10:00:00Z'));
  dataDir = mkdtempSync(path.join(tmpdir(), 'despacho-test-data-'));
  const config = testConfig({
    LOG_LEVEL: 'trace',
    AUTH_RATE_LIMIT: 10_000,
    DATA_DIR: dataDir,
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_FROM: '+15005550006',
    TWILIO_API_BASE_URL: double.url,
  });
  const app = await buildApp({
    config,
    db,
    clock,
    logStream: { write: (line) => lines.push(line) },
  });
  await app.ready();
  ctx = { app, db, clock };
});
afterAll(async () => {
  await ctx.app.close();
  await ctx.db.$client.end();
  await double.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts a sign-up, which queues the code's SMS, and runs the outbox's delivery job. */
async function signUp() {
  const person = newPerson('sms');
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user/create',
    payload: { email: person.email, ...registrationFor(person.phone) },
  });
  expect(created.statusCode).toBe(201);
  await ctx.app.jobs.runDue(ctx.clock.now());
  const [row] = await ctx.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, `+52${person.phone}`));
  return row!;
}

async function rowOf(id: string) {
  const [row] = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return row!;
}

/** Posts a delivery report as Twilio does: a form, signed over the public URL and its fields. */
function report(fields: Record<string, string>, signature?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/twilio/status',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature':
        signature ?? twilio.getExpectedTwilioSignature(AUTH_TOKEN, STATUS_URL, fields),
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

const statusOf = (sid: string, status: string, extra: Record<string, string> = {}) => ({
  AccountSid: ACCOUNT_SID,
  MessageSid: sid,
  SmsSid: sid,
  MessageStatus: status,
  SmsStatus: status,
  To: '+525500000000',
  From: '+15005550006',
  ApiVersion: '2010-04-01',
  ...extra,
});

describe('sign-up codes through Twilio', () => {
  it('sends the code through the outbox to Twilio, and its delivery status lands on the row', async () => {
    const row = await signUp();
    const request = double.requests.at(-1)!;
    expect(request.form).toMatchObject({
      To: row.recipient,
      From: '+15005550006',
      StatusCallback: STATUS_URL,
    });
    expect(request.form.Body).toBe(row.body);
    expect(row).toMatchObject({ status: 'sent', deliveryStatus: 'queued' });
    expect(row.providerMessageId).toMatch(/^SM\d{32}$/);
    const sid = row.providerMessageId!;

    expect((await report(statusOf(sid, 'sent'))).statusCode).toBe(204);
    expect((await rowOf(row.id)).deliveryStatus).toBe('sent');
    expect((await report(statusOf(sid, 'delivered'))).statusCode).toBe(204);
    const delivered = await rowOf(row.id);
    expect(delivered).toMatchObject({
      deliveryStatus: 'delivered',
      deliveryUpdatedAt: expect.any(Date),
    });

    // Twilio signs no timestamp: a replay, or a late earlier status, is answered and moves nothing.
    ctx.clock.advance(60_000);
    expect((await report(statusOf(sid, 'delivered'))).statusCode).toBe(204);
    expect((await report(statusOf(sid, 'sent'))).statusCode).toBe(204);
    expect(await rowOf(row.id)).toEqual(delivered);
  });

  it('records an undelivered message with Twilio’s error code', async () => {
    const row = await signUp();
    const sid = row.providerMessageId!;
    const response = await report(statusOf(sid, 'undelivered', { ErrorCode: '30003' }));
    expect(response.statusCode).toBe(204);
    expect(await rowOf(row.id)).toMatchObject({
      deliveryStatus: 'undelivered',
      lastError: 'delivery error 30003',
    });
  });

  it('refuses a report with a wrong or missing signature, or for a message it did not send', async () => {
    const row = await signUp();
    const fields = statusOf(row.providerMessageId!, 'delivered');
    const forged = twilio.getExpectedTwilioSignature('f'.repeat(32), STATUS_URL, fields);
    expect((await report(fields, forged)).statusCode).toBe(401);
    // Signed for other fields than those sent.
    const other = twilio.getExpectedTwilioSignature(
      AUTH_TOKEN,
      STATUS_URL,
      statusOf(row.providerMessageId!, 'sent'),
    );
    expect((await report(fields, other)).json().error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect((await rowOf(row.id)).deliveryStatus).toBe('queued');
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/twilio/status',
      headers: { 'x-twilio-signature': 'c2lnbmF0dXJl' },
    });
    expect(empty.statusCode).toBe(401);
    const unknown = statusOf(`SM${'9'.repeat(32)}`, 'delivered');
    expect((await report(unknown)).statusCode).toBe(404);
  });

  it('fails an invalid number for good at once, and retries a Twilio outage with the job', async () => {
    double.answers.push({ status: 400, body: twilioError(400, 21211, 'Invalid To number') });
    const refused = await signUp();
    expect(refused).toMatchObject({ status: 'failed', lastError: 'Invalid To number' });
    ctx.clock.advance(60 * 60_000);
    const before = double.requests.length;
    await ctx.app.jobs.runDue(ctx.clock.now());
    expect(double.requests.length).toBe(before);

    double.answers.push({ status: 500, body: twilioError(500, 20500, 'Internal Server Error') });
    const retried = await signUp();
    expect(retried.status).toBe('queued');
    ctx.clock.advance(60 * 60_000);
    await ctx.app.jobs.runDue(ctx.clock.now());
    expect(await rowOf(retried.id)).toMatchObject({ status: 'sent', deliveryStatus: 'queued' });
    const failures = await ctx.db.select().from(providerFailures);
    expect(failures.map((row) => [row.code, row.providerCode])).toEqual(
      expect.arrayContaining([
        ['rejected', '21211'],
        ['unavailable', '20500'],
      ]),
    );
  });

  it('never logs the auth token, nor the codes it sent', async () => {
    const sent = await ctx.db.select().from(outboxMessages);
    const logged = lines.join('\n');
    expect(lines.length).toBeGreaterThan(10);
    expect(logged).not.toContain(AUTH_TOKEN);
    expect(logged).not.toContain(Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64'));
    for (const row of sent) {
      const code = /\b(\d{6})\b/.exec(row.body)![1]!;
      expect(logged).not.toContain(code);
    }
  });
});

describe('the status webhook without Twilio', () => {
  it('answers 404 when SMS_PROVIDER is not twilio', async () => {
    const plain = await createTestApp();
    try {
      const fields = statusOf(`SM${'1'.repeat(32)}`, 'delivered');
      const response = await plain.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/twilio/status',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilio.getExpectedTwilioSignature(AUTH_TOKEN, STATUS_URL, fields),
        },
        payload: new URLSearchParams(fields).toString(),
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
