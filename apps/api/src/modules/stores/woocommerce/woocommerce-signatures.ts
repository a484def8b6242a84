import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * WooCommerce's two signatures, computed alike by the adapter and the sandbox store so both
 * follow the one documented scheme: OAuth 1.0a one-legged query signing (REST API keys over
 * plain HTTP) and the webhook's `X-WC-Webhook-Signature`.
 */

function sameBytes(left: Buffer, right: Buffer): boolean {
  return left.length === right.length && timingSafeEqual(left, right);
}

/** RFC 3986 encoding, as OAuth 1.0a requires (`encodeURIComponent` leaves !'()* alone). */
const encode = (value: string) =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * The `oauth_signature` of a request: base64 HMAC-SHA256 over `METHOD&url&params` (params
 * sorted by name, `oauth_signature` left out), keyed by the consumer secret and an empty token
 * secret (`secret&`), as WooCommerce's REST authentication checks it.
 */
export function oauthSignature(
  method: string,
  url: string,
  params: Record<string, string>,
  consumerSecret: string,
): string {
  const normalized = Object.entries(params)
    .filter(([name]) => name !== 'oauth_signature')
    .map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const base = [method.toUpperCase(), encode(url), encode(normalized)].join('&');
  return createHmac('sha256', `${encode(consumerSecret)}&`)
    .update(base)
    .digest('base64');
}

/** The query parameters that sign one request with the consumer key over plain HTTP. */
export function oauthParams(
  method: string,
  url: string,
  query: Record<string, string>,
  keys: { consumerKey: string; consumerSecret: string },
  now: Date,
): Record<string, string> {
  const params = {
    ...query,
    oauth_consumer_key: keys.consumerKey,
    oauth_nonce: randomBytes(16).toString('hex'),
    oauth_signature_method: 'HMAC-SHA256',
    oauth_timestamp: String(Math.floor(now.getTime() / 1000)),
  };
  return {
    ...params,
    oauth_signature: oauthSignature(method, url, params, keys.consumerSecret),
  };
}

export function oauthValid(
  method: string,
  url: string,
  params: Record<string, string>,
  consumerSecret: string,
): boolean {
  const given = params.oauth_signature;
  if (!given) return false;
  return sameBytes(
    Buffer.from(given),
    Buffer.from(oauthSignature(method, url, params, consumerSecret)),
  );
}

/** `X-WC-Webhook-Signature`: base64 HMAC-SHA256 of the raw body with the webhook's secret. */
export function webhookSignature(rawBody: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

/** Checked on the bytes received: a body parsed and serialized again no longer matches. */
export function webhookSignatureValid(
  header: string | undefined,
  rawBody: Buffer,
  secret: string,
): boolean {
  if (!header || !/^[A-Za-z0-9+/]{43}=$/.test(header)) return false;
  return sameBytes(
    Buffer.from(header, 'base64'),
    Buffer.from(webhookSignature(rawBody, secret), 'base64'),
  );
}
