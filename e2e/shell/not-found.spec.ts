import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectLoginScreen, greeting, mainMenu, pathOf, signInAs } from '../support';

// Paths no route knows show the not-found page, whose one way out goes home.

async function expectNotFound(page: Page, path: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
  await expect(
    page.getByText('La dirección que abriste no existe o cambió de lugar.'),
  ).toBeVisible();
  // The page itself stays at the unknown address (no redirect hides the mistake).
  expect(pathOf(page)).toBe(path);
}

test('an unknown path shows not-found; "Volver al inicio" leads to login without a session', async ({
  page,
}) => {
  await page.goto('/esta/ruta/no-existe');
  await expectNotFound(page, '/esta/ruta/no-existe');
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expectLoginScreen(page);
  expect(pathOf(page)).toBe('/auth/login');
});

test('an unknown screen under /app shows not-found too, and home is the dashboard', async ({
  page,
  request,
}) => {
  await signInAs(page, request, DEMO.owner);
  await page.goto('/app/no-existe');
  await expectNotFound(page, '/app/no-existe');
  await expect(mainMenu(page)).toHaveCount(0);

  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(greeting(page, DEMO.owner.name)).toBeVisible();
  expect(pathOf(page)).toBe('/app/dashboard');
});
