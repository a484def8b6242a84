import { expect, test } from '@playwright/test';
import { DEMO, greeting, signInAs } from '../support';
import { checkScreen } from '../support/a11y';

// Issue 27: the operators' console shows each outside provider, live or sandbox, with its last
// call and its latest failures, filtered by kind and provider in the URL.

test('staff see every provider’s mode and last call, and filter the failures', async ({
  page,
  request,
}) => {
  await signInAs(page, request, DEMO.staff);
  await page.goto('/staff/providers');
  await expect(page.getByRole('heading', { level: 1, name: 'Proveedores' })).toBeVisible();
  const status = page.getByLabel('Estado por proveedor');
  // The e2e server runs with nothing set: every provider is its sandbox.
  await expect(status.getByText('DHL Express')).toBeVisible();
  await expect(status.getByText('Buzón (sin envío)')).toBeVisible();
  await expect(status.getByText('En vivo')).toHaveCount(0);
  await checkScreen(page, 'staff-providers');

  await page.getByLabel('Tipo', { exact: true }).selectOption({ label: 'SMS' });
  await expect(page).toHaveURL(/kind=sms/);
  await page.getByLabel('Proveedor', { exact: true }).selectOption({ label: 'DHL Express' });
  await expect(page).toHaveURL(/provider=dhl_express/);
  await expect(page.getByText('Ninguna falla en los últimos 30 días.')).toBeVisible();
});

test('a merchant is refused the providers, in the console and through the API', async ({
  page,
  request,
}) => {
  const session = await signInAs(page, request, DEMO.owner);
  await page.goto('/staff/providers');
  await expect(greeting(page, DEMO.owner.name)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Proveedores' })).toHaveCount(0);
  const answer = await request.get('/api/v1/staff/providers/failures', {
    headers: { authorization: `Bearer ${session.access_token}` },
  });
  expect(answer.status()).toBe(403);
});
