import { expect, test } from '@playwright/test';
import {
  apiCall,
  createMerchant,
  E2E_BASE_URL,
  expectRefreshRefused,
  greeting,
  latestMessage,
  linkIn,
  logOutThroughMenu,
  pathOf,
  submitLogin,
} from '../support';

// Forgotten password: the mailed single-use link sets a new one. The user is new (the spec
// changes their password).

test('a recovery link sets a new password once, and signs out every session', async ({
  page,
  request,
}) => {
  const { person, session } = await createMerchant(request);
  const newPassword = 'Nueva#2025b';

  await page.goto('/auth/login');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page.getByRole('heading', { name: 'Recupera tu contraseña' })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(person.email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByText(`Si ${person.email} tiene una cuenta en Despacho`)).toBeVisible();

  const mail = await latestMessage(request, person.email, { channel: 'email' });
  expect(mail.subject).toBe('Recupera tu contraseña de Despacho');
  const link = linkIn(mail);
  expect(link).toMatch(new RegExp(`^${E2E_BASE_URL}/recovery-password/[^/]+$`));
  const token = link.split('/').pop()!;

  // The link opens the form (the spec's path leads to /auth/recovery-password/<token>).
  await page.goto(link);
  await expect(page).toHaveURL(`/auth/recovery-password/${token}`);
  await expect(page.getByRole('heading', { name: 'Crea una contraseña nueva' })).toBeVisible();
  await page.getByLabel('Contraseña', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirmar contraseña').fill(newPassword);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();

  await expect(page.getByText('Tu contraseña se actualizó. Inicia sesión con ella.')).toBeVisible();
  await expect(page).toHaveURL('/auth/login');

  // The old password no longer opens the account; the new one does.
  const old = await apiCall(request, 'POST', '/auth/login', {
    body: { email: person.email, password: person.password },
  });
  expect(old.status()).toBe(401);
  await submitLogin(page, { email: person.email, password: newPassword });
  await expect(greeting(page, person.name)).toBeVisible();
  expect(pathOf(page)).toBe('/app/dashboard');

  // Sessions opened before the reset were ended by it.
  await expectRefreshRefused(request, session.refresh_token);

  // The link served once: opened again, it is refused.
  await logOutThroughMenu(page);
  await page.goto(link);
  await expect(page).toHaveURL('/auth/invalid-token');
  await expect(page.getByRole('heading', { name: 'Este enlace no es válido' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cambiar contraseña' })).toHaveCount(0);
});

test('an unknown recovery link shows the invalid-link page and its ways forward', async ({
  page,
}) => {
  await page.goto('/recovery-password/no-existe-este-token');
  await expect(page).toHaveURL('/auth/invalid-token');
  await expect(page.getByRole('heading', { name: 'Este enlace no es válido' })).toBeVisible();
  await page.getByRole('link', { name: 'Pedir un enlace nuevo' }).click();
  await expect(page.getByRole('heading', { name: 'Recupera tu contraseña' })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'Ir a iniciar sesión' }).click();
  await expect(page).toHaveURL('/auth/login');
});
