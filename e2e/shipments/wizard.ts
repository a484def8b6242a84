import { expect, type Page } from '@playwright/test';

/**
 * The create-shipment wizard (/app/shipment) walked through its screens, step by step, for the
 * specs that buy a guide there and the one that checks each step's accessibility.
 */

/** The wizard's "next" button, the same on every step. */
export const nextStep = (page: Page) =>
  page.getByRole('button', { name: 'Siguiente', exact: true });

/** Opens the wizard on its first step, the origin. */
export async function openWizard(page: Page): Promise<void> {
  await page.goto('/app/shipment');
  await expect(page.getByRole('heading', { level: 1, name: 'Crear envío' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '¿Desde dónde envías?' })).toBeVisible();
}

/** Destination: a new address in Mérida; the zip fills state, municipality and city. */
export async function fillNewDestination(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: '¿A dónde va el paquete?' })).toBeVisible();
  await page.getByRole('radio', { name: 'Nueva dirección' }).check();
  await page.getByLabel('Nombre de quien recibe').fill('Luis Pérez');
  await page.getByLabel('Correo electrónico').fill('luis.perez@pruebas.despacho.mx');
  await page.getByLabel('Teléfono (10 dígitos)').fill('9991234567');
  await page.getByLabel('Código postal').fill('97000');
  await expect(page.getByLabel('Estado')).toHaveValue('Yucatán');
  await expect(page.getByLabel('Municipio o alcaldía')).toHaveValue('Mérida');
  await page.getByRole('combobox', { name: 'Colonia' }).fill('Centro');
  await page.getByLabel('Calle').fill('Calle 60');
  await page.getByLabel('Número exterior').fill('491');
}

/** Packages: one 30×20×15 cm, 2 kg box with one $1,500 product. */
export async function fillOnePackage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Paquetes y productos' })).toBeVisible();
  await page.getByLabel('Largo (cm)').fill('30');
  await page.getByLabel('Ancho (cm)').fill('20');
  await page.getByLabel('Alto (cm)').fill('15');
  await page.getByLabel('Peso (kg)').fill('2');
  await page.getByLabel('Descripción').fill('Hamaca de algodón');
  await page.getByLabel('Cantidad').fill('1');
  await page.getByRole('combobox', { name: 'Clave de producto SAT' }).fill('24121503');
  await expect(page.getByRole('combobox', { name: 'Clave de unidad SAT' })).toHaveValue('H87');
  await page.getByLabel('Valor unitario (MXN)').fill('1500');
}

/** Quote: the rates listed. */
export async function expectRates(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Elige la paquetería' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Tarifas disponibles' }).getByRole('listitem').first(),
  ).toBeVisible();
}

/** Quote: the cheapest rate chosen, which moves on to the pay step. */
export async function chooseCheapestRate(page: Page): Promise<void> {
  await expectRates(page);
  const cheapest = page
    .getByRole('list', { name: 'Tarifas disponibles' })
    .getByRole('listitem')
    .filter({ hasText: 'Más barato' });
  await cheapest.getByRole('button', { name: /^Elegir esta tarifa/ }).click();
  await expect(page.getByRole('heading', { name: 'Revisa y paga' })).toBeVisible();
}
