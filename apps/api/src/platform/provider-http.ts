import { ProviderError } from './provider-calls';

/** Reads `Retry-After` (seconds or an HTTP date) as milliseconds from now. */
export function retryAfterMs(header: string | null, now: Date): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/**
 * One JSON request to a provider's REST API, its answer read as our code needs it: a 2xx body
 * parsed, a 429 `rate_limited` (with its Retry-After), a 5xx `unavailable`, any other status
 * `rejected` with the provider's own code and message (`describe` reads them from its error
 * body), and a body that is not JSON `malformed`. Meant to run inside `ProviderCalls.run`,
 * which gives the abort signal.
 */
export async function providerJson<T = unknown>(
  provider: string,
  url: string,
  init: RequestInit & { signal: AbortSignal; now: Date },
  describe: (body: unknown) => { code?: string; message?: string } = () => ({}),
): Promise<T> {
  const { now, ...request } = init;
  const response = await fetch(url, request);
  const text = await response.text();
  let body: unknown;
  try {
    body = text.length > 0 ? JSON.parse(text) : null;
  } catch {
    throw new ProviderError(provider, 'malformed', `answer is not JSON (HTTP ${response.status})`, {
      status: response.status,
    });
  }
  if (response.ok) return body as T;
  const { code, message } = describe(body);
  const details = {
    status: response.status,
    ...(code ? { providerCode: code } : {}),
  };
  const said = message ?? `HTTP ${response.status}`;
  if (response.status === 429) {
    const wait = retryAfterMs(response.headers.get('retry-after'), now);
    throw new ProviderError(provider, 'rate_limited', said, {
      ...details,
      ...(wait !== undefined ? { retryAfterMs: wait } : {}),
    });
  }
  if (response.status >= 500) throw new ProviderError(provider, 'unavailable', said, details);
  throw new ProviderError(provider, 'rejected', said, details);
}
