import { expect, test } from '@playwright/test';
import { DEMO, greeting, mainMenu, pathOf, signInAs } from '../support';

// Screens not built yet render their designed page inside the signed-in layout.

test.beforeEach(async ({ page, request }) => {
  await signInAs(page, request, DEMO.owner);
});

test('a coming-soon screen: /app/development', async ({ page }) => {
  await page.goto('/app/development');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Desarrolladores' })).toBeVisible();
  await expect(main.getByText('Disponible próximamente')).toBeVisible();
  await expect(
    main.getByRole('heading', { name: 'Estamos preparando esta sección' }),
  ).toBeVisible();
  await expect(main.getByText(/Llaves de API y webhooks/)).toBeVisible();
  // Breadcrumb: its module.
  await expect(main.getByText('Configuración', { exact: true })).toBeVisible();

  // Inside the layout: header and menu.
  await expect(page.getByRole('button', { name: 'Menú de usuario' })).toBeVisible();
  await expect(mainMenu(page)).toBeVisible();

  await main.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(greeting(page, DEMO.owner.name)).toBeVisible();
  expect(pathOf(page)).toBe('/app/dashboard');
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
