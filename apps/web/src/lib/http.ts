import {
  authContract,
  errorMessage,
  type ApiErrorBody,
  type Language,
  type RefreshResult,
} from '@despacho/domain';
import { currentLanguage } from './i18n';
import { LOGIN_PATH } from './paths';
import { clearSession, readRefreshToken, readSession, updateSession } from './session';

const API_BASE = '/api/v1';

/** A failed call: the server's code, its message (already in the user's language) and fields. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Query = Record<string, string | number | boolean | undefined | null>;
export interface RequestOptions {
  /** JSON, or `FormData` for a file upload (multipart, the browser sets the boundary). */
  body?: unknown;
  query?: Query;
  /** `blob` reads a file answer (an image, a PDF) instead of JSON. */
  as?: 'json' | 'blob';
  /** Extra headers, e.g. the `Idempotency-Key` of a call that moves money. */
  headers?: Record<string, string>;
}

export interface HttpClientOptions {
  fetch?: typeof fetch;
  language?: () => Language;
  /** Where the user goes when the session ends: `/auth/login` or `/`. */
  onSessionEnd: (path: string) => void;
}

/** Success bodies are `{ data: … }`. */
export interface ApiData<T> {
  data: T;
}

export const unwrap = <T>(call: Promise<ApiData<T>>): Promise<T> => call.then((body) => body.data);

function url(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

export function xsrfToken(): string | null {
  const match = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isErrorBody(body: unknown): body is ApiErrorBody {
  return typeof body === 'object' && body !== null && 'error' in body;
}

/**
 * The JSON client of spec §7/§4: x-language and bearer headers, CSRF double-submit, and the
 * session rules — a 401 refreshes the access token once (concurrent 401s share one refresh) and
 * retries; a failed refresh logs out; a 403 on the current token clears storage.
 */
export function createHttpClient(options: HttpClientOptions) {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const language = options.language ?? currentLanguage;
  const endSession = (path: string) => {
    clearSession();
    options.onSessionEnd(path);
  };

  function send(method: string, path: string, call: RequestOptions, token: string | null) {
    const headers: Record<string, string> = {
      ...call.headers,
      accept: 'application/json',
      'x-language': language(),
    };
    const form = typeof FormData !== 'undefined' && call.body instanceof FormData;
    if (call.body !== undefined && !form) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const csrf = method === 'GET' ? null : xsrfToken();
    if (csrf) headers['x-xsrf-token'] = csrf;
    return doFetch(url(path, call.query), {
      method,
      headers,
      body:
        call.body === undefined || form
          ? (call.body as FormData | undefined)
          : JSON.stringify(call.body),
      credentials: 'same-origin',
    });
  }

  async function toError(response: Response | null): Promise<ApiError> {
    const status = response?.status ?? 0;
    const body = response ? await readBody(response) : undefined;
    if (isErrorBody(body)) {
      const { code, message, fields, details } = body.error;
      return new ApiError(status, code, message, fields, details);
    }
    return new ApiError(status, 'INTERNAL_ERROR', errorMessage('INTERNAL_ERROR', language()));
  }

  let refreshing: Promise<boolean> | null = null;

  /** True when a new access token is stored; on 401/403 the session ends. */
  async function refresh(failedToken: string): Promise<boolean> {
    // Another tab sharing this session may have refreshed while this one waited for the lock.
    if (readSession() && readSession()?.token !== failedToken) return true;
    const refreshToken = readRefreshToken();
    if (!refreshToken) {
      endSession(LOGIN_PATH);
      return false;
    }
    // Sent as is, not through `call`: a refresh must not itself refresh on a 401.
    const response = await send(
      authContract.refresh.method,
      authContract.refresh.path,
      { body: { refresh_token: refreshToken } },
      null,
    ).catch(() => null);
    const body = response?.ok ? ((await readBody(response)) as ApiData<RefreshResult>) : null;
    if (body?.data?.access_token) {
      // The refresh token rotates; keep the old one if an answer carries none.
      updateSession({ token: body.data.access_token }, body.data.refresh_token ?? undefined);
      return true;
    }
    if (response?.status === 401 || response?.status === 403) endSession(LOGIN_PATH);
    return false;
  }

  /**
   * One refresh at a time: within the tab through a shared promise, across tabs (a remembered
   * session lives in localStorage) through a Web Lock. Presenting an already rotated refresh
   * token would end the whole session on the server, so a tab that waited reuses the new one.
   */
  function refreshOnce(failedToken: string): Promise<boolean> {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    refreshing ??= (
      locks
        ? locks.request('despacho.session-refresh', () => refresh(failedToken))
        : refresh(failedToken)
    ).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function request<T>(method: string, path: string, call: RequestOptions = {}) {
    const attempt = (token: string | null) => send(method, path, call, token).catch(() => null);
    let token = readSession()?.token ?? null;
    let response = await attempt(token);
    if (response?.status === 401 && token) {
      // A call that left before another one refreshed just retries with the newer token.
      const renewed = readSession()?.token !== token || (await refreshOnce(token));
      const current = readSession()?.token ?? null;
      if (renewed && current) {
        token = current;
        response = await attempt(token);
      }
    }
    if (response?.ok) {
      return (call.as === 'blob' ? await response.blob() : await readBody(response)) as T;
    }
    if (response?.status === 403 && token && token === readSession()?.token) endSession('/');
    throw await toError(response);
  }

  // Only the contract client (`api-client.ts`) calls it: an API path is written in no other place.
  return { request };
}

let sessionEndHandler = (path: string) => window.location.assign(path);

/** The app sends session ends through its router instead of reloading the page. */
export function setSessionEndHandler(handler: (path: string) => void) {
  sessionEndHandler = handler;
}

export const http = createHttpClient({ onSessionEnd: (path) => sessionEndHandler(path) });
