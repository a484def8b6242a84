import { expect, test } from '@playwright/test';
import { apiCall, dataOf, signInAsNewMerchant } from '../support';

// What a new merchant met in the catalogue (issue 21): collections reached from the products
// list and created while adding products to one; the fracción field without SAT's catalogue;
// a taken SKU refused on save, its field focused with a toast although it is far below.

test('a new merchant reaches collections, creates one from the list, and sees a taken SKU where it is', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { session } = await signInAsNewMerchant(page, request);
  await dataOf(
    await apiCall(request, 'POST', '/products', {
      token: session.access_token,
      body: { name: 'Gorra', status: 'DRAFT', unit: 'cm_kg', variants: [{ sku: 'DUP-1' }] },
    }),
    201,
  );

  await page.goto('/app/products');
  await page.getByRole('link', { name: 'Colecciones' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Colecciones' })).toBeVisible();
  await page.goBack();

  await page.getByLabel('Seleccionar todos los de esta página').check();
  await page.getByRole('button', { name: 'Agregar a colección' }).click();
  const picker = page.getByRole('dialog', { name: 'Agregar a colección' });
  await expect(picker.getByText('Aún no tienes colecciones')).toBeVisible();
  await picker.getByRole('button', { name: 'Crear una colección nueva' }).click();
  const drawer = page.getByRole('dialog', { name: 'Nueva colección' });
  await drawer.getByRole('textbox', { name: 'Nombre' }).fill('Verano');
  await drawer.getByRole('button', { name: 'Guardar colección' }).click();
  await expect(picker.getByLabel('Colección')).toHaveValue('Verano');
  await picker.getByRole('button', { name: 'Agregar', exact: true }).click();
  await expect(page.getByText('Listo: 1 producto actualizado.')).toBeVisible();

  await page.goto('/app/products/create');
  // The demo loads SAT's sample of fracciones (the classification console needs it): the field
  // offers the search by description, and no notice says the catalogue is missing.
  await expect(page.getByRole('combobox', { name: 'Fracción arancelaria' })).toHaveAttribute(
    'placeholder',
    'Por ejemplo 6109.10.01.00, o busca «camisetas»',
  );
  await expect(page.getByText('Catálogo de fracciones no disponible')).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Gorra nueva');
  const sku = page.getByRole('textbox', { name: /^SKU de / }).first();
  await sku.fill('dup-1');
  await page.getByRole('button', { name: 'Crear producto' }).click();
  await expect(sku).toBeFocused();
  await expect(sku).toHaveAttribute('aria-invalid', 'true');
  await expect(sku).toBeInViewport();
  await expect(page.getByText('Revisa los campos marcados en rojo.')).toBeVisible();
});
