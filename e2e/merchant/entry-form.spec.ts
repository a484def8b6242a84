import { expect, test, type Page } from '@playwright/test';
import { signInAsNewMerchant } from '../support';
import { createStockProduct } from '../inventory/inventory';

// Issue 21: the entry form as a new merchant met it. A quantity out of range stays as typed with
// its error, a refusal takes the merchant to the first field in error (on a phone the button is
// far below it), and an entry refused for having no product goes once a line is added.

const WAREHOUSE = 'CEDIS Tultitlán';

async function pickProduct(page: Page, index: number, sku: string) {
  const picker = page.getByRole('combobox', { name: 'Producto' }).nth(index);
  await picker.fill(sku);
  await page.getByRole('option', { name: new RegExp(sku) }).click();
}

test('an entry form keeps what was typed, says what is wrong, and sends once it is right', async ({
  page,
  request,
}) => {
  const { session } = await signInAsNewMerchant(page, request);
  const product = await createStockProduct(request, session.access_token, 'Rebozo de seda');
  await page.goto('/app/products/create-entry');
  await expect(page.getByRole('heading', { level: 1, name: 'Crear entrada' })).toBeVisible();
  // A phone: the form is taller than the screen.
  await page.setViewportSize({ width: 390, height: 700 });

  // No product: the form says so.
  await page.getByRole('button', { name: 'Quitar producto 1' }).click();
  await page.getByRole('button', { name: 'Registrar entrada' }).click();
  await expect(page.getByText('Se necesita al menos un producto en la entrada.')).toBeVisible();

  // A line is added with −5: −5 stays, and its error shows on the field.
  await page.getByRole('button', { name: 'Agregar producto' }).click();
  await pickProduct(page, 0, product.sku);
  const quantity = page.getByRole('textbox', { name: 'Cantidad esperada' });
  await quantity.fill('-5');
  await quantity.blur();
  await expect(quantity).toHaveValue('-5');
  await page.getByRole('button', { name: 'Registrar entrada' }).click();
  await expect(page.getByText('Solo se aceptan números positivos.')).toBeVisible();
  await expect(quantity).toHaveValue('-5');

  // Right, but no warehouse chosen: the refusal takes the merchant up to that field.
  await quantity.fill('5');
  await page.getByRole('button', { name: 'Registrar entrada' }).click();
  const warehouse = page.getByRole('combobox', { name: 'Almacén de destino' });
  await expect(warehouse).toBeFocused();
  await expect(warehouse).toBeInViewport();
  await expect(page.getByText('Este campo es obligatorio.')).toBeVisible();

  // All right: the entry is registered.
  await warehouse.click();
  await page.getByRole('option', { name: WAREHOUSE }).click();
  await page.getByRole('button', { name: 'Registrar entrada' }).click();
  await expect(page).toHaveURL(/\/app\/products\/entry-detail\/[0-9a-f-]{36}$/);
});
