import { expect, type Locator, type Page } from '@playwright/test';
import type { Credentials } from './session';

/**
 * The screens' shared pieces by their accessible names, in Spanish (the default language);
 * the language spec passes the English names where it needs them.
 */

/** The permission-filtered menu of the signed-in layout. */
export const mainMenu = (page: Page, name = 'Menú principal'): Locator =>
  page.getByRole('navigation', { name });

/** The dashboard's greeting, its page title. */
export const greeting = (page: Page, name: string, text = `Hola, ${name}`): Locator =>
  page.getByRole('heading', { level: 1, name: text, exact: true });

/** The login form filled in and sent (from /auth/login). */
export async function submitLogin(
  page: Page,
  { email, password }: Credentials,
  { rememberMe = false }: { rememberMe?: boolean } = {},
): Promise<void> {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  if (rememberMe) await page.getByRole('checkbox', { name: 'Recordarme' }).check();
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/** An alert box (form error) that carries `text`, e.g. the server's message. */
export const alertWith = (page: Page, text: string): Locator =>
  page.getByRole('alert').filter({ hasText: text });

/** Opens the dashboard and waits for its greeting: the app is up and signed in as `name`. */
export async function openDashboard(page: Page, name: string): Promise<void> {
  await page.goto('/app/dashboard');
  await expect(greeting(page, name)).toBeVisible();
}

/** Opens the user menu in the header and chooses "Cerrar sesión". */
export async function logOutThroughMenu(
  page: Page,
  labels = { menu: 'Menú de usuario', logout: 'Cerrar sesión' },
): Promise<void> {
  await page.getByRole('button', { name: labels.menu }).click();
  await page.getByRole('menuitem', { name: labels.logout }).click();
  // Signed out once the app is on the login screen: only then is the session gone.
  await expect(page).toHaveURL(/\/auth\/login$/);
}

/** Picks a language in the header's language menu (on any layout). */
export async function chooseLanguage(
  page: Page,
  language: 'Español' | 'English',
  menuLabel = 'Cambiar idioma',
): Promise<void> {
  await page.getByRole('button', { name: menuLabel }).click();
  await page.getByRole('menuitem', { name: language }).click();
}

/** The path (and query) the page is on now, e.g. to compare with a guard's target. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** The app shows its login screen (and nothing of the signed-in layout). */
export async function expectLoginScreen(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/auth\/login(\?|$)/);
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(mainMenu(page)).toHaveCount(0);
}
