import { SPEI_WEBHOOK } from '@despacho/domain';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import { AppError } from '../../platform/errors';

/**
 * The secret outside production when SPEI_WEBHOOK_SECRET is not set: known on purpose, so a
 * sandbox sender (and the tests) can sign deliveries. Production refuses to start without one.
 */
export const DEV_SPEI_WEBHOOK_SECRET = 'despacho-dev-spei-webhook-secret-not-for-production';

export function speiWebhookSecret(config: Pick<Config, 'NODE_ENV' | 'SPEI_WEBHOOK_SECRET'>) {
  if (config.SPEI_WEBHOOK_SECRET) return config.SPEI_WEBHOOK_SECRET;
  if (config.NODE_ENV === 'production') {
    throw new Error('SPEI_WEBHOOK_SECRET must be set in production (at least 32 characters).');
  }
  return DEV_SPEI_WEBHOOK_SECRET;
}

const hmac = (secret: string, timestamp: string, rawBody: Buffer | string) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();

/** The signature header of a delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signSpeiWebhook(secret: string, unixSeconds: number, rawBody: Buffer | string) {
  const timestamp = String(unixSeconds);
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody).toString('hex')}`;
}

/**
 * Checks a delivery's signature over its raw bytes (WEBHOOK_SIGNATURE_INVALID), then that it
 * was signed within 5 minutes of `now` (WEBHOOK_TIMESTAMP_STALE), so a captured delivery cannot
 * be replayed later. Several `v1` values are accepted while the bank rotates secrets; the
 * comparison takes the same time whatever the bytes.
 */
export function verifySpeiSignature(
  header: string | string[] | undefined,
  rawBody: Buffer,
  secret: string,
  now: Date,
): void {
  if (typeof header !== 'string') throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  const pairs = header.split(',').map((part) => part.trim().split('='));
  const timestamp = pairs.find(([key]) => key === 't')?.[1];
  const signatures = pairs
    .filter(([key, value]) => key === 'v1' && value && /^[0-9a-f]{64}$/i.test(value))
    .map(([, value]) => Buffer.from(value!, 'hex'));
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0) {
    throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  }
  const expected = hmac(secret, timestamp, rawBody);
  const valid = signatures.some(
    (signature) => signature.length === expected.length && timingSafeEqual(signature, expected),
  );
  if (!valid) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  const age = Math.abs(now.getTime() / 1000 - Number(timestamp));
  if (age > SPEI_WEBHOOK.toleranceSeconds) throw new AppError('WEBHOOK_TIMESTAMP_STALE');
}
