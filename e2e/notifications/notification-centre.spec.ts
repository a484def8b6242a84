import { expect, test } from '@playwright/test';
import { DEMO, signInAs } from '../support';
import { checkScreen } from '../support/a11y';

// Issue 23: staff publish a news item; the merchant sees it on the dashboard, and the bell and
// the notifications page pass axe at every width.

const title = `Novedad e2e ${Date.now()}`;

test('staff publish news that the merchant reads on the dashboard', async ({ page, request }) => {
  await signInAs(page, request, DEMO.staff);
  await page.goto('/staff/news');
  await expect(page.getByRole('heading', { level: 1, name: 'Novedades' })).toBeVisible();
  await checkScreen(page, 'staff-news');

  await page.getByRole('button', { name: 'Publicar novedad' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publicar novedad' });
  await dialog.getByLabel('Título en español').fill(title);
  await dialog.getByLabel('Texto en español').fill('El almacén abre a las 8.');
  await dialog.getByLabel('Título en inglés').fill('E2E news');
  await dialog.getByLabel('Texto en inglés').fill('The warehouse opens at 8.');
  await dialog.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Publicamos la novedad.')).toBeVisible();

  // Another tab holds its own session.
  const merchant = await page.context().newPage();
  await signInAs(merchant, request, DEMO.owner);
  await merchant.goto('/app/dashboard');
  await expect(merchant.getByText(`Novedad: ${title}`)).toBeVisible();
  await checkScreen(merchant, 'dashboard-news');
});

test('the bell and the notifications page', async ({ page, request }) => {
  await signInAs(page, request, DEMO.owner);
  await page.goto('/app/dashboard');
  await page.getByRole('button', { name: /^Notificaciones: \d+ sin leer$/ }).click();
  await expect(page.getByText('Recientes')).toBeVisible();
  await page.getByRole('link', { name: 'Ver todas las notificaciones' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notificaciones' })).toBeVisible();
  await checkScreen(page, 'notifications');
});
