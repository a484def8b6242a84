import { vi } from 'vitest';
import { json } from './fixtures';

type Route = (body: unknown, url: URL) => Response;

/**
 * Stubs `fetch` with answers keyed by "METHOD /path" (under /api/v1); anything else is 404.
 * Returns the recorded calls.
 */
export function stubApi(answers: Record<string, Route>) {
  const calls: { key: string; body: unknown; headers: Headers }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://despacho.test');
      const key = `${init.method ?? 'GET'} ${url.pathname.replace('/api/v1', '')}`;
      // Uploads are recorded as the FormData they are; everything else is JSON.
      const body =
        init.body instanceof FormData
          ? init.body
          : init.body
            ? JSON.parse(String(init.body))
            : undefined;
      calls.push({ key, body, headers: new Headers(init.headers) });
      const answer = answers[key];
      return answer
        ? answer(body, url)
        : json(404, { error: { code: 'NOT_FOUND', message: 'No encontramos lo que buscas.' } });
    }),
  );
  return calls;
}
