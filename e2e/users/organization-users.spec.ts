import { expect, test } from '@playwright/test';
import {
  greeting,
  latestMessage,
  linkIn,
  mainMenu,
  newPerson,
  pathOf,
  signInAsNewMerchant,
} from '../support';

// Organization users (settings/users): invite by email, accept the link, manage the user.

test('an owner invites a member, who accepts the emailed link and sees only what was granted; deactivating ends their session', async ({
  page,
  request,
  browser,
}) => {
  await signInAsNewMerchant(page, request);
  await page.goto('/app/settings/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Usuarios' })).toBeVisible();
  // The owner's own status cannot be switched off.
  await expect(page.getByRole('switch', { name: /^Estado de / })).toBeDisabled();

  // Invite a member who may open Recolección and Ayuda.
  const invitee = newPerson('miembro');
  await page.getByRole('button', { name: 'Invitar usuario' }).click();
  const modal = page.getByRole('dialog', { name: 'Invitar usuario' });
  await modal.getByLabel('Correo electrónico').fill(invitee.email);
  await modal.getByRole('radio', { name: /^Miembro/ }).check();
  await modal.getByRole('checkbox', { name: 'Recolección' }).check();
  await modal.getByRole('checkbox', { name: 'Ayuda' }).check();
  await modal.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(modal).toBeHidden();
  const pending = page.getByRole('region', { name: 'Invitaciones pendientes' });
  await expect(pending.getByText(invitee.email)).toBeVisible();

  // The invitee opens the link in their own browser.
  const link = linkIn(await latestMessage(request, invitee.email, { channel: 'email' }));
  expect(new URL(link).pathname).toBe('/invitation');
  const theirs = await browser.newContext();
  const invitedPage = await theirs.newPage();
  await invitedPage.goto(link);
  await expect(invitedPage.getByRole('heading', { name: 'Crea tu usuario' })).toBeVisible();
  await invitedPage.getByLabel('Nombre', { exact: true }).fill('Rubén');
  await invitedPage.getByLabel('Apellido').fill('Invitado');
  await invitedPage.getByLabel('Teléfono').fill(invitee.phone);
  await invitedPage.getByLabel('Contraseña', { exact: true }).fill(invitee.password);
  await invitedPage.getByLabel('Confirmar contraseña').fill(invitee.password);
  await invitedPage.getByRole('button', { name: 'Crear mi usuario' }).click();
  // Home is the Dashboard (it comes with any choice outside Envíos); the menu holds the rest.
  await expect(greeting(invitedPage, 'Rubén')).toBeVisible();
  expect(pathOf(invitedPage)).toBe('/app/dashboard');
  const menu = mainMenu(invitedPage);
  await expect(menu.getByText('Ayuda')).toBeVisible();
  await expect(menu.getByText('Finanzas')).toHaveCount(0);
  await expect(menu.getByText('Configuración')).toHaveCount(0);

  // The link works once: opened again in a fresh browser it is refused.
  const fresh = await browser.newContext();
  const freshPage = await fresh.newPage();
  await freshPage.goto(link);
  await expect(freshPage).toHaveURL(/\/auth\/invalid-token$/);
  await fresh.close();

  // The owner deactivates the member after confirming; the member's next call ends the session.
  await page.reload();
  await page.getByRole('switch', { name: 'Estado de Rubén Invitado' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Desactivar a Rubén Invitado?' });
  await confirm.getByRole('button', { name: 'Desactivar' }).click();
  await expect(page.getByRole('switch', { name: 'Estado de Rubén Invitado' })).not.toBeChecked();

  await invitedPage.goto('/app/support/tickets');
  await expect(invitedPage).toHaveURL(/\/auth\/login/);
  await theirs.close();
});
