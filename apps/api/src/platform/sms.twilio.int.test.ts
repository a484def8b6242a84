import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app';
import { startTwilioDouble, twilioError } from '../../test/twilio-double';
import { ManualClock } from './clock';
import type { Db } from './db';
import { ProviderCalls, ProviderError, providerUp } from './provider-calls';
import { providerFailures } from './provider-calls.tables';
import { TwilioSms } from './sms.twilio';

const ACCOUNT_SID = `AC${'a1'.repeat(16)}`;
const AUTH_TOKEN = 'f0e1d2c3b4a5968778695a4b3c2d1e0f';
const SERVICE_SID = `MG${'b2'.repeat(16)}`;

let db: Db;
let double: Awaited<ReturnType<typeof startTwilioDouble>>;
const clock = new ManualClock(new Date('2026-11-29T10:00:00Z'));

beforeAll(async () => {
  db = await createTestDatabase();
  double = await startTwilioDouble();
});
afterAll(async () => {
  await double.close();
  await db.$client.end();
});
beforeEach(async () => {
  double.requests.length = 0;
  double.answers.length = 0;
  await db.delete(providerFailures);
});

function twilioSms(settings: { baseUrl?: string; from?: string; timeoutMs?: number } = {}) {
  const providerCalls = new ProviderCalls({ db, clock, sleep: async () => {} });
  return new TwilioSms(
    {
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      ...(settings.from ? { from: settings.from } : { messagingServiceSid: SERVICE_SID }),
      baseUrl: settings.baseUrl ?? double.url,
      timeoutMs: settings.timeoutMs,
    },
    providerCalls,
  );
}

const message = {
  to: '+525512345678',
  text: 'Tu código de Despacho es 123456.',
  statusCallback: 'https://despacho.test/api/v1/webhooks/twilio/status',
};

/** The one failure recorded for staff, which must never hold the credentials. */
async function recordedFailure() {
  const rows = await db.select().from(providerFailures);
  expect(rows).toHaveLength(1);
  expect(JSON.stringify(rows)).not.toContain(AUTH_TOKEN);
  return rows[0]!;
}

/** `despacho_provider_up{kind="sms",provider="twilio"}` as /metrics shows it. */
async function twilioUp() {
  const { values } = await providerUp.get();
  return values.find((value) => value.labels.kind === 'sms' && value.labels.provider === 'twilio')
    ?.value;
}

async function sendFails(sms: TwilioSms): Promise<ProviderError> {
  const error: unknown = await sms.send(message).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('TwilioSms against a Twilio double', () => {
  it('creates the message with the documented form, signed in with the account, and answers its SID', async () => {
    const receipt = await twilioSms().send(message);
    expect(receipt.providerMessageId).toMatch(/^SM\d{32}$/);
    expect(double.requests).toHaveLength(1);
    const [request] = double.requests;
    expect(request!.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(request!.authorization).toBe(
      `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`,
    );
    expect(request!.form).toEqual({
      To: message.to,
      Body: message.text,
      MessagingServiceSid: SERVICE_SID,
      StatusCallback: message.statusCallback,
    });
    expect(await db.select().from(providerFailures)).toEqual([]);
    expect(await twilioUp()).toBe(1);
  });

  it('sends from a number when no Messaging Service is set', async () => {
    await twilioSms({ from: '+15005550006' }).send(message);
    expect(double.requests[0]!.form).toMatchObject({ From: '+15005550006' });
    expect(double.requests[0]!.form).not.toHaveProperty('MessagingServiceSid');
  });

  it('refuses an invalid number (21211) as rejected, keeping Twilio’s code and message', async () => {
    double.answers.push({
      status: 400,
      body: twilioError(400, 21211, "The 'To' number +52123 is not a valid phone number."),
    });
    const error = await sendFails(twilioSms());
    expect([error.code, error.retryable, error.details]).toEqual([
      'rejected',
      false,
      { status: 400, providerCode: '21211' },
    ]);
    expect(double.requests).toHaveLength(1);
    expect(await twilioUp()).toBe(0);
    expect(await recordedFailure()).toMatchObject({
      kind: 'sms',
      provider: 'twilio',
      operation: 'send',
      code: 'rejected',
      httpStatus: 400,
      providerCode: '21211',
      message: "The 'To' number +52123 is not a valid phone number.",
    });
  });

  it('fails wrong credentials (20003) as rejected', async () => {
    double.answers.push({ status: 401, body: twilioError(401, 20003, 'Authenticate') });
    expect((await sendFails(twilioSms())).code).toBe('rejected');
  });

  it('fails a rate limit (429) and a server error (500) as retryable, each tried once', async () => {
    double.answers.push({ status: 429, body: twilioError(429, 20429, 'Too Many Requests') });
    const limited = await sendFails(twilioSms());
    expect([limited.code, limited.retryable, limited.details.providerCode]).toEqual([
      'rate_limited',
      true,
      '20429',
    ]);
    double.answers.push({ status: 500, body: 'Internal Server Error', raw: true });
    const down = await sendFails(twilioSms());
    expect([down.code, down.retryable, down.details.status]).toEqual(['unavailable', true, 500]);
    expect(double.requests).toHaveLength(2);
  });

  it('fails an unreachable host as unavailable', async () => {
    const closed = await startTwilioDouble();
    await closed.close();
    const error = await sendFails(twilioSms({ baseUrl: closed.url }));
    expect([error.code, error.retryable]).toEqual(['unavailable', true]);
    expect((await recordedFailure()).message).toMatch(/ECONNREFUSED/);
  });

  it('fails a double that never answers as a timeout', async () => {
    double.answers.push('hang');
    const error = await sendFails(twilioSms({ timeoutMs: 200 }));
    expect([error.code, error.retryable]).toEqual(['timeout', true]);
    expect((await recordedFailure()).code).toBe('timeout');
  });

  it('fails an answer it cannot read, or one without a SID, as malformed', async () => {
    double.answers.push({ status: 201, body: '<html>proxy</html>', raw: true });
    expect((await sendFails(twilioSms())).code).toBe('malformed');
    double.answers.push({ status: 201, body: { status: 'queued' } });
    expect((await sendFails(twilioSms())).code).toBe('malformed');
  });
});
