import { expect, type Locator, type Page } from '@playwright/test';
import { RECIPIENT } from '../shipments/guides';

/**
 * The order specs' steps on the app's Mercado Libre and WooCommerce sandboxes (issue 22): a
 * seller or a site made in their admin pages, a sale or an order typed there, and the store
 * connected from settings/marketplaces as a merchant does it (an organization that already has
 * one store: the Shopify shop of `merchantWithShop`).
 */

const ML_ADMIN = '/sandbox/mercadolibre/admin';
const WOO_ADMIN = '/sandbox/woocommerce/admin';

/** The sandbox admin page's section headed `title` (a seller's or a site's). */
const section = (page: Page, title: string | RegExp): Locator =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title }) });

const sellerSection = (page: Page, nickname: string) =>
  section(page, new RegExp(`^${nickname} \\(\\d+\\)$`));

/** Opens «Conectar tienda» on the marketplaces screen with `platform` chosen. */
async function openConnect(page: Page, platform: 'Mercado Libre' | 'WooCommerce') {
  await page.goto('/app/settings/marketplaces');
  await page.getByRole('button', { name: 'Conectar tienda' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Conectar tienda' });
  await dialog.getByText(platform, { exact: true }).click();
  return dialog;
}

/** A new Mercado Libre test seller with one sale shipped by Mercado Envíos (`me2`). */
export async function createMe2Sale(page: Page, nickname: string, sku: string): Promise<void> {
  await page.goto(ML_ADMIN);
  const newSeller = page.getByRole('group', { name: 'Nuevo vendedor' });
  await newSeller.getByLabel('Apodo').fill(nickname);
  await newSeller.getByRole('button', { name: 'Crear vendedor' }).click();
  const sale = sellerSection(page, nickname).getByRole('group', { name: 'Nueva venta' });
  await sale.getByLabel('SKU', { exact: true }).fill(sku);
  await sale.getByLabel('Envío').selectOption('me2');
  await sale.getByRole('button', { name: 'Crear venta' }).click();
  await expect(sellerSection(page, nickname).getByRole('cell', { name: /me2/ })).toBeVisible();
}

/** Connects the seller through Mercado Libre's consent screen. */
export async function connectMercadoLibre(page: Page, nickname: string): Promise<void> {
  const dialog = await openConnect(page, 'Mercado Libre');
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Autorizar a Despacho' })).toBeVisible();
  await page.getByLabel('Vendedor').selectOption({ label: nickname });
  await page.getByRole('button', { name: 'Permitir' }).click();
  await expect(page.getByText(`${nickname} quedó conectada`)).toBeVisible({ timeout: 20_000 });
}

/**
 * A new WooCommerce site titled `title` with one order to the Mérida recipient, connected with
 * the REST keys its admin page shows. The store is named as the site is titled.
 */
export async function connectWooSiteWithOrder(
  page: Page,
  title: string,
  order: { firstName: string; sku: string },
): Promise<void> {
  await page.goto(WOO_ADMIN);
  const newSite = page.getByRole('group', { name: 'Nueva tienda' });
  await newSite.getByLabel('Nombre de la tienda').fill(title);
  await newSite.getByRole('button', { name: 'Crear tienda' }).click();
  const site = section(page, title);
  const form = site.getByRole('group', { name: 'Nuevo pedido' });
  await form.getByLabel('Nombre', { exact: true }).fill(order.firstName);
  await form.getByLabel('Apellido').fill('Canul');
  await form.getByLabel('Correo').fill(RECIPIENT.email);
  await form.getByLabel('Calle y número').fill(`${RECIPIENT.street} ${RECIPIENT.external_number}`);
  await form.getByLabel('Ciudad').fill(RECIPIENT.city);
  await form.getByLabel('Estado').fill(RECIPIENT.state);
  await form.getByLabel('Código postal').fill(RECIPIENT.zip);
  await form.getByLabel('SKU').fill(order.sku);
  await form.getByLabel('Producto').fill('Taza de barro');
  await form.getByRole('button', { name: 'Crear pedido' }).click();
  await expect(section(page, title).getByRole('row').nth(1)).toContainText(order.sku);
  // URL, key and secret, as WooCommerce › Settings › Advanced › REST API shows them.
  const [url, key, secret] = await section(page, title).locator('p code').allTextContents();

  const dialog = await openConnect(page, 'WooCommerce');
  await dialog.getByLabel('Dirección de la tienda').fill(url!);
  await dialog.getByLabel('Clave del cliente').fill(key!);
  await dialog.getByLabel('Secreto del cliente', { exact: true }).fill(secret!);
  await dialog.getByRole('button', { name: 'Conectar' }).click();
  await expect(page.getByText(`${title} quedó conectada`)).toBeVisible({ timeout: 20_000 });
}
