import { expect, type Locator, type Page } from '@playwright/test';
import { RECIPIENT } from '../shipments/guides';

/**
 * The order specs' steps on the app's Shopify sandbox (issue 22): a shop made in its admin page,
 * connected from settings/marketplaces through its consent screen, orders typed in that admin
 * page and waited for in the orders list.
 */

export const SANDBOX_ADMIN = '/sandbox/shopify/admin';

/** The sandbox admin's section of one shop. */
export const shopSection = (page: Page, domain: string): Locator =>
  page.getByRole('region', { name: new RegExp(domain.replaceAll('.', '\\.')) });

/** The row of the shop's order for `customer` in the sandbox admin. */
export const sandboxOrderRow = (page: Page, domain: string, customer: string): Locator =>
  shopSection(page, domain).getByRole('row').filter({ hasText: customer });

/** A new shop in the sandbox admin. */
export async function createSandboxShop(page: Page, domain: string, name: string): Promise<void> {
  await page.goto(SANDBOX_ADMIN);
  const newShop = page.getByRole('group', { name: 'Nueva tienda' });
  await newShop.getByLabel('Dominio').fill(domain);
  await newShop.getByLabel('Nombre').fill(name);
  await newShop.getByRole('button', { name: 'Crear tienda' }).click();
  await expect(shopSection(page, domain)).toBeVisible();
}

/** Connects the shop from settings/marketplaces (an organization with no store yet). */
export async function connectSandboxShop(page: Page, domain: string, name: string): Promise<void> {
  await page.goto('/app/settings/marketplaces');
  await expect(page.getByText('Aún no conectas ninguna tienda')).toBeVisible();
  await page.getByRole('button', { name: 'Conectar tienda' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Conectar tienda' });
  await dialog.getByLabel('Dominio de la tienda').fill(domain);
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: `Instalar Despacho en ${domain}` })).toBeVisible();
  await page.getByRole('button', { name: 'Instalar' }).click();
  await expect(page.getByText(`${name} quedó conectada`)).toBeVisible({ timeout: 20_000 });
}

export interface SandboxOrder {
  customer: string;
  sku: string;
  title: string;
  quantity?: number;
}

/** An order typed in the sandbox admin, shipping to the Mérida recipient SEPOMEX knows. */
export async function createSandboxOrder(
  page: Page,
  domain: string,
  order: SandboxOrder,
): Promise<void> {
  await page.goto(SANDBOX_ADMIN);
  const form = shopSection(page, domain).getByRole('group', { name: 'Nuevo pedido' });
  await form.getByLabel('Nombre del cliente').fill(order.customer);
  await form.getByLabel('Correo').fill(RECIPIENT.email);
  await form.getByLabel('Calle y número').fill(`${RECIPIENT.street} ${RECIPIENT.external_number}`);
  await form.getByLabel('Ciudad').fill(RECIPIENT.city);
  await form.getByLabel('Estado').fill(RECIPIENT.state);
  await form.getByLabel('Código postal').fill(RECIPIENT.zip);
  await form.getByLabel('SKU').fill(order.sku);
  await form.getByLabel('Producto').fill(order.title);
  await form.getByLabel('Cantidad').fill(String(order.quantity ?? 1));
  await form.getByRole('button', { name: 'Crear pedido' }).click();
  await expect(sandboxOrderRow(page, domain, order.customer)).toBeVisible();
}

/**
 * The orders list's row of `customer`'s order, once its webhook's job has stored it: the list is
 * asked again until it shows. The delivery and its processing are two jobs, each run within a
 * poll (0.5 s here) of its time on a free lane, so 30 s leaves room for two busy cores. Full runs
 * once missed 60 and 120 s: the worker told a job the time its round began, so a
 * sandbox delivery enqueued during a long round was fetched, found not yet due at that time and
 * completed unsent, and the order came only with the 15-minute reconciliation. A job is now told
 * a time never before its own (decision 031).
 */
export async function syncedOrderRow(page: Page, customer: string): Promise<Locator> {
  await page.goto('/app/orders');
  const row = page.getByRole('row').filter({ hasText: customer });
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  return row;
}
