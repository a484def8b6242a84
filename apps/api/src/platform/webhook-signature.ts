import { localizeIssues, type Language } from '@despacho/domain';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import type { Config } from '../config';
import { AppError } from './errors';

/**
 * The signature scheme of every webhook we receive (the bank's SPEI transfers, the carriers'
 * status pushes; decisions 014 and 017): a header `t=<unix seconds>,v1=<hex>` where v1 is
 * HMAC-SHA256 with the sender's secret over `${t}.${raw body}`.
 */

/**
 * The secret of one webhook: the configured one, or outside production a fixed development
 * secret — known on purpose, so sandbox senders and tests can sign. Production refuses to start
 * without one.
 */
export function webhookSecret(
  config: Pick<Config, 'NODE_ENV'>,
  setting: { name: string; value: string | undefined; developmentDefault: string },
): string {
  if (setting.value) return setting.value;
  if (config.NODE_ENV === 'production') {
    throw new Error(`${setting.name} must be set in production (at least 32 characters).`);
  }
  return setting.developmentDefault;
}

const hmac = (secret: string, timestamp: string, rawBody: Buffer | string) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();

/** The signature header of a delivery signed at `unixSeconds`. */
export function signWebhook(secret: string, unixSeconds: number, rawBody: Buffer | string) {
  const timestamp = String(unixSeconds);
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody).toString('hex')}`;
}

/**
 * Checks a delivery's signature over its raw bytes (WEBHOOK_SIGNATURE_INVALID), then that it
 * was signed within `toleranceSeconds` of `now` (WEBHOOK_TIMESTAMP_STALE), so a captured
 * delivery cannot be replayed later. Several `v1` values are accepted while the sender rotates
 * secrets; the comparison takes the same time whatever the bytes.
 */
export function verifyWebhookSignature(
  header: string | string[] | undefined,
  rawBody: Buffer,
  secret: string,
  now: Date,
  toleranceSeconds: number,
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
  if (age > toleranceSeconds) throw new AppError('WEBHOOK_TIMESTAMP_STALE');
}

/**
 * A verified delivery's body read as `schema` says: JSON that does not parse, or does not fit,
 * is VALIDATION_FAILED (with the fields, in the caller's language), as any other request's body.
 */
export function parseSignedBody<S extends z.ZodType>(
  rawBody: Buffer,
  schema: S,
  language: Language,
): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new AppError('VALIDATION_FAILED');
  }
  return parseSignedFields(json, schema, language);
}

/** A verified delivery's decoded body (JSON or a form's fields) as `schema` reads it. */
export function parseSignedFields<S extends z.ZodType>(
  fields: unknown,
  schema: S,
  language: Language,
): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', {}, localizeIssues(parsed.error.issues, language));
  }
  return parsed.data;
}
