import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Shopify's two signatures, computed alike by the adapter (verifying) and the sandbox store
 * (signing), so both sides follow the one documented scheme.
 */

function sameBytes(left: Buffer, right: Buffer): boolean {
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The OAuth callback's `hmac`: hex HMAC-SHA256, with the app's secret, of the query's other
 * parameters sorted by name and joined as `name=value&…` (`signature` is left out too).
 */
export function oauthQueryHmac(query: Record<string, string>, secret: string): string {
  const message = Object.keys(query)
    .filter((key) => key !== 'hmac' && key !== 'signature')
    .sort()
    .map((key) => `${key}=${query[key]}`)
    .join('&');
  return createHmac('sha256', secret).update(message).digest('hex');
}

export function oauthQueryValid(query: Record<string, string>, secret: string): boolean {
  const given = query.hmac;
  if (!given || !/^[0-9a-f]{64}$/i.test(given)) return false;
  return sameBytes(Buffer.from(given, 'hex'), Buffer.from(oauthQueryHmac(query, secret), 'hex'));
}

/** `X-Shopify-Hmac-Sha256`: base64 HMAC-SHA256 of the raw body with the app's secret. */
export function webhookHmac(rawBody: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

/** Checked on the bytes received: a body parsed and serialized again no longer matches. */
export function webhookHmacValid(
  header: string | undefined,
  rawBody: Buffer,
  secret: string,
): boolean {
  if (!header || !/^[A-Za-z0-9+/]{43}=$/.test(header)) return false;
  return sameBytes(
    Buffer.from(header, 'base64'),
    Buffer.from(webhookHmac(rawBody, secret), 'base64'),
  );
}
