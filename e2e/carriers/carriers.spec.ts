import { expect, test } from '@playwright/test';
import { signInAsNewMerchant } from '../support';

// Carriers (settings/carriers): each organization chooses the carriers it ships with.

test('an owner disables a carrier, which stays disabled after a reload; the search finds by name', async ({
  page,
  request,
}) => {
  await signInAsNewMerchant(page, request);
  await page.goto('/app/settings/carriers');
  await expect(page.getByRole('heading', { level: 1, name: 'Paqueterías' })).toBeVisible();

  // A new organization ships with every carrier.
  const redpack = page.getByRole('switch', { name: 'Activar Redpack' });
  await expect(redpack).toBeChecked();
  await redpack.click();
  await expect(redpack).not.toBeChecked();
  await expect(
    page.getByText('Redpack está inactiva: ya no aparecerá al cotizar envíos.'),
  ).toBeVisible();

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Activar Redpack' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Activar Estafeta' })).toBeChecked();

  await page.getByLabel('Buscar paquetería').fill('Estafeta');
  await expect(page.getByRole('article', { name: 'Estafeta' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article', { name: 'Redpack' })).toHaveCount(0);
});
