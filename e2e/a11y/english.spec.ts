import { expect, test } from '@playwright/test';
import { chooseLanguage, greeting, signInAsNewMerchant } from '../support';
import { checkScreen } from '../support/a11y';

// The screens a new merchant meets first, in English: the same axe and layout checks as in
// Spanish (screens.spec.ts), since English words run longer in buttons and table headers.

test('a new merchant’s first screens in English', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { person } = await signInAsNewMerchant(page, request);
  await page.goto('/app/dashboard');
  await expect(greeting(page, person.name)).toBeVisible();
  await chooseLanguage(page, 'English');
  await expect(page.getByRole('heading', { name: 'First steps' })).toBeVisible();
  // A new merchant's charts say they have nothing yet.
  await expect(page.getByText('No spend in this period.')).toBeVisible();
  await checkScreen(page, 'en-dashboard');

  for (const [name, path, heading] of [
    ['en-create-shipment', '/app/shipment', 'Create shipment'],
    ['en-pickups', '/app/pickup', 'Pickup'],
    ['en-deposits', '/app/finance/deposits', 'Deposits'],
    ['en-products', '/app/products', 'Products'],
    ['en-product-create', '/app/products/create', 'New product'],
    ['en-collections', '/app/products/collections', 'Collections'],
    ['en-inventory', '/app/products/inventory', 'Inventory'],
    ['en-entries', '/app/products/entry', 'Entries'],
    ['en-entry-create', '/app/products/create-entry', 'Create entry'],
    ['en-exits', '/app/products/outs', 'Exits'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await checkScreen(page, name);
  }
});

// The cold sign-in screen (decision 030) switched to English by its own menu, with its errors.
test('the login in English, with its field errors', async ({ page }) => {
  await page.goto('/auth/login');
  await chooseLanguage(page, 'English');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('This field is required.')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Show or hide the password' })).toBeVisible();
  await checkScreen(page, 'en-login');
});
