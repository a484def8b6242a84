import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { ProductView } from '@despacho/domain';
import { apiCall, dataOf, uniqueId } from '../support';

/**
 * The inventory specs' shared steps: catalogue products made through the API, the inventory
 * screen's rows and the movement history of a variant.
 */

/**
 * A published product with one variant and every datum a warehouse entry asks for (dimensions,
 * weight, SAT keys, barcode); answers its SKU and variant id.
 */
export async function createStockProduct(
  request: APIRequestContext,
  token: string,
  name: string,
): Promise<{ name: string; sku: string; variantId: string }> {
  const sku = `INV-${uniqueId()}`;
  const product = await dataOf<ProductView>(
    await apiCall(request, 'POST', '/products', {
      token,
      body: {
        name,
        status: 'ACTIVE',
        unit: 'cm_kg',
        weight: 0.5,
        length: 25,
        width: 20,
        height: 5,
        sat_product_code: '53102500',
        sat_unit_code: 'H87',
        variants: [
          { sku, barcode: `750${randomInt(1e9, 1e10 - 1)}`, price: '320.00', weight: 0.5 },
        ],
      },
    }),
    201,
  );
  return { name, sku, variantId: product.variants[0]!.id };
}

/** The cell of `row` (once it shows) under the column headed `header` in the page's table. */
export async function cellUnder(page: Page, row: Locator, header: string): Promise<Locator> {
  await expect(row).toBeVisible();
  const headers = (await page.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
  const index = headers.indexOf(header);
  expect(index, `a column headed «${header}» among ${headers.join(', ')}`).toBeGreaterThan(-1);
  return row.getByRole('cell').nth(index);
}

/** Quantities of one inventory row, by bucket; the ones left out are not checked. */
export interface StockFigures {
  onHand?: number;
  reserved?: number;
  available?: number;
  incoming?: number;
  notSellable?: number;
}

const STOCK_HEADERS: Record<keyof StockFigures, string> = {
  onHand: 'En existencia',
  reserved: 'Apartadas',
  available: 'Disponibles',
  incoming: 'Por llegar',
  notSellable: 'No vendibles',
};

/** The inventory screen (`products/inventory`) searched for one SKU. */
export async function openInventory(page: Page, sku: string): Promise<void> {
  await page.goto(`/app/products/inventory?search=${encodeURIComponent(sku)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Inventario' })).toBeVisible();
}

/** The inventory row of a product at a location (by the location's name). */
export const inventoryRow = (page: Page, product: string, location: string): Locator =>
  page
    .getByRole('row')
    .filter({ hasText: product })
    .filter({ has: page.getByText(location, { exact: true }) });

/**
 * The row shows these quantities. The available cell may carry a "low" or "out" badge before
 * the figure, so only its number at the end is compared.
 */
export async function expectStock(page: Page, row: Locator, figures: StockFigures) {
  for (const [bucket, value] of Object.entries(figures) as [keyof StockFigures, number][]) {
    const cell = await cellUnder(page, row, STOCK_HEADERS[bucket]);
    await expect(cell, STOCK_HEADERS[bucket]).toHaveText(new RegExp(`(^|\\D)${value}$`));
  }
}

/** Opens a row's movement history; answers the drawer's movement cards, newest first. */
export async function openMovements(page: Page, row: Locator, product: string): Promise<Locator> {
  await row.getByRole('button', { name: `Ver movimientos de ${product}` }).click();
  const drawer = page.getByRole('dialog', { name: `Movimientos · ${product}` });
  await expect(drawer).toBeVisible();
  return drawer;
}

/** The movement card of a kind (its title, e.g. "Apartado"), the newest first. */
export const movementCard = (drawer: Locator, kind: string): Locator =>
  drawer.locator('.mantine-Paper-root').filter({
    has: drawer.page().getByText(kind, { exact: true }),
  });
