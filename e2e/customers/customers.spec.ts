import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiCall, dataOf, signInAsNewMerchant } from '../support';

// Customers (clients, create, client/:id): a merchant's address book of the people it ships to.

const addressCard = (page: Page, number: number): Locator =>
  page.getByRole('group', { name: new RegExp(`^Dirección ${number}`) });

/**
 * Types the zip 06700 and completes state, municipality, city and neighborhood: from the SEPOMEX
 * catalogue when the server has it (picking "Roma Norte" from the offered colonias), by hand when
 * the form says it could not complete the address automatically.
 */
async function fillRomaNorte(card: Locator): Promise<'catalogue' | 'manual'> {
  await card.getByLabel('Código postal').fill('06700');
  const state = card.getByLabel('Estado');
  const manualNote = card
    .getByRole('note')
    .filter({ hasText: 'No pudimos completar la dirección automáticamente' });
  await expect
    .poll(async () => (await state.inputValue()) !== '' || (await manualNote.isVisible()), {
      message: 'the zip fills the address or the form asks for it by hand',
    })
    .toBe(true);
  if (await manualNote.isVisible()) {
    await state.fill('Ciudad de México');
    await card.getByLabel('Municipio o alcaldía').fill('Cuauhtémoc');
    await card.getByLabel(/^Ciudad/).fill('Ciudad de México');
    await card.getByLabel('Colonia').fill('Roma Norte');
    return 'manual';
  }
  await expect(state).toHaveValue('Ciudad de México');
  await expect(card.getByLabel('Municipio o alcaldía')).toHaveValue('Cuauhtémoc');
  await card.getByLabel('Colonia').fill('Roma');
  await card
    .page()
    .getByRole('option', { name: /^Roma Norte/ })
    .click();
  await expect(card.getByLabel('Colonia')).toHaveValue('Roma Norte');
  return 'catalogue';
}

test('a merchant creates a customer with two addresses, favors it, finds it and changes its default address', async ({
  page,
  request,
}) => {
  const { session } = await signInAsNewMerchant(page, request);
  // Another customer, elsewhere, so the filters and the search have something to leave out.
  await dataOf(
    await apiCall(request, 'POST', '/customers', {
      token: session.access_token,
      body: {
        name: 'Bruno',
        last_name: 'Castañeda',
        email: 'bruno@ferreteria-gdl.mx',
        phone: '3312345678',
        addresses: [
          {
            alias: 'Tienda',
            contact_name: 'Bruno Castañeda',
            contact_phone: '3312345678',
            street: 'Av. Juárez',
            external_number: '50',
            neighborhood: 'Centro',
            city: 'Guadalajara',
            municipality: 'Guadalajara',
            state: 'Jalisco',
            zip: '44100',
          },
        ],
      },
    }),
    201,
  );

  await page.goto('/app/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bruno Castañeda' })).toBeVisible();
  await page.getByRole('link', { name: 'Nuevo cliente' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nuevo cliente' })).toBeVisible();

  // The customer; its name, phone and email become the addresses' contact.
  await page.getByLabel('Nombre de contacto').fill('Renata');
  await page.getByLabel('Apellidos').fill('Villaseñor');
  await page.getByLabel('Empresa', { exact: true }).fill('Florería Las Azucenas');
  await page.getByLabel('Correo electrónico').fill('renata@azucenas.mx');
  await page.getByLabel(/^Teléfono \(10 dígitos\)/).fill('5587654321');

  const first = addressCard(page, 1);
  await expect(first.getByLabel('Nombre de quien recibe')).toHaveValue('Renata Villaseñor');
  await first.getByLabel('Alias').fill('Casa');
  const source = await fillRomaNorte(first);
  await first.getByLabel('Calle').fill('Colima');
  await first.getByLabel('Número exterior').fill('120');

  await page.getByRole('button', { name: 'Agregar dirección' }).click();
  const second = addressCard(page, 2);
  await expect(second.getByLabel('Teléfono de quien recibe')).toHaveValue('5587654321');
  await second.getByLabel('Alias').fill('Taller');
  await second.getByLabel('Nombre de quien recibe').fill('Julián Ortega');
  await fillRomaNorte(second);
  await second.getByLabel('Calle').fill('Durango');
  await second.getByLabel('Número exterior').fill('245');
  await second.getByLabel('Número interior').fill('3');

  await page.getByRole('button', { name: 'Guardar cliente' }).click();
  await expect(page.getByText('Cliente Renata creado.')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/client\/[0-9a-f-]{36}$/);
  const customerUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: 'Renata Villaseñor' })).toBeVisible();
  await expect(
    page.getByRole('article', { name: 'Casa' }).getByText('Predeterminada', { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('article', { name: 'Taller' }).getByText('Durango 245 int. 3, Roma Norte'),
  ).toBeVisible();

  // Favorite from the list, in place; the favorites filter keeps only her.
  await page.getByRole('link', { name: 'Clientes' }).first().click();
  await expect(page).toHaveURL(/\/app\/clients$/);
  await page.getByRole('button', { name: 'Marcar a Renata Villaseñor como favorito' }).click();
  await expect(
    page.getByRole('button', { name: 'Quitar a Renata Villaseñor de favoritos' }),
  ).toBeVisible();
  await page.getByRole('switch', { name: 'Solo favoritos' }).click();
  await expect(page).toHaveURL(/favorites=true/);
  await expect(page.getByRole('link', { name: 'Bruno Castañeda' })).toHaveCount(0);
  const renata = page.getByRole('row').filter({ hasText: 'Renata Villaseñor' });
  await expect(renata).toBeVisible();
  await expect(renata).toContainText('C.P. 06700');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Solo favoritos' })).toBeChecked();
  await expect(page.getByRole('row').filter({ hasText: 'Renata Villaseñor' })).toBeVisible();
  await page.getByRole('switch', { name: 'Solo favoritos' }).click();
  await expect(page.getByRole('link', { name: 'Bruno Castañeda' })).toBeVisible();

  // The search finds her by name and by the zip of her addresses.
  const search = page.getByLabel('Buscar cliente');
  await search.fill('Renata');
  await expect(page.getByRole('link', { name: 'Bruno Castañeda' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Renata Villaseñor' })).toBeVisible();
  await search.fill('44100');
  await expect(page.getByRole('link', { name: 'Renata Villaseñor' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Bruno Castañeda' })).toBeVisible();
  await search.fill('06700');
  await expect(page.getByRole('link', { name: 'Bruno Castañeda' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Renata Villaseñor' })).toBeVisible();

  // Her page: the second address becomes the default, and stays so.
  await page
    .getByRole('row')
    .filter({ hasText: 'Renata Villaseñor' })
    .getByText('renata@azucenas.mx')
    .click();
  await expect(page).toHaveURL(customerUrl);
  await page.getByRole('button', { name: 'Hacer predeterminada Taller' }).click();
  await expect(page.getByText('«Taller» es ahora la dirección predeterminada.')).toBeVisible();
  await expect(
    page.getByRole('article', { name: 'Taller' }).getByText('Predeterminada', { exact: true }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('article', { name: 'Casa' })
      .getByRole('button', { name: 'Hacer predeterminada Casa' }),
  ).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('article', { name: 'Taller' }).getByText('Predeterminada', { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Quitar a Renata Villaseñor de favoritos' }),
  ).toBeVisible();

  test.info().annotations.push({ type: 'postal codes', description: source });
});
