import { expect, test } from '@playwright/test';
import { DEMO, mainMenu, pathOf, submitLogin } from '../support';

// A user whose role holds only Shipments permissions: home is Shipment, the menu is Envíos.

test('the shipping-only user lands on /app/shipment and sees only the Envíos module', async ({
  page,
}) => {
  await page.goto('/auth/login');
  await submitLogin(page, DEMO.shipping);

  await expect(page.getByRole('heading', { level: 1, name: 'Crear envío' })).toBeVisible();
  expect(pathOf(page)).toBe('/app/shipment');
  await expect(page.getByText(DEMO.shipping.company, { exact: true })).toBeVisible();

  const menu = mainMenu(page);
  await expect(menu).toBeVisible();
  // Envíos is open (it holds the current screen) with exactly its three entries.
  await expect(menu.getByRole('link')).toHaveText([
    'Crear envío',
    'Cotización rápida',
    'Mis guías',
    'Recolección',
  ]);
  await expect(menu.getByRole('link', { name: 'Crear envío' })).toHaveAttribute(
    'href',
    '/app/shipment',
  );
  await expect(menu.getByRole('link', { name: 'Cotización rápida' })).toHaveAttribute(
    'href',
    '/app/create-shippings',
  );
  await expect(menu.getByRole('link', { name: 'Recolección' })).toHaveAttribute(
    'href',
    '/app/pickup',
  );
  await expect(menu.getByText('Envíos', { exact: true })).toBeVisible();
  for (const module of [
    'Dashboard',
    'E-Commerce',
    'Almacenamiento y distribución',
    'Comercio internacional',
    'Finanzas',
    'Configuración',
    'Ayuda',
  ]) {
    await expect(menu.getByText(module, { exact: true }), module).toHaveCount(0);
  }

  // The entries work: the menu takes them to another screen of their module.
  await menu.getByRole('link', { name: 'Recolección' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recolección' })).toBeVisible();
  expect(pathOf(page)).toBe('/app/pickup');
});

test('the owner, for comparison, gets every module in the same menu', async ({ page }) => {
  await page.goto('/auth/login');
  await submitLogin(page, DEMO.owner);
  const menu = mainMenu(page);
  for (const module of [
    'Dashboard',
    'Envíos',
    'E-Commerce',
    'Finanzas',
    'Configuración',
    'Ayuda',
  ]) {
    await expect(menu.getByText(module, { exact: true }), module).toBeVisible();
  }
});
