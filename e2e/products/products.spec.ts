import { expect, test, type Page } from '@playwright/test';
import type { CollectionView, ProductView } from '@despacho/domain';
import sharp from 'sharp';
import { apiCall, dataOf, signInAsNewMerchant } from '../support';
import { checkScreen } from '../support/a11y';

// Products (products, products/create, products/edit/:id): a product with two options and four
// variants, three images reordered, added to a collection from the list, found by SKU, archived.

/** A small PNG of one colour, made here: no image is downloaded. */
const png = (name: string, color: { r: number; g: number; b: number }) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer()
    .then((buffer) => ({ name, mimeType: 'image/png', buffer }));

/** The images of the form in their order, by the ids the server gave them. */
const imageOrder = (page: Page) =>
  page
    .getByTestId('product-image')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-image-id')));

/** Types each value in a tags input, confirming it with Enter. */
async function typeTags(page: Page, label: string, values: string[]) {
  const input = page.getByRole('combobox', { name: label });
  for (const value of values) {
    await input.fill(value);
    await input.press('Enter');
  }
}

test('a merchant creates a product with variants and images, adds it to a collection, finds it by SKU and archives it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { session } = await signInAsNewMerchant(page, request);
  const collection = await dataOf<CollectionView>(
    await apiCall(request, 'POST', '/collections', {
      token: session.access_token,
      body: { name: 'Temporada de verano' },
    }),
    201,
  );

  await page.goto('/app/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Productos' })).toBeVisible();
  await page.getByRole('link', { name: 'Agregar producto' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nuevo producto' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Playera de algodón');
  await page.getByRole('textbox', { name: 'Descripción' }).fill('Playera 100% algodón peinado.');

  // Three images at once, each uploaded on its own; then the first moves after the second.
  await page
    .locator('input[type="file"][accept*="image/png"]')
    .setInputFiles([
      await png('roja.png', { r: 220, g: 40, b: 40 }),
      await png('verde.png', { r: 40, g: 180, b: 60 }),
      await png('azul.png', { r: 40, g: 60, b: 220 }),
    ]);
  await expect(page.getByTestId('product-image')).toHaveCount(3);
  const uploaded = await imageOrder(page);
  await page.getByRole('button', { name: 'Mover la imagen 1 después' }).click();
  const reordered = [uploaded[1], uploaded[0], uploaded[2]];
  expect(await imageOrder(page)).toEqual(reordered);
  await expect(page.getByTestId('product-image').first().getByText('Portada')).toBeVisible();

  // Two options of two values: four variants, each with its SKU and price.
  const addOption = page.getByRole('button', { name: 'Agregar opción' });
  await addOption.click();
  await addOption.click();
  await page.getByRole('textbox', { name: 'Opción 1', exact: true }).fill('Talla');
  await typeTags(page, 'Valores de la opción 1', ['M', 'G']);
  await page.getByRole('textbox', { name: 'Opción 2', exact: true }).fill('Color');
  await typeTags(page, 'Valores de la opción 2', ['Blanco', 'Negro']);
  await page.getByRole('button', { name: 'Generar variantes' }).click();
  const variants = page.getByRole('table', { name: 'Variantes del producto' });
  await expect(variants.getByRole('row')).toHaveCount(5);
  for (const [title, sku] of [
    ['M / Blanco', 'PLY-M-BLA'],
    ['M / Negro', 'PLY-M-NEG'],
    ['G / Blanco', 'PLY-G-BLA'],
    ['G / Negro', 'PLY-G-NEG'],
  ] as const) {
    await page.getByRole('textbox', { name: `SKU de ${title}` }).fill(sku);
    await page.getByRole('textbox', { name: `Precio de ${title}` }).fill('249.90');
  }

  await page.getByRole('button', { name: 'Crear producto' }).click();
  await expect(page.getByText('Creamos el producto «Playera de algodón».')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/products\/edit\/[0-9a-f-]{36}$/);
  const productId = page.url().split('/').pop()!;

  // The server kept the four variants and the images in the order chosen.
  const saved = await dataOf<ProductView>(
    await apiCall(request, 'GET', `/products/${productId}`, { token: session.access_token }),
  );
  expect(saved.variants.map((variant) => variant.sku)).toEqual([
    'PLY-M-BLA',
    'PLY-M-NEG',
    'PLY-G-BLA',
    'PLY-G-NEG',
  ]);
  expect(saved.images.map((image) => image.id)).toEqual(reordered);
  await page.reload();
  await expect(page.getByTestId('product-image')).toHaveCount(3);
  expect(await imageOrder(page)).toEqual(reordered);
  // The edit page with its images and variants: axe and the layout at every width.
  await checkScreen(page, 'product-edit');
  await page.setViewportSize({ width: 1280, height: 720 });

  // Found by one of its SKUs in the list, then added to the collection from the selection.
  await page.goto('/app/products');
  await page.getByRole('textbox', { name: 'Buscar producto' }).fill('ply-g-neg');
  await expect(page).toHaveURL(/search=ply-g-neg/);
  const row = page.getByRole('row').filter({ hasText: 'Playera de algodón' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Borrador (incompleto)');
  await expect(row).toContainText('4');
  await row.getByRole('checkbox', { name: 'Seleccionar Playera de algodón' }).check();
  await page.getByRole('button', { name: 'Agregar a colección' }).click();
  const picker = page.getByRole('dialog', { name: 'Agregar a colección' });
  await picker.getByLabel('Colección', { exact: true }).click();
  await page.getByRole('option', { name: 'Temporada de verano' }).click();
  await picker.getByRole('button', { name: 'Agregar', exact: true }).click();
  await expect(page.getByText('Listo: 1 producto actualizado.')).toBeVisible();

  await page.goto(`/app/products?collection_id=${collection.id}`);
  await expect(page.getByRole('link', { name: 'Playera de algodón' })).toBeVisible();

  // Archived from its page: the list's archived filter shows it.
  await page.getByRole('link', { name: 'Playera de algodón' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Playera de algodón' })).toBeVisible();
  await page.getByRole('button', { name: 'Archivar' }).click();
  await expect(page.getByText('Archivamos «Playera de algodón».')).toBeVisible();
  await page.goto('/app/products?status=ARCHIVED');
  await expect(
    page.getByRole('row').filter({ hasText: 'Playera de algodón' }).getByText('Archivado'),
  ).toBeVisible();
});
