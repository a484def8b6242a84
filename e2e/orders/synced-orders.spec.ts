import { expect, test } from '@playwright/test';
import { uniqueId } from '../support';
import { checkScreen } from '../support/a11y';
import { fulfilWithLabel } from './fulfilment';
import { createPackage, merchantWithShop, STORE } from './merchant';
import {
  createSandboxOrder,
  SANDBOX_ADMIN,
  sandboxOrderRow,
  shopSection,
  syncedOrderRow,
} from './shopify-sandbox';

// Issue 22, orders synced from a sandbox Shopify store: one fulfilled partially with a label
// whose tracking number the store then shows; three labelled in one bulk run; one cancelled in
// the store and cancelled here. Each spec is a new merchant with a shop of its own.

test('a synced order fulfilled partially with a label shows its tracking number in the store', async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);
  const { product, origin, domain } = await merchantWithShop(page, request);
  const customer = `Cliente ${uniqueId()}`;
  await createSandboxOrder(page, domain, {
    customer,
    sku: product.sku,
    title: product.name,
    quantity: 3,
  });

  // The synced order, its line mapped to the catalogue by SKU: 1 of its 3 units shipped.
  const row = await syncedOrderRow(page, customer);
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^Pedido / })).toBeVisible();
  await expect(page.getByText('Sin vincular')).toHaveCount(0);
  await fulfilWithLabel(page, { units: 1, originAlias: origin.alias });
  await expect(page.getByText('Surtido parcial', { exact: true })).toBeVisible();
  const line = page.getByRole('row').filter({ hasText: product.sku });
  await expect(line.getByRole('cell')).toContainText(['', '3', '1', '2']);
  const tracking = (await page.locator('a[href^="/app/shippings/"]').textContent())!;
  expect(tracking).toMatch(/^\w{6,}$/);

  // The tracking is pushed to the store by a job: the order's page, asked again, says so.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(/^Enviado a la tienda /)).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await checkScreen(page, 'synced-order');

  // The sandbox store's admin shows the fulfilment with that tracking number.
  await page.goto(SANDBOX_ADMIN);
  await expect(sandboxOrderRow(page, domain, customer)).toContainText(tracking);
});

test('three synced orders get their labels in one bulk run, merged into one PDF', async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  const { session, product, domain } = await merchantWithShop(page, request);
  await createPackage(request, session);
  const customers = [1, 2, 3].map((n) => `Cliente ${n} ${uniqueId()}`);
  for (const customer of customers) {
    await createSandboxOrder(page, domain, { customer, sku: product.sku, title: product.name });
  }

  // The list: the three orders selected, the bulk dialog with the default origin and package.
  for (const customer of customers) await syncedOrderRow(page, customer);
  for (const customer of customers) {
    await page.getByRole('row').filter({ hasText: customer }).getByRole('checkbox').check();
  }
  await expect(page.getByText('3 pedidos seleccionados')).toBeVisible();
  await page.getByRole('button', { name: 'Generar guías' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generar guías de 3 pedidos' });
  await expect(dialog.getByLabel('Paquete guardado')).toHaveValue(/.+/);
  await dialog.getByRole('button', { name: 'Generar 3 guías' }).click();

  // The run's page follows it to the end: three labels, one PDF offered.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Generación masiva de guías' }),
  ).toBeVisible();
  await expect(page.getByText('3 de 3 pedidos procesados')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('Terminada', { exact: true })).toBeVisible();
  await expect(page.getByText('3 guías generadas')).toBeVisible();
  const items = page.getByRole('table', { name: 'Pedidos de la generación' });
  await expect(items.getByText('Guía generada', { exact: true })).toHaveCount(3);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await checkScreen(page, 'bulk-run');
});

test('an order cancelled in the sandbox store is cancelled here', async ({ page, request }) => {
  test.setTimeout(360_000);
  const { product, domain } = await merchantWithShop(page, request);
  const customer = `Cliente ${uniqueId()}`;
  await createSandboxOrder(page, domain, { customer, sku: product.sku, title: product.name });
  const row = await syncedOrderRow(page, customer);
  await expect(row.getByText('Sin surtir')).toBeVisible();
  const number = (await row.getByRole('link').first().textContent())!;

  // Cancelled in the store's admin: the webhook's job cancels it here.
  await page.goto(SANDBOX_ADMIN);
  await shopSection(page, domain)
    .getByRole('button', { name: `Cancelar ${number}` })
    .click();
  await expect(sandboxOrderRow(page, domain, customer).getByText('Cancelado')).toBeVisible();
  const cancelled = await syncedOrderRow(page, customer);
  await expect(async () => {
    await page.reload();
    await expect(cancelled.getByText('Cancelado', { exact: true })).toBeVisible({
      timeout: 5_000,
    });
  }).toPass({ timeout: 60_000 });
  await cancelled.getByRole('link').first().click();
  await expect(page.getByText(`Cancelado en ${STORE}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancelar pedido' })).toHaveCount(0);
});
