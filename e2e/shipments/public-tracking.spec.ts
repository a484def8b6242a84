import { expect, test } from '@playwright/test';
import { formatMoney } from '@despacho/domain';
import { DEMO, mainMenu, signInByApi } from '../support';
import { buyGuide, createOrigin, RECIPIENT } from './guides';

// The public tracking page /t/<tracking number> (decision 017): anyone with the number sees the
// carrier, the cities and the timeline, never names, streets, phones, emails or amounts.

test('a signed-out visitor follows a guide without seeing anything private', async ({
  page,
  request,
}) => {
  const session = await signInByApi(request, DEMO.owner);
  const origin = await createOrigin(request, session.access_token);
  const guide = await buyGuide(request, session.access_token, origin);
  const number = guide.tracking_number!;

  await page.goto(`/t/${number}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rastrea tu envío' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Resumen del envío' });
  await expect(summary.getByRole('heading', { name: number })).toBeVisible();
  // Who sent it, by their trade name (a sandbox guide has no carrier page to link).
  await expect(summary.getByText('Envío de', { exact: true })).toBeVisible();
  await expect(summary.getByRole('link', { name: /Ver en el sitio de/ })).toHaveCount(0);
  await expect(summary.getByText('Estafeta', { exact: true })).toBeVisible();
  await expect(summary.getByText('Terrestre', { exact: true })).toBeVisible();
  await expect(summary.getByText('Creada', { exact: true })).toBeVisible();
  await expect(summary.getByText('Ciudad de México', { exact: true })).toBeVisible();
  await expect(summary.getByText('Mérida', { exact: true })).toBeVisible();
  const timeline = page.getByRole('region', { name: 'Rastreo' });
  await expect(timeline.getByText('Guía creada')).toBeVisible();

  // No app chrome, and nothing private of either end or of the charge.
  await expect(mainMenu(page)).toHaveCount(0);
  const text = await page.locator('body').innerText();
  for (const secret of [
    RECIPIENT.contact_name,
    RECIPIENT.street,
    RECIPIENT.phone,
    RECIPIENT.email,
    origin.contact_name,
    origin.street,
    origin.contact_phone,
    origin.contact_email,
    formatMoney(guide.charges.total),
  ]) {
    expect(text, secret).not.toContain(secret);
  }

  // Another number, unknown: a friendly message, and the form is still there.
  await page.getByLabel('Número de guía').fill('0000000000');
  await page.getByRole('button', { name: 'Rastrear' }).click();
  await expect(page).toHaveURL(/\/t\/0000000000$/);
  await expect(page.getByText('No encontramos la guía 0000000000')).toBeVisible();
});
