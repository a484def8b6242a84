import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, makeSession } from '../test/fixtures';
import { ApiError, createHttpClient } from './http';
import { clearSession, readRefreshToken, readSession, saveSession, updateSession } from './session';

const REFRESH_URL = '/api/v1/auth/refresh-token/create-access-token';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** A client over a scripted fetch; `calls` records every request made. */
function setup(handler: Handler) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init });
    return handler(String(input), init);
  });
  const onSessionEnd = vi.fn();
  const client = createHttpClient({
    fetch: fetch as typeof globalThis.fetch,
    language: () => 'en',
    onSessionEnd,
  });
  return { client, calls, onSessionEnd };
}

const header = (init: RequestInit, name: string) => new Headers(init.headers).get(name);
const bearer = (init: RequestInit) => header(init, 'authorization');

/** Answers 401 to the expired token, and `data` to the fresh one. */
function expiringApi(refresh: () => Response | Promise<Response>): Handler {
  return (url, init) => {
    if (url === REFRESH_URL) return refresh();
    if (bearer(init) === 'Bearer access-1') {
      return json(401, { error: { code: 'SESSION_EXPIRED', message: 'expired' } });
    }
    return json(200, { data: url });
  };
}

const refreshed = () =>
  json(200, { data: { access_token: 'access-2', refresh_token: 'refresh-2', expires_in: 900 } });

