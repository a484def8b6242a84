import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import type { Language } from '@despacho/domain';
import { csrfHeaders } from './api';

export interface ApiCallOptions {
  body?: unknown;
  query?: Record<string, string>;
  /** An access token, sent as `Authorization: Bearer`. */
  token?: string;
  language?: Language;
}

/** One call to `/api/v1<path>` as the web client makes it (CSRF echo included); not checked. */
export async function apiCall(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  { body, query, token, language = 'es' }: ApiCallOptions = {},
): Promise<APIResponse> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-language': language,
    ...(method === 'GET' ? {} : await csrfHeaders(request)),
  };
  if (token) headers.authorization = `Bearer ${token}`;
  return request.fetch(`/api/v1${path}`, {
    method,
    headers,
    params: query,
    ...(body === undefined ? {} : { data: body }),
  });
}

/** `data` of an answer with the expected status; otherwise fails with the server's answer. */
export async function dataOf<T>(response: APIResponse, status = 200): Promise<T> {
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBe(status);
  return ((await response.json()) as { data: T }).data;
}

/** The error envelope of a failed call. */
export async function errorOf(
  response: APIResponse,
): Promise<{ code: string; message: string; fields?: Record<string, string> }> {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

/** The server no longer renews a session with this refresh token (revoked, rotated or unknown). */
export async function expectRefreshRefused(
  request: APIRequestContext,
  refreshToken: string,
): Promise<void> {
  const response = await apiCall(request, 'POST', '/auth/refresh-token/create-access-token', {
    body: { refresh_token: refreshToken },
  });
  expect(response.status()).toBe(401);
  expect((await errorOf(response)).code).toBe('REFRESH_TOKEN_INVALID');
}
