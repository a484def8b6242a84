import { expect, test, type Request } from '@playwright/test';
import { decodeJwt } from 'jose';
import {
  apiCall,
  currentSession,
  dataOf,
  DEMO,
  expectLoginScreen,
  expectNoStoredSession,
  expiredCopyOf,
  greeting,
  openDashboard,
  pathOf,
  replaceStoredToken,
  signInAs,
} from '../support';

// The access token lives 15 minutes; the web client renews it with the refresh token when the
// API says it expired. Here the stored token is replaced by a genuinely expired one (same user
// and claims, signed with the e2e server's secret) instead of waiting.

const REFRESH_PATH = '/api/v1/auth/refresh-token/create-access-token';
const isRefresh = (request: Request) => new URL(request.url()).pathname === REFRESH_PATH;

test('an expired access token is renewed once, transparently, and the page works', async ({
  page,
  request,
}) => {
  const session = await signInAs(page, request, DEMO.owner);
  await openDashboard(page, DEMO.owner.name);
  // The charts load after the figures: once drawn, nothing asks the API until the reload, so no
  // call renews the token below before the reload does.
  await expect(page.getByRole('table', { name: 'Envíos por día y paquetería' })).toBeAttached();

  const expired = await expiredCopyOf(session.access_token);
  await replaceStoredToken(page, expired);

  const refreshes: Request[] = [];
  page.on('request', (sent) => isRefresh(sent) && refreshes.push(sent));
  const rejected = page.waitForResponse(
    (answer) =>
      new URL(answer.url()).pathname === '/api/v1/dashboard/summary' && answer.status() === 401,
  );
  const refreshed = page.waitForResponse((answer) => isRefresh(answer.request()));
  await page.reload();

  // The first calls are refused as expired…
  expect((await (await rejected).json()).error.code).toBe('SESSION_EXPIRED');
  // …the client presents the stored refresh token…
  const answer = await refreshed;
  expect(answer.status()).toBe(200);
  expect(answer.request().postDataJSON()).toEqual({ refresh_token: session.refresh_token });
  const renewed = (
    (await answer.json()) as { data: { access_token: string; refresh_token: string } }
  ).data;

  // …and the page carries on with the new token: nothing tells the user.
  await expect(greeting(page, DEMO.owner.name)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Saldo actual' })).toContainText('$');
  await expect(page.getByRole('group', { name: 'Envíos realizados' })).toContainText(/\d/);
  expect(pathOf(page)).toBe('/app/dashboard');

  const { record, refreshToken } = await currentSession(page);
  expect(record.strategy).toBe('SESSION');
  expect(record.token).toBe(renewed.access_token);
  expect(record.token).not.toBe(expired);
  expect(decodeJwt(record.token).exp! * 1000).toBeGreaterThan(Date.now());
  // The refresh token rotates with every use.
  expect(refreshToken).toBe(renewed.refresh_token);
  expect(refreshToken).not.toBe(session.refresh_token);

  // The calls that failed together shared one refresh: a second one would present a rotated
  // token, which the server takes for theft and answers by ending the whole session.
  expect(refreshes).toHaveLength(1);
  // The renewed session keeps working for what the user does next.
  await page.getByRole('button', { name: 'Contactar a un asesor' }).click();
  await expect(page.getByRole('dialog', { name: 'Chat con un asesor' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Mensaje' })).toBeVisible();
  expect(refreshes).toHaveLength(1);
});

test('a revoked refresh token ends the session at the login screen', async ({ page, request }) => {
  const session = await signInAs(page, request, DEMO.owner);
  await openDashboard(page, DEMO.owner.name);

  // The session is signed out elsewhere (its refresh-token family revoked) and the access
  // token runs out while the page stays open.
  await dataOf(
    await apiCall(request, 'POST', '/auth/logout', {
      body: { refresh_token: session.refresh_token },
    }),
  );
  const refused = page.waitForResponse((answer) => isRefresh(answer.request()));
  await replaceStoredToken(page, await expiredCopyOf(session.access_token));

  // The next call the page makes needs a new token: the user's click, or a refresh the
  // dashboard makes on its own if that comes first (then the button is already gone).
  void page
    .getByRole('button', { name: 'Contactar a un asesor' })
    .click()
    .catch(() => undefined);
  const answer = await refused;
  expect(answer.status()).toBe(401);
  expect((await answer.json()).error.code).toBe('REFRESH_TOKEN_INVALID');

  await expectLoginScreen(page);
  await expectNoStoredSession(page);
});
