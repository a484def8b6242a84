import { expect, test, type Page } from '@playwright/test';
import { signInAsNewMerchant } from '../support';

// Packages (/app/packages): the organization's boxes and envelopes, with their volumetric weight
// (length × width × height / 5000 in cm/kg).

interface NewPackage {
  name: string;
  length: string;
  width: string;
  height: string;
  weight: string;
  satCode: string;
  /** What the form shows as the volumetric weight before saving. */
  volumetric: string;
}

async function createPackage(page: Page, pkg: NewPackage): Promise<void> {
  await page.getByRole('button', { name: 'Agregar empaque' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo empaque' });
  await expect(dialog).toBeVisible();
  // A new organization measures in cm and kg.
  await expect(dialog.getByLabel('Unidad de medida')).toHaveValue('cm_kg');
  await dialog.getByLabel('Nombre').fill(pkg.name);
  await expect(dialog.getByText('Peso volumétrico: —')).toBeVisible();
  await dialog.getByLabel('Largo (cm)').fill(pkg.length);
  await dialog.getByLabel('Ancho (cm)').fill(pkg.width);
  await dialog.getByLabel('Alto (cm)').fill(pkg.height);
  await dialog.getByLabel('Peso (kg)').fill(pkg.weight);
  await expect(dialog.getByText(`Peso volumétrico: ${pkg.volumetric}`)).toBeVisible();
  await dialog.getByLabel('Clave de producto SAT (Carta Porte)').fill(pkg.satCode);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(`Empaque ${pkg.name} creado.`)).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('a merchant creates packages, sees their volumetric weight and finds one by name', async ({
  page,
  request,
}) => {
  await signInAsNewMerchant(page, request);
  await page.goto('/app/packages');
  await expect(page.getByRole('heading', { level: 1, name: 'Empaques' })).toBeVisible();
  await expect(page.getByText('Aún no tienes empaques.', { exact: false })).toBeVisible();

  await createPackage(page, {
    name: 'Caja mediana',
    length: '50',
    width: '40',
    height: '30',
    weight: '2.5',
    satCode: '24112700',
    volumetric: '12 kg',
  });
  await createPackage(page, {
    name: 'Sobre bolsa',
    length: '30',
    width: '25',
    height: '2',
    weight: '0.2',
    satCode: '44121500',
    volumetric: '0.3 kg',
  });

  const table = page.getByRole('table', { name: 'Empaques' });
  const caja = table.getByRole('row').filter({ hasText: 'Caja mediana' });
  const sobre = table.getByRole('row').filter({ hasText: 'Sobre bolsa' });
  // Name, L × W × H, weight, volumetric weight, SAT code.
  await expect(caja.getByRole('cell')).toHaveText([
    '',
    'Caja mediana',
    '50 × 40 × 30 cm',
    '2.5 kg',
    '12 kg',
    '24112700',
    '',
  ]);
  await expect(sobre.getByRole('cell').nth(4)).toHaveText('0.3 kg');

  await page.getByLabel('Buscar', { exact: true }).fill('caja');
  await expect(caja).toBeVisible();
  await expect(sobre).toHaveCount(0);
  await expect(table.getByRole('row')).toHaveCount(2); // the header and Caja mediana

  // The search lives in the URL: a reload keeps it.
  await page.reload();
  await expect(page.getByLabel('Buscar', { exact: true })).toHaveValue('caja');
  await expect(caja).toBeVisible();
  await expect(sobre).toHaveCount(0);

  await page.getByLabel('Buscar', { exact: true }).fill('');
  await expect(sobre).toBeVisible();
  await expect(caja).toBeVisible();
});
