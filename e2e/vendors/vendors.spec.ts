import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAsNewMerchant } from '../support';

// Vendors (settings/vendors): the organization's suppliers, each with a code unique in it. The
// zip 06700 (Roma Norte) is in the demo postal-code catalogue the server loads at start-up.

/** The drawer's form, opened from the list's "Agregar proveedor". */
async function openNewVendor(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Agregar proveedor' }).click();
  const drawer = page.getByRole('dialog', { name: 'Nuevo proveedor' });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function fillVendor(
  drawer: Locator,
  vendor: { name: string; code: string; email: string },
): Promise<void> {
  await drawer.getByRole('textbox', { name: 'Nombre', exact: true }).fill(vendor.name);
  await drawer.getByRole('textbox', { name: 'Código', exact: true }).fill(vendor.code);
  await drawer.getByLabel('Correo electrónico').fill(vendor.email);
  await drawer.getByLabel('Código postal').fill('06700');
  await expect(drawer.getByLabel('Municipio o alcaldía')).toHaveValue('Cuauhtémoc');
  await expect(drawer.getByRole('combobox', { name: 'Colonia' })).toHaveValue('Roma Norte');
  await drawer.getByLabel('Calle').fill('Álvaro Obregón');
  await drawer.getByLabel('Número exterior').fill('99');
}

/** The list row of a vendor, by its name. */
const row = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });

test('a merchant adds vendors, is told a code is taken, disables one and finds it by search and status', async ({
  page,
  request,
}) => {
  await signInAsNewMerchant(page, request);
  await page.goto('/app/settings/vendors');
  await expect(page.getByRole('heading', { level: 1, name: 'Proveedores' })).toBeVisible();
  await expect(page.getByText('Aún no tienes proveedores.', { exact: false })).toBeVisible();

  let drawer = await openNewVendor(page);
  await fillVendor(drawer, {
    name: 'Textiles del Centro',
    code: 'tex-01',
    email: 'Ventas@Textiles.mx',
  });
  await drawer.getByRole('button', { name: 'Guardar proveedor' }).click();
  await expect(page.getByText('Guardamos a «Textiles del Centro».')).toBeVisible();
  await expect(drawer).toBeHidden();
  const textiles = row(page, 'Textiles del Centro');
  await expect(textiles).toContainText('TEX-01');
  await expect(textiles).toContainText('ventas@textiles.mx');
  await expect(textiles).toContainText('Ciudad de México, Ciudad de México');
  await expect(textiles.getByText('Habilitado', { exact: true })).toBeVisible();

  // The same code in another case is taken: the server's message shows on the code field.
  drawer = await openNewVendor(page);
  await fillVendor(drawer, {
    name: 'Empaques del Norte',
    code: 'Tex-01',
    email: 'pedidos@empaques.mx',
  });
  await drawer.getByRole('button', { name: 'Guardar proveedor' }).click();
  const code = drawer.getByRole('textbox', { name: 'Código', exact: true });
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toHaveAccessibleDescription(/Ya tienes un proveedor con este código\./);
  await expect(drawer).toBeVisible();

  await code.fill('emp-02');
  await drawer.getByRole('button', { name: 'Guardar proveedor' }).click();
  await expect(drawer).toBeHidden();
  const empaques = row(page, 'Empaques del Norte');
  await expect(empaques).toContainText('EMP-02');

  // Disabling is one switch in the list; the badge follows.
  const toggle = page.getByRole('switch', { name: 'Habilitar Textiles del Centro' });
  await expect(toggle).toBeChecked();
  // The input sits under the switch's track, which takes the click as a user's would.
  await toggle.click({ force: true });
  await expect(page.getByText('Deshabilitamos a «Textiles del Centro».')).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await expect(textiles.getByText('Deshabilitado', { exact: true })).toBeVisible();
  await expect(empaques.getByText('Habilitado', { exact: true })).toBeVisible();

  // The search finds it by name and by code.
  const search = page.getByLabel('Buscar proveedor');
  await search.fill('textiles');
  await expect(textiles).toBeVisible();
  await expect(empaques).toHaveCount(0);
  await search.fill('emp-0');
  await expect(empaques).toBeVisible();
  await expect(textiles).toHaveCount(0);
  await search.fill('');
  await expect(textiles).toBeVisible();
  await expect(empaques).toBeVisible();

  // The status filter, kept in the URL across a reload.
  const status = page.getByLabel('Estatus');
  await status.selectOption({ label: 'Deshabilitados' });
  await expect(empaques).toHaveCount(0);
  await expect(textiles).toBeVisible();
  await expect(page).toHaveURL(/status=disabled/);
  await page.reload();
  await expect(textiles).toBeVisible();
  await expect(empaques).toHaveCount(0);
  await page.getByLabel('Estatus').selectOption({ label: 'Habilitados' });
  await expect(empaques).toBeVisible();
  await expect(textiles).toHaveCount(0);
});
