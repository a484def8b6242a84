import { expect, test, type Page } from '@playwright/test';
import { checkScreen } from '../support/a11y';
import { signInAsNewMerchant } from '../support';

// Carrier accounts (settings/carriers, decision 036): DHL Express and FedEx are bought with
// Despacho's account or the merchant's own. The e2e server runs every carrier as its sandbox
// (nothing configured), so the first test sees the sandbox note; the second shows the screen as
// a switched-on carrier gives it, the accounts answer and the save stubbed in the browser (the
// server's own refusal of an own account in sandbox mode is its integration test's).

// Each screen is checked at three widths (checkScreen): slow on a loaded machine.
test.describe.configure({ timeout: 120_000 });

const accountsSection = (page: Page) => page.getByRole('region', { name: 'Cuentas de paquetería' });

test('in sandbox mode the screen says no account applies', async ({ page, request }) => {
  await signInAsNewMerchant(page, request);
  await page.goto('/app/settings/carriers');
  const section = accountsSection(page);
  for (const name of ['DHL Express', 'FedEx']) {
    const card = section.getByRole('region', { name });
    await expect(card.getByText(`${name} está en modo sandbox`)).toBeVisible();
    await expect(card.getByRole('radio')).toHaveCount(0);
  }
  await checkScreen(page, 'carrier-accounts-sandbox');
});

test('a switched-on carrier offers Despacho’s account or the merchant’s own', async ({
  page,
  request,
}) => {
  await signInAsNewMerchant(page, request);
  const dhl = {
    carrier_key: 'dhl_express',
    carrier_name: 'DHL Express',
    mode: 'production',
    choice: 'platform',
    own: null,
  };
  const fedex = { ...dhl, carrier_key: 'fedex', carrier_name: 'FedEx', mode: 'sandbox' };
  const saved: unknown[] = [];
  await page.route('**/api/v1/carriers/accounts', (route) =>
    route.fulfill({ json: { data: [dhl, fedex] } }),
  );
  await page.route('**/api/v1/carriers/accounts/dhl_express', (route) => {
    saved.push(route.request().postDataJSON());
    return route.fulfill({
      json: {
        data: {
          ...dhl,
          choice: 'own',
          own: {
            account_number: '960123456',
            key: 'tienda-key',
            secret_last4: '9Xq7',
            secret_set_at: new Date().toISOString(),
          },
        },
      },
    });
  });
  await page.goto('/app/settings/carriers');
  const card = accountsSection(page).getByRole('region', { name: 'DHL Express' });
  await expect(card.getByRole('radio', { name: /Cuenta de Despacho/ })).toBeChecked();
  await card.getByRole('radio', { name: /Mi propia cuenta/ }).check();
  await expect(card.getByText('DHL Express te factura las guías directamente')).toBeVisible();
  await checkScreen(page, 'carrier-accounts-own-form');

  await card.getByLabel(/Número de cuenta/).fill('960123456');
  await card.getByLabel(/API key de MyDHL API/).fill('tienda-key');
  await card.getByLabel(/API secret de MyDHL API/).fill('tienda-secreto-9Xq7');
  await card.getByRole('button', { name: 'Guardar mi cuenta' }).click();
  await expect(page.getByText('DHL Express usará tu propia cuenta.')).toBeVisible();
  expect(saved).toEqual([
    {
      choice: 'own',
      account_number: '960123456',
      key: 'tienda-key',
      secret: 'tienda-secreto-9Xq7',
    },
  ]);
  await expect(card.getByText(/Guardado: ••••9Xq7/)).toBeVisible();
  await expect(card.getByLabel(/API secret de MyDHL API/)).toHaveValue('');
  await checkScreen(page, 'carrier-accounts-own-saved');
});
