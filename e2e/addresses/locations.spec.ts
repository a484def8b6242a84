import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAsNewMerchant } from '../support';

// Origin addresses (settings/locations) on the sample postal-code catalogue the server loads at
// start-up (apps/api/src/modules/catalogs/fixtures/sepomex-sample.txt): 97000 and 06700.

const CONTACT = {
  name: 'Lucía Hernández',
  phone: '5512345678',
  email: 'bodega@pruebas.despacho.mx',
};

/** The drawer's form, opened from the list's "Agregar dirección". */
async function openNewLocation(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Agregar dirección' }).click();
  const drawer = page.getByRole('dialog', { name: 'Nueva dirección de origen' });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function fillContact(drawer: Locator, alias: string): Promise<void> {
  await drawer.getByLabel('Alias').fill(alias);
  await drawer.getByLabel('Nombre de contacto').fill(CONTACT.name);
  await drawer.getByLabel('Teléfono de contacto (10 dígitos)').fill(CONTACT.phone);
  await drawer.getByLabel('Correo de contacto').fill(CONTACT.email);
}

/** The list row of a location, by its alias. */
const row = (page: Page, alias: string) =>
  page.getByRole('row').filter({ has: page.getByText(alias, { exact: true }) });

test('a merchant adds locations from their postal codes, searches them and moves the default', async ({
  page,
  request,
}) => {
  await signInAsNewMerchant(page, request);
  await page.goto('/app/settings/locations');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Libreta de direcciones' }),
  ).toBeVisible();
  await expect(
    page.getByText('Aún no tienes direcciones de origen.', { exact: false }),
  ).toBeVisible();

  // 97000 (Mérida) has eight neighborhoods: the zip fills the rest, one is picked from the list.
  let drawer = await openNewLocation(page);
  await fillContact(drawer, 'Bodega Mérida');
  await drawer.getByLabel('Código postal').fill('97000');
  await expect(drawer.getByLabel('Estado')).toHaveValue('Yucatán');
  await expect(drawer.getByLabel('Municipio o alcaldía')).toHaveValue('Mérida');
  await expect(drawer.getByLabel('Ciudad')).toHaveValue('Mérida');
  await expect(
    drawer.getByText('8 colonias para este código postal; también puedes escribir otra.'),
  ).toBeVisible();
  const neighborhood = drawer.getByRole('combobox', { name: 'Colonia' });
  await neighborhood.click();
  await expect(page.getByRole('option')).toHaveCount(8);
  await page.getByRole('option', { name: /Itzaes/ }).click();
  await expect(neighborhood).toHaveValue('Itzaes');
  await drawer.getByLabel('Calle').fill('Calle 60');
  await drawer.getByLabel('Número exterior').fill('491');
  await drawer.getByRole('button', { name: 'Guardar dirección' }).click();
  await expect(page.getByText('Dirección guardada.')).toBeVisible();
  await expect(drawer).toBeHidden();

  // The first location is the default.
  const merida = row(page, 'Bodega Mérida');
  await expect(merida).toContainText('Calle 60 491, Itzaes, 97000 Mérida, Yucatán');
  await expect(merida.getByText('Predeterminada')).toBeVisible();

  // 06700 (Roma Norte) has a single neighborhood, filled with the rest; this one is the default.
  drawer = await openNewLocation(page);
  await fillContact(drawer, 'Tienda Roma');
  await drawer.getByLabel('Código postal').fill('06700');
  await expect(drawer.getByLabel('Municipio o alcaldía')).toHaveValue('Cuauhtémoc');
  await expect(drawer.getByLabel('Estado')).toHaveValue('Ciudad de México');
  await expect(drawer.getByLabel('Ciudad')).toHaveValue('Ciudad de México');
  await expect(drawer.getByRole('combobox', { name: 'Colonia' })).toHaveValue('Roma Norte');
  await drawer.getByLabel('Calle').fill('Álvaro Obregón');
  await drawer.getByLabel('Número exterior').fill('99');
  await drawer.getByLabel('Usar como dirección predeterminada').check();
  await drawer.getByRole('button', { name: 'Guardar dirección' }).click();
  await expect(drawer).toBeHidden();

  // The default badge moved: only Tienda Roma carries it now.
  const roma = row(page, 'Tienda Roma');
  await expect(roma.getByText('Predeterminada')).toBeVisible();
  await expect(merida.getByText('Predeterminada')).toHaveCount(0);
  await expect(page.getByText('Predeterminada', { exact: true })).toHaveCount(1);
  await expect(
    page.getByRole('button', { name: 'Marcar Bodega Mérida como predeterminada' }),
  ).toBeVisible();

  // The search finds a location by alias and by postal code.
  const search = page.getByLabel('Buscar dirección');
  await search.fill('bodega');
  await expect(merida).toBeVisible();
  await expect(roma).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]search=bodega/);

  await search.fill('06700');
  await expect(roma).toBeVisible();
  await expect(merida).toHaveCount(0);

  await search.fill('99999');
  await expect(page.getByText('Ninguna dirección coincide con tu búsqueda.')).toBeVisible();

  await search.fill('');
  await expect(merida).toBeVisible();
  await expect(roma).toBeVisible();
});
