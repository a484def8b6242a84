import { expect, test } from '@playwright/test';
import type { Me } from '@despacho/domain';
import {
  alertWith,
  apiCall,
  chooseLanguage,
  currentSession,
  dataOf,
  DEMO,
  greeting,
  logOutThroughMenu,
  mainMenu,
  openDashboard,
  signInAsNewMerchant,
  submitLogin,
} from '../support';

// es/en: the switch changes the texts at once, is saved on the user (PATCH
// user/change-language), and the API answers in it (x-language). The user is new: the language
// is theirs to keep.

test('English is applied at once, saved on the user, kept across reloads; the login page choice sticks', async ({
  page,
  request,
}) => {
  const { person, session } = await signInAsNewMerchant(page, request);
  await openDashboard(page, person.name);

  const saved = page.waitForResponse('**/api/v1/user/change-language?language=en');
  await chooseLanguage(page, 'English');
  const answer = await saved;
  expect(answer.request().method()).toBe('PATCH');
  expect(answer.status()).toBe(200);

  const inEnglish = async () => {
    await expect(greeting(page, person.name, `Hello, ${person.name}`)).toBeVisible();
    const menu = mainMenu(page, 'Main menu');
    for (const module of ['Dashboard', 'Shipments', 'Finances', 'Settings', 'Help']) {
      await expect(menu.getByText(module, { exact: true }), module).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Contact a consultant' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Current balance' })).toContainText('$');
    await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(mainMenu(page)).toHaveCount(0); // nothing left in Spanish
  };
  await inEnglish();
  expect((await currentSession(page)).record.user.language).toBe('en');
  const me = await dataOf<Me>(
    await apiCall(request, 'GET', '/me', { token: session.access_token }),
  );
  expect(me.user.language).toBe('en');

  await page.reload();
  await inEnglish();

  // Signed out, the browser remembers English; choosing Spanish on the login page is saved on
  // the user as they sign in, so the choice sticks.
  await logOutThroughMenu(page, { menu: 'User menu', logout: 'Log out' });
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await chooseLanguage(page, 'Español', 'Change language');
  await expect(page.getByRole('heading', { name: 'Inicia sesión' })).toBeVisible();
  const chosen = page.waitForResponse('**/api/v1/user/change-language?language=es');
  await submitLogin(page, person);
  expect((await chosen).status()).toBe(200);
  await expect(greeting(page, person.name)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const { record } = await currentSession(page);
  expect(record.user.language).toBe('es');
  const after = await dataOf<Me>(await apiCall(request, 'GET', '/me', { token: record.token }));
  expect(after.user.language).toBe('es');
});

test('API messages arrive in the language of the screen', async ({ page }) => {
  await page.goto('/auth/login');
  await chooseLanguage(page, 'English');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();

  await page.getByLabel('Email').fill(DEMO.owner.email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong#2025');
  const answer = page.waitForResponse('**/api/v1/auth/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  const refused = await answer;
  expect(refused.request().headers()['x-language']).toBe('en');
  expect(refused.status()).toBe(401);
  await expect(alertWith(page, 'The email or password is incorrect.')).toBeVisible();

  // And back in Spanish, the same mistake is told in Spanish.
  await chooseLanguage(page, 'Español', 'Change language');
  const again = page.waitForResponse('**/api/v1/auth/login');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  expect((await again).request().headers()['x-language']).toBe('es');
  await expect(alertWith(page, 'El correo o la contraseña no son correctos.')).toBeVisible();
});
