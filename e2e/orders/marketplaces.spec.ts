import { expect, test, type Page } from '@playwright/test';
import { signInAsNewMerchant, uniqueId } from '../support';
import { checkScreen } from '../support/a11y';

// Issue 22: a merchant connects a sandbox Shopify store through its consent screen, an order
// created in the sandbox store's admin page reaches the orders list, and both screens pass axe
// and the layout check at 390, 1024 and 1440 px.

const ADMIN = '/sandbox/shopify/admin';

/** The sandbox admin's section of one shop. */
const shopSection = (page: Page, domain: string) =>
  page.getByRole('region', { name: new RegExp(domain.replaceAll('.', '\\.')) });

test('a sandbox Shopify store connects through its consent screen and its new order is listed', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signInAsNewMerchant(page, request);
  const domain = `e2e-${uniqueId()}.myshopify.com`;
  const customer = `Cliente ${uniqueId()}`;

  // A shop of its own in the sandbox store.
  await page.goto(ADMIN);
  const newShop = page.getByRole('group', { name: 'Nueva tienda' });
  await newShop.getByLabel('Dominio').fill(domain);
  await newShop.getByLabel('Nombre').fill('Tienda E2E');
  await newShop.getByRole('button', { name: 'Crear tienda' }).click();
  await expect(shopSection(page, domain)).toBeVisible();

  // Connected through the consent screen; back here the store shows, the URL cleaned.
  await page.goto('/app/settings/marketplaces');
  await expect(page.getByText('Aún no conectas ninguna tienda')).toBeVisible();
  await page.getByRole('button', { name: 'Conectar tienda' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Conectar tienda' });
  await dialog.getByLabel('Dominio de la tienda').fill(domain);
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: `Instalar Despacho en ${domain}` })).toBeVisible();
  await page.getByRole('button', { name: 'Instalar' }).click();
  await expect(page.getByText('Tienda E2E quedó conectada')).toBeVisible({ timeout: 20_000 });
  expect(new URL(page.url()).search).toBe('');
  const card = page.getByRole('listitem', { name: 'Tienda E2E' });
  await expect(card.getByText('Sandbox')).toBeVisible();
  await expect(card.getByText(`Shopify · ${domain}`)).toBeVisible();
  await checkScreen(page, 'marketplaces');

  // An order created in the sandbox admin reaches the list (webhook, then its job).
  await page.goto(ADMIN);
  const order = shopSection(page, domain).getByRole('group', { name: 'Nuevo pedido' });
  await order.getByLabel('Nombre del cliente').fill(customer);
  await order.getByLabel('Correo').fill('cliente@example.mx');
  await order.getByLabel('Calle y número').fill('Av. Juárez 10');
  await order.getByLabel('Ciudad').fill('Ciudad de México');
  await order.getByLabel('Estado').fill('CDMX');
  await order.getByLabel('Código postal').fill('06600');
  await order.getByLabel('SKU').fill('PLAYERA-S');
  await order.getByLabel('Producto').fill('Playera');
  await order.getByRole('button', { name: 'Crear pedido' }).click();
  await expect(shopSection(page, domain).getByRole('cell', { name: customer })).toBeVisible();

  await page.goto('/app/orders');
  const row = page.getByRole('row').filter({ hasText: customer });
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expect(row.getByText('Tienda E2E')).toBeVisible();
  await expect(row.getByText('Sin surtir')).toBeVisible();
  await checkScreen(page, 'orders');
});
