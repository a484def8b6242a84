import { expect, test } from '@playwright/test';
import { AUTH_RULES } from '@despacho/domain';
import {
  alertWith,
  apiCall,
  DEMO,
  expectLoginScreen,
  expectNoStoredSession,
  greeting,
  pathOf,
  storedSession,
  submitLogin,
} from '../support';

// Sign-in through the login form with the demo owner (signing in changes nothing of the user).

test('without "Recordarme" the session lives in this tab only', async ({ page, context }) => {
  await page.goto('/auth/login');
  await submitLogin(page, DEMO.owner);
  await expect(page).toHaveURL('/app/dashboard');
  await expect(greeting(page, DEMO.owner.name)).toBeVisible();

  const stored = await storedSession(page);
  expect(stored.session.record).toMatchObject({
    strategy: 'SESSION',
    user: { email: DEMO.owner.email },
    organization: { company: DEMO.owner.company },
  });
  expect(stored.session.record?.token).toMatch(/^ey/);
  expect(stored.session.refreshToken).toBeTruthy();
  expect(stored.local).toEqual({ record: null, refreshToken: null });

  // The same tab keeps it across a reload…
  await page.reload();
  await expect(greeting(page, DEMO.owner.name)).toBeVisible();
  expect(pathOf(page)).toBe('/app/dashboard');

  // …but a new tab of the same browser does not have it.
  const otherTab = await context.newPage();
  await otherTab.goto('/app/dashboard');
  await expectLoginScreen(otherTab);
  expect(pathOf(otherTab)).toBe('/auth/login?redirect=%2Fapp%2Fdashboard');
});

// Decision 030: a cold signed-out login draws without the app's code, then hands the same page over.
test('a cold login loads the app only when used, and signing in keeps the page', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const loaded = (chunk: string) => scripts.some((file) => file.startsWith(`/assets/${chunk}-`));
  await page.goto('/auth/login?redirect=%2Fapp%2Fpickup');
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(['router', 'zod', 'forms', 'app'].filter(loaded)).toEqual([]);
  // Marks this document: a full page load would lose it.
  await page.evaluate(() => Object.assign(globalThis, { sameDocument: true }));

  // The shared schema comes with the first keystroke.
  const zod = page.waitForRequest(/\/assets\/zod-/);
  await page.getByLabel('Correo electrónico').fill(DEMO.owner.email);
  await zod;
  await submitLogin(page, DEMO.owner);
  await expect(page).toHaveURL('/app/pickup');
  await expect(page.getByRole('heading', { level: 1, name: 'Recolección' })).toBeVisible();
  expect(await page.evaluate(() => 'sameDocument' in globalThis)).toBe(true);
});

test('with "Recordarme" the session is kept for every tab of the browser', async ({
  page,
  context,
}) => {
  await page.goto('/auth/login');
  await submitLogin(page, DEMO.owner, { rememberMe: true });
  await expect(greeting(page, DEMO.owner.name)).toBeVisible();

  const stored = await storedSession(page);
  expect(stored.local.record).toMatchObject({
    strategy: 'LOCAL',
    user: { email: DEMO.owner.email },
  });
  expect(stored.local.refreshToken).toBeTruthy();
  expect(stored.session).toEqual({ record: null, refreshToken: null });

  const otherTab = await context.newPage();
  await otherTab.goto('/app/dashboard');
  await expect(greeting(otherTab, DEMO.owner.name)).toBeVisible();
  expect(pathOf(otherTab)).toBe('/app/dashboard');
  // Its API calls are authorized too: the figures load.
  await expect(otherTab.getByRole('group', { name: 'Saldo actual' })).toContainText('$');
});

test('a wrong password shows the server message and signs nobody in', async ({ page }) => {
  await page.goto('/auth/login');
  const answer = page.waitForResponse('**/api/v1/auth/login');
  await submitLogin(page, { email: DEMO.owner.email, password: 'Equivocada#1' });
  expect((await answer).status()).toBe(401);

  await expect(alertWith(page, 'El correo o la contraseña no son correctos.')).toBeVisible();
  await expectLoginScreen(page);
  // The form stays as it was, ready for another try.
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(DEMO.owner.email);
  await expectNoStoredSession(page);
});

test('after repeated failures on one email the form says when to try again', async ({
  page,
  request,
}) => {
  // Any email is counted, registered or not: a fresh one keeps the other specs' users untouched.
  const email = `bloqueo.${Date.now()}@example.mx`;
  for (let i = 0; i < AUTH_RULES.loginBackoff.afterFailures; i += 1) {
    const failed = await apiCall(request, 'POST', '/auth/login', {
      body: { email, password: 'Equivocada#1' },
    });
    expect(failed.status()).toBe(401);
  }

  await page.goto('/auth/login');
  const answer = page.waitForResponse('**/api/v1/auth/login');
  await submitLogin(page, { email, password: 'Equivocada#2' });
  expect((await answer).status()).toBe(429);
  await expect(
    alertWith(page, 'Demasiados intentos de inicio de sesión. Intenta de nuevo en 1 min.'),
  ).toBeVisible();
  await expectLoginScreen(page);
  await expectNoStoredSession(page);
});
