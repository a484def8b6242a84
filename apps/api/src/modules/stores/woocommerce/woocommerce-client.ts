import {
  assertPublicUrl,
  NonPublicUrlError,
  type AddressLookup,
} from '../../../platform/public-url';
import { StoreApiError, type StoreCredentials } from '../store-adapter';
import { oauthParams } from './woocommerce-signatures';

/** What the adapter keeps (encrypted) for a WooCommerce site: its URL and REST API keys. */
export interface WooKeys {
  url: string;
  consumerKey: string;
  consumerSecret: string;
}

export function keysOf(credentials: StoreCredentials): WooKeys {
  const { url, consumerKey, consumerSecret } = credentials as Partial<WooKeys>;
  if (!url || !consumerKey || !consumerSecret) {
    throw new StoreApiError('auth', 'The WooCommerce credentials are incomplete');
  }
  return { url, consumerKey, consumerSecret };
}

export interface WooRequest {
  method?: 'GET' | 'POST' | 'PUT';
  /** Under `/wp-json/`; `wc/v3` unless another namespace (the Shipment Tracking extension). */
  path: string;
  namespace?: string;
  query?: Record<string, string>;
  body?: unknown;
}

/** Where a merchant's site may be: any public address, or the app's own sandbox store. */
export interface WooReach {
  /** URL prefixes reached though not public (the sandbox store, outside production). */
  allowPrefixes?: readonly string[];
  lookup?: AddressLookup;
}

/**
 * The merchant types the site's URL and the server calls it: a URL reaching this host or the
 * private networks behind it (server-side request forgery) is refused before each request.
 */
export async function assertReachable(url: string, reach: WooReach): Promise<void> {
  try {
    await assertPublicUrl(url, reach);
  } catch (error) {
    if (!(error instanceof NonPublicUrlError)) throw error;
    // A name that does not resolve is a site down, as a failed connection would say.
    throw new StoreApiError(
      error.reason === 'unresolved' ? 'unavailable' : 'refused',
      error.message,
    );
  }
}

/** The longest site title kept: a store's name in lists, not whatever a site sends. */
const TITLE_MAX = 120;
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/**
 * WordPress escapes the site title as HTML when it is saved, and the REST index serves the
 * stored text: «Café & Té» arrives as «Café &amp; Té», «Ana's» as «Ana&#039;s».
 */
export function plainTitle(stored: string): string {
  return stored
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
      if (!code.startsWith('#')) return NAMED_ENTITIES[code.toLowerCase()] ?? entity;
      const point = /^#x/i.test(code) ? parseInt(code.slice(2), 16) : Number(code.slice(1));
      return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : entity;
    })
    .trim()
    .slice(0, TITLE_MAX);
}

/**
 * The site's title from the WordPress REST index (`GET /wp-json/`, public, no keys needed), or
 * null when the site does not give it (index turned off by a security plugin, an error, a
 * redirect, an empty title): the caller then names the store by its address. Never throws,
 * since a missing title must not fail a connection whose keys work.
 */
export async function wooSiteTitle(
  url: string,
  deps: { fetch?: typeof fetch; reach?: WooReach } = {},
): Promise<string | null> {
  // `_fields` trims the index to what is read; without it a site lists every route it has.
  const index = `${url}/wp-json/?_fields=name`;
  try {
    await assertReachable(index, deps.reach ?? {});
    const response = await (deps.fetch ?? fetch)(index, {
      headers: { accept: 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) return null;
    const { name } = (await response.json()) as { name?: unknown };
    const title = typeof name === 'string' ? plainTitle(name) : '';
    return title === '' ? null : title;
  } catch {
    return null;
  }
}

/**
 * One REST call to a WooCommerce site. Over HTTPS the keys go as HTTP Basic; over plain HTTP
 * WooCommerce refuses Basic and wants the request signed with OAuth 1.0a in its query (the
 * secret never travels). Answers are mapped to `StoreApiError` kinds.
 */
export async function wooRequest<T>(
  keys: WooKeys,
  request: WooRequest,
  deps: { fetch?: typeof fetch; now?: () => Date; reach?: WooReach } = {},
): Promise<{ data: T; headers: Headers }> {
  const method = request.method ?? 'GET';
  const url = `${keys.url}/wp-json/${request.namespace ?? 'wc/v3'}${request.path}`;
  await assertReachable(url, deps.reach ?? {});
  const secure = url.startsWith('https://');
  const query = secure
    ? (request.query ?? {})
    : oauthParams(method, url, request.query ?? {}, keys, deps.now?.() ?? new Date());
  const search = new URLSearchParams(query).toString();
  let response: Response;
  try {
    response = await (deps.fetch ?? fetch)(search ? `${url}?${search}` : url, {
      method,
      headers: {
        accept: 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(secure
          ? {
              authorization: `Basic ${Buffer.from(`${keys.consumerKey}:${keys.consumerSecret}`).toString('base64')}`,
            }
          : {}),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      // A redirect is not followed: its target was never checked (it could be a private
      // address) and the OAuth signature names the URL typed. It is refused like a 4xx.
      redirect: 'manual',
      signal: AbortSignal.timeout(20_000),
    });
  } catch (error) {
    throw new StoreApiError('unavailable', `WooCommerce unreachable: ${(error as Error).message}`);
  }
  if (response.ok) {
    return { data: (await response.json()) as T, headers: response.headers };
  }
  const detail = (await response.json().catch(() => null)) as { code?: string } | null;
  const message =
    `WooCommerce ${method} ${request.path}: ${response.status} ${detail?.code ?? ''}`.trim();
  if (response.status === 401 || response.status === 403) throw new StoreApiError('auth', message);
  if (response.status === 404) throw new StoreApiError('not_found', message);
  if (response.status === 429) {
    const seconds = Number(response.headers.get('retry-after')) || 10;
    throw new StoreApiError('throttled', message, seconds * 1000);
  }
  if (response.status >= 500) throw new StoreApiError('unavailable', message);
  throw new StoreApiError('refused', message);
}