describe('http client', () => {
  beforeEach(() => {
    clearSession();
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('sends JSON with x-language and the bearer token, and returns the body', async () => {
    saveSession(makeSession(), 'SESSION');
    const { client, calls } = setup(() => json(200, { data: { ok: true } }));
    await expect(
      client.request('POST', '/things', { body: { a: 1 }, query: { page: 2 } }),
    ).resolves.toEqual({
      data: { ok: true },
    });
    const [{ url, init }] = calls as [{ url: string; init: RequestInit }];
    expect(url).toBe('/api/v1/things?page=2');
    expect(init.body).toBe('{"a":1}');
    expect(header(init, 'content-type')).toBe('application/json');
    expect(header(init, 'x-language')).toBe('en');
    expect(bearer(init)).toBe('Bearer access-1');
  });

  it('sends no authorization without a session', async () => {
    const { client, calls } = setup(() => json(200, { data: null }));
    await client.request('GET', '/me');
    expect(bearer(calls[0]!.init)).toBeNull();
  });

  it('echoes the XSRF-TOKEN cookie on calls that change things, not on reads', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D123';
    const { client, calls } = setup(() => json(200, { data: null }));
    await client.request('GET', '/me');
    await client.request('PUT', '/users', { body: {} });
    expect(header(calls[0]!.init, 'x-xsrf-token')).toBeNull();
    expect(header(calls[1]!.init, 'x-xsrf-token')).toBe('abc=123');
  });

  it('throws an ApiError with the server code, message and fields', async () => {
    const { client } = setup(() =>
      json(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Revisa los datos marcados.',
          fields: { email: 'Ingresa un correo electrónico válido.' },
        },
      }),
    );
    const error = await client
      .request('POST', '/users', { body: { email: 'x' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Revisa los datos marcados.',
      fields: { email: 'Ingresa un correo electrónico válido.' },
    });
  });

  it('turns a network failure into the generic error in the current language', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('offline')));
    await expect(client.request('GET', '/me')).rejects.toMatchObject({
      code: 'INTERNAL_ERROR',
      message: 'An error has occurred. Please try again later.',
    });
  });

  it('on 401 refreshes the access token, stores both tokens and retries once', async () => {
    saveSession(makeSession(), 'LOCAL');
    const { client, calls } = setup(expiringApi(refreshed));
    await expect(client.request('GET', '/me')).resolves.toEqual({ data: '/api/v1/me' });

    expect(calls.map((call) => call.url)).toEqual(['/api/v1/me', REFRESH_URL, '/api/v1/me']);
    expect(JSON.parse(String(calls[1]!.init.body))).toEqual({ refresh_token: 'refresh-1' });
    expect(bearer(calls[2]!.init)).toBe('Bearer access-2');
    expect(readSession()).toMatchObject({ strategy: 'LOCAL', token: 'access-2' });
    expect(readRefreshToken()).toBe('refresh-2');
  });

  it('shares one refresh among concurrent 401s', async () => {
    saveSession(makeSession(), 'SESSION');
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
    const { client, calls } = setup(expiringApi(() => refreshGate.then(refreshed)));

    const results = Promise.all([
      client.request('GET', '/a'),
      client.request('GET', '/b'),
      client.request('GET', '/c'),
    ]);
    await vi.waitFor(() => expect(calls.filter((c) => c.url === REFRESH_URL)).toHaveLength(1));
    releaseRefresh();

    await expect(results).resolves.toEqual([
      { data: '/api/v1/a' },
      { data: '/api/v1/b' },
      { data: '/api/v1/c' },
    ]);
    expect(calls.filter((call) => call.url === REFRESH_URL)).toHaveLength(1);
    expect(calls).toHaveLength(3 + 1 + 3);
  });

  it('uses the token another tab got while this one waited for the refresh lock', async () => {
    saveSession(makeSession(), 'LOCAL');
    // The other tab holds the lock, rotates the tokens in shared storage, then lets this one in.
    const request = vi.fn(async (_name: string, callback: () => Promise<boolean>) => {
      updateSession({ token: 'access-2' }, 'refresh-2');
      return callback();
    });
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    try {
      const { client, calls } = setup(expiringApi(refreshed));
      await expect(client.request('GET', '/me')).resolves.toEqual({ data: '/api/v1/me' });
      expect(request).toHaveBeenCalledOnce();
      expect(calls.map((call) => call.url)).toEqual(['/api/v1/me', '/api/v1/me']);
      expect(bearer(calls[1]!.init)).toBe('Bearer access-2');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('does not retry a second time when the retried call is refused again', async () => {
    saveSession(makeSession(), 'SESSION');
    const { client, calls } = setup((url) =>
      url === REFRESH_URL
        ? refreshed()
        : json(401, { error: { code: 'UNAUTHENTICATED', message: 'no' } }),
    );
    await expect(client.request('GET', '/me')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(3);
  });

  it.each([401, 403])('logs out when the refresh answers %i', async (status) => {
    saveSession(makeSession(), 'LOCAL');
    const { client, calls, onSessionEnd } = setup(
      expiringApi(() => json(status, { error: { code: 'REFRESH_TOKEN_INVALID', message: 'x' } })),
    );
    await expect(client.request('GET', '/me')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(2);
    expect(readSession()).toBeNull();
    expect(readRefreshToken()).toBeNull();
    expect(onSessionEnd).toHaveBeenCalledExactlyOnceWith('/auth/login');
  });

  it('keeps the session when the refresh fails for another reason', async () => {
    saveSession(makeSession(), 'SESSION');
    const { client, onSessionEnd } = setup(expiringApi(() => json(503)));
    await expect(client.request('GET', '/me')).rejects.toMatchObject({ status: 401 });
    expect(readSession()).not.toBeNull();
    expect(onSessionEnd).not.toHaveBeenCalled();
  });

  it('clears storage and goes to the root on a 403 with the current token', async () => {
    saveSession(makeSession(), 'LOCAL');
    const { client, onSessionEnd } = setup(() =>
      json(403, { error: { code: 'FORBIDDEN', message: 'No tienes permiso.' } }),
    );
    await expect(client.request('GET', '/orders')).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(readSession()).toBeNull();
    expect(readRefreshToken()).toBeNull();
    expect(onSessionEnd).toHaveBeenCalledExactlyOnceWith('/');
  });

  it('leaves the session alone on a 403 for a token that is no longer current', async () => {
    saveSession(makeSession(), 'SESSION');
    const { client, onSessionEnd } = setup(() => {
      saveSession(makeSession({ access_token: 'access-9' }), 'SESSION');
      return json(403, { error: { code: 'FORBIDDEN', message: 'no' } });
    });
    await expect(client.request('GET', '/orders')).rejects.toMatchObject({ status: 403 });
    expect(readSession()?.token).toBe('access-9');
    expect(onSessionEnd).not.toHaveBeenCalled();
  });

  it('does not refresh on a 401 of an anonymous call such as login', async () => {
    const { client, calls, onSessionEnd } = setup(() =>
      json(401, { error: { code: 'INVALID_CREDENTIALS', message: 'El correo o la contraseña…' } }),
    );
    await expect(client.request('POST', '/auth/login', { body: {} })).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    expect(calls).toHaveLength(1);
    expect(onSessionEnd).not.toHaveBeenCalled();
  });
});
