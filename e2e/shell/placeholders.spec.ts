import { expect, test } from '@playwright/test';
import { DEMO, greeting, mainMenu, pathOf, signInAs } from '../support';

// The spec's own placeholders ("new feature") render their designed page inside the signed-in
// layout; every other screen of the spec is built.

test.beforeEach(async ({ page, request }) => {
  await signInAs(page, request, DEMO.owner);
});

test('a sub-screen keeps its place: /app/orders/create has a breadcrumb back', async ({ page }) => {
  await page.goto('/app/orders/create');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Crear pedido' })).toBeVisible();
  await main.getByRole('link', { name: 'Pedidos' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible();
  expect(pathOf(page)).toBe('/app/orders');
});

test('a new-feature placeholder: /app/finance/financing', async ({ page }) => {
  await page.goto('/app/finance/financing');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Financiamiento' })).toBeVisible();
  await expect(main.getByText('Nueva funcionalidad')).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Algo nuevo viene en camino' })).toBeVisible();
  await expect(main.getByText('Obtén crédito para tus envíos y paga después.')).toBeVisible();
  await expect(main.getByText('Disponible próximamente')).toHaveCount(0);
  await expect(mainMenu(page).getByRole('link', { name: 'Financiamiento' })).toHaveAttribute(
    'data-active',
    'true',
  );

  await main.getByRole('link', { name: 'Volver al dashboard' }).click();
  await expect(greeting(page, DEMO.owner.name)).toBeVisible();
  expect(pathOf(page)).toBe('/app/dashboard');
});
