import { expect, type APIRequestContext } from '@playwright/test';
import type { Session } from '@despacho/domain';
import { CSRF_COOKIE, CSRF_HEADER } from '../../apps/api/src/platform/csrf';

/**
 * The CSRF header for unsafe API calls made with Playwright's `request`. That context keeps the
 * `XSRF-TOKEN` cookie the server sets on the first answer, and from then on the server wants the
 * cookie echoed in `x-xsrf-token` on every POST/PUT/PATCH/DELETE (or it answers 403).
 */
export async function csrfHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const find = async () =>
    (await request.storageState()).cookies.find((cookie) => cookie.name === CSRF_COOKIE);
  let cookie = await find();
  if (!cookie) {
    await request.get('/api/v1/health');
    cookie = await find();
  }
  return cookie ? { [CSRF_HEADER]: cookie.value } : {};
}

/** Signs in through the API (no browser) and answers the session: tokens, user, organization. */
export async function signInByApi(
  request: APIRequestContext,
  credentials: { email: string; password: string; remember_me?: boolean },
): Promise<Session> {
  const response = await request.post('/api/v1/auth/login', {
    data: credentials,
    headers: await csrfHeaders(request),
  });
  expect(response.status(), `POST /api/v1/auth/login as ${credentials.email}`).toBe(200);
  return ((await response.json()) as { data: Session }).data;
}
