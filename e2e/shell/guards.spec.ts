import { expect, test } from '@playwright/test';
import { DEMO, expectLoginScreen, greeting, pathOf, signInAs, submitLogin } from '../support';

// The navigation guard (apps/web/src/app/guard.ts) on the real router: every redirect it makes.
// Specs not about the login form sign in through the API.

test.describe('without a session', () => {
  test('/app/dashboard sends to login, which returns there after signing in', async ({ page }) => {
    await page.goto('/app/dashboard');
    await expectLoginScreen(page);
    expect(pathOf(page)).toBe('/auth/login?redirect=%2Fapp%2Fdashboard');

    await submitLogin(page, DEMO.owner);
    await expect(greeting(page, DEMO.owner.name)).toBeVisible();
    expect(pathOf(page)).toBe('/app/dashboard');
  });

  test('a deeper screen is the target after login, not home', async ({ page }) => {
    await page.goto('/app/finance/deposits?desde=2025-01-01');
    await expectLoginScreen(page);

    await submitLogin(page, DEMO.owner);
    await expect(page.getByRole('heading', { level: 1, name: 'Depósitos' })).toBeVisible();
    expect(pathOf(page)).toBe('/app/finance/deposits?desde=2025-01-01');
  });

  test('"/" and /staff send to login', async ({ page }) => {
    await page.goto('/');
    await expectLoginScreen(page);
    expect(pathOf(page)).toBe('/auth/login');

    await page.goto('/staff');
    await expectLoginScreen(page);
    expect(pathOf(page)).toBe('/auth/login?redirect=%2Fstaff');
  });

  test("the spec's top-level public paths lead to their /auth screens", async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL('/auth/login');
    await page.goto('/register');
    await expect(page).toHaveURL('/auth/register');
    await expect(page.getByRole('heading', { name: 'Crea tu cuenta' })).toBeVisible();
  });
});

test.describe('signed in as the owner', () => {
  test.beforeEach(async ({ page, request }) => {
    await signInAs(page, request, DEMO.owner);
  });

  test('"/" and /app go home', async ({ page }) => {
    await page.goto('/');
    await expect(greeting(page, DEMO.owner.name)).toBeVisible();
    expect(pathOf(page)).toBe('/app/dashboard');

    await page.goto('/app');
    await expect(greeting(page, DEMO.owner.name)).toBeVisible();
    expect(pathOf(page)).toBe('/app/dashboard');
  });

  test('public screens go home: login, sign-up, recovery', async ({ page }) => {
    for (const path of ['/auth/login', '/auth/register', '/auth/forgotten-pasword', '/login']) {
      await page.goto(path);
      await expect(greeting(page, DEMO.owner.name), path).toBeVisible();
      expect(pathOf(page), path).toBe('/app/dashboard');
    }
  });

  test('/staff is only for platform staff: a merchant goes home', async ({ page }) => {
    await page.goto('/staff');
    await expect(greeting(page, DEMO.owner.name)).toBeVisible();
    expect(pathOf(page)).toBe('/app/dashboard');
    await expect(page.getByRole('heading', { name: 'Consola de operaciones' })).toHaveCount(0);
  });
});

test.describe('signed in as the shipping-only user', () => {
  test.beforeEach(async ({ page, request }) => {
    await signInAs(page, request, DEMO.shipping);
  });

  test('screens they lack the permission for send them to /app/shipment', async ({ page }) => {
    for (const path of ['/app/dashboard', '/app/finance/deposits', '/app/settings/users']) {
      await page.goto(path);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Crear envío' }),
        path,
      ).toBeVisible();
      expect(pathOf(page), path).toBe('/app/shipment');
    }
  });

  test('a screen of their module opens', async ({ page }) => {
    await page.goto('/app/pickup');
    await expect(page.getByRole('heading', { level: 1, name: 'Recolección' })).toBeVisible();
    expect(pathOf(page)).toBe('/app/pickup');
  });
});

test('platform staff: home is the console, merchant screens are not theirs', async ({
  page,
  request,
}) => {
  await signInAs(page, request, DEMO.staff);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Consola de operaciones' })).toBeVisible();
  expect(pathOf(page)).toBe('/staff');

  await page.goto('/app/dashboard');
  await expect(page.getByRole('heading', { name: 'Consola de operaciones' })).toBeVisible();
  expect(pathOf(page)).toBe('/staff');
});
