import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { chooseLanguage, uniqueId } from '../support';
import { checkDialog, checkScreen } from '../support/a11y';
import { createPackage, merchantWithShop } from './merchant';
import { createSandboxOrder, syncedOrderRow } from './shopify-sandbox';
import { connectMercadoLibre, connectWooSiteWithOrder, createMe2Sale } from './store-sandboxes';

// Issue 22, bulk labels from a CSV: a merchant with a Shopify shop, a WooCommerce site and a
// Mercado Libre seller downloads the template, writes the numbers of the orders to label in
// it, uploads it, reads what each row became (a Mercado Envíos sale and an unknown number left
// out, each with its reason) and gets the labels of the rest; the same file uploaded again in
// English leaves every row out, since those orders are fulfilled now.

/** The order number of the list's row showing `text` (a customer or a store). */
async function numberOf(page: Page, text: string): Promise<string> {
  const row = await syncedOrderRow(page, text);
  return (await row.getByRole('link').first().textContent())!.trim();
}

/** Uploads `csv` through the dialog's file input, named as the screen's language names it. */
async function upload(page: Page, csv: string, inputName: string): Promise<void> {
  await page.getByLabel(inputName).setInputFiles({
    name: 'pedidos.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
}

/**
 * At a phone's width the left-out rows fit the dialog: their reasons wrap, none scrolls away.
 * Back at desktop width after, where the run's items are a table.
 */
async function rowsFitPhone(page: Page, table: Locator): Promise<void> {
  await page.setViewportSize({ width: 390, height: 900 });
  const viewport = table.locator(
    'xpath=ancestor::div[contains(@class, "mantine-ScrollArea-viewport")][1]',
  );
  expect(await viewport.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('orders named in a CSV get their labels; an me2 sale and an unknown number are left out with their reason', async ({
  page,
  request,
}) => {
  test.setTimeout(600_000);
  const { session, product, domain } = await merchantWithShop(page, request);
  await createPackage(request, session);
  const shopCustomer = `Cliente ${uniqueId()}`;
  await createSandboxOrder(page, domain, {
    customer: shopCustomer,
    sku: product.sku,
    title: product.name,
  });
  // The WooCommerce store is named as its site is titled (WordPress's REST index).
  const wooTitle = `Café & Té ${uniqueId()}`;
  const wooBuyer = `Rosalía${uniqueId()}`;
  await connectWooSiteWithOrder(page, wooTitle, { firstName: wooBuyer, sku: product.sku });
  const seller = `VENDEDOR_${uniqueId()}`.toUpperCase();
  await createMe2Sale(page, seller, product.sku);
  await connectMercadoLibre(page, seller);

  const shopNumber = await numberOf(page, shopCustomer);
  const wooNumber = await numberOf(page, wooBuyer);
  await expect((await syncedOrderRow(page, wooBuyer)).getByText(wooTitle)).toBeVisible();
  const me2Number = await numberOf(page, seller);
  // The list with an order of each platform, a Mercado Libre nickname among the stores.
  await checkScreen(page, 'orders-three-stores');

  // The template: the headers and two example rows, the store column optional.
  await page.getByRole('button', { name: 'Desde un CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generar guías desde un CSV' });
  await expect(dialog.getByText(/Agrega una columna «tienda»/)).toBeVisible();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Descargar plantilla' }).click();
  const template = await readFile((await (await download).path())!, 'utf8');
  expect(template).toBe('\uFEFFpedido,tienda\r\n#1001,\r\n#1002,Shopify\r\n');
  await checkDialog(page, dialog, 'bulk-csv', 'Cerrar');

  // The merchant's file: the template's header, their numbers under it.
  const csv = [
    'pedido,tienda',
    `${shopNumber},`,
    `${wooNumber},WooCommerce`,
    `${me2Number},`,
    '#999999,',
  ].join('\r\n');
  await upload(page, csv, 'Archivo CSV de pedidos');
  await expect(dialog.getByRole('status')).toHaveText(
    'Encontramos 2 pedidos para generar sus guías. 2 filas quedan fuera:',
  );
  const left = dialog.getByRole('table', { name: 'Filas que quedan fuera' });
  await expect(left.getByRole('row')).toHaveText([
    'FilaPedidoMotivo',
    `4${me2Number}Mercado Libre envía este pedido con Mercado Envíos: no se genera guía aquí.`,
    '5#999999No hay un pedido con ese número en tu organización.',
  ]);
  await checkDialog(page, dialog, 'bulk-csv-rows', 'Cerrar');
  await rowsFitPhone(page, left);

  // The two found go through the same rule and run as a selection.
  await dialog.getByRole('button', { name: 'Continuar con 2 pedidos' }).click();
  const form = page.getByRole('dialog', { name: 'Generar guías de 2 pedidos' });
  await expect(form.getByLabel('Paquete guardado')).toHaveValue(/.+/);
  await form.getByRole('button', { name: 'Generar 2 guías' }).click();
  await expect(page.getByText('2 de 2 pedidos procesados')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('2 guías generadas')).toBeVisible();
  const items = page.getByRole('table', { name: 'Pedidos de la generación' });
  await expect(items.getByText('Guía generada', { exact: true })).toHaveCount(2);
  await expect(items).toContainText(shopNumber);
  await expect(items).toContainText(wooNumber);
  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar PDF' }).click();
  expect((await pdf).suggestedFilename()).toMatch(/\.pdf$/);

  // In English, the same file again: the labelled orders are fulfilled now, nothing is bought.
  // The choice is saved on the user: the next page load reads it back, so wait for the save.
  const saved = page.waitForResponse('**/api/v1/user/change-language?language=en');
  await chooseLanguage(page, 'English');
  await saved;
  await page.goto('/app/orders');
  await page.getByRole('button', { name: 'From a CSV' }).click();
  const english = page.getByRole('dialog', { name: 'Create labels from a CSV' });
  await upload(page, csv, 'CSV file of orders');
  await expect(english.getByRole('status')).toHaveText(
    'We found no orders to label. 4 rows are left out:',
  );
  const leftEn = english.getByRole('table', { name: 'Rows left out' });
  await expect(leftEn.getByRole('row')).toHaveText([
    'RowOrderReason',
    `2${shopNumber}The order is already fulfilled: it has nothing left to ship.`,
    `3${wooNumber}The order is already fulfilled: it has nothing left to ship.`,
    `4${me2Number}Mercado Libre ships this order with Mercado Envíos: no guide is made here.`,
    '5#999999There is no order with that number in your organization.',
  ]);
  await expect(english.getByRole('button', { name: 'Continue with 0 orders' })).toBeDisabled();
  await checkDialog(page, english, 'bulk-csv-rows-en', 'Close');
  await rowsFitPhone(page, leftEn);
});
