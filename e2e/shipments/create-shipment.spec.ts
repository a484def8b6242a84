import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiCall, dataOf, signInAsNewMerchant, uniqueId } from '../support';
import { topUp } from './guides';
import {
  chooseCheapestRate,
  fillNewDestination,
  fillOnePackage,
  nextStep,
  openWizard,
} from './wizard';

// Create shipment (`shipment`, decision 017): origin, destination, packages with products,
// insurance, quote and payment from the balance, then the label and the automatic pickup. The
// merchant starts with no location and no balance: nothing typed is lost on the way (issue 13).

test('a merchant with nothing set up buys an insured guide without leaving the wizard for good, downloads its label and sees the pickup booked', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // A laptop screen: the whole quote fits on it.
  await page.setViewportSize({ width: 1440, height: 900 });
  const { session } = await signInAsNewMerchant(page, request);
  // A published product of the catalogue, for a product line picked instead of typed.
  const sku = `REB-${uniqueId()}`.slice(0, 30);
  const product = await dataOf<{ variants: { id: string }[] }>(
    await apiCall(request, 'POST', '/products', {
      token: session.access_token,
      body: {
        name: 'Rebozo de seda',
        status: 'ACTIVE',
        unit: 'cm_kg',
        weight: 0.4,
        length: 30,
        width: 20,
        height: 3,
        sat_product_code: '53102500',
        sat_unit_code: 'H87',
        variants: [{ sku, price: '250.00' }],
      },
    }),
    201,
  );

  await openWizard(page);

  // Origin: none yet, so the first location is created right here and chosen.
  await page.getByRole('button', { name: 'Agregar una ubicación' }).click();
  const drawer = page.getByRole('dialog', { name: 'Nueva dirección de origen' });
  await drawer.getByLabel('Alias').fill('Tienda Roma');
  await drawer.getByLabel('Nombre de contacto').fill('Marisol Prueba');
  await drawer.getByLabel('Teléfono de contacto').fill('5512345678');
  await drawer.getByLabel('Correo de contacto').fill('tienda@pruebas.despacho.mx');
  await drawer.getByLabel('Código postal').fill('06700');
  await expect(drawer.getByLabel('Estado')).toHaveValue('Ciudad de México');
  await drawer.getByRole('combobox', { name: 'Colonia' }).fill('Roma Norte');
  await drawer.getByLabel('Calle').fill('Álvaro Obregón');
  await drawer.getByLabel('Número exterior').fill('99');
  await drawer.getByRole('button', { name: 'Guardar dirección' }).click();
  await expect(drawer).toBeHidden();
  await expect(
    page.getByText('Álvaro Obregón 99, Roma Norte, 06700 Ciudad de México'),
  ).toBeVisible();
  await nextStep(page).click();
  await fillNewDestination(page);
  await page.getByRole('checkbox', { name: /Guardar como cliente/ }).check();
  await nextStep(page).click();
  await fillOnePackage(page);
  // A second line picked from the catalogue by its SKU: its name, SAT keys and price fill in.
  await page.getByRole('button', { name: 'Agregar producto' }).click();
  const second = page.getByRole('group', { name: 'Producto 2' });
  const picker = second.getByRole('combobox', { name: 'Buscar en mis productos' });
  await picker.fill(sku);
  await expect(page.getByRole('option', { name: /Rebozo de seda/ })).toBeVisible();
  // Chosen from the keyboard: the list opens at the bottom of the screen, where toasts show.
  await picker.press('ArrowDown');
  await picker.press('Enter');
  await expect(second.getByLabel('Descripción')).toHaveValue('Rebozo de seda');
  await expect(second.getByRole('combobox', { name: 'Clave de producto SAT' })).toHaveValue(
    '53102500',
  );
  await expect(second.getByLabel('Valor unitario (MXN)')).toHaveValue('250.00');
  await nextStep(page).click();

  // Insurance: the declared value starts at the products' value; premium and deductible follow.
  await expect(page.getByRole('heading', { name: 'Seguro del envío' })).toBeVisible();
  await page.getByRole('switch', { name: /Asegurar este envío/ }).check();
  await expect(page.getByLabel('Valor declarado (MXN)')).toHaveValue('1750.00');
  const insurance = page.getByRole('table', { name: 'Costo del seguro' });
  await expect(insurance).toContainText('$26.25');
  await expect(insurance).toContainText('$30.45');
  await expect(insurance).toContainText('$525.00');
  await page
    .getByLabel('Folio fiscal (UUID) de la factura')
    .fill('5FB2822E-396D-4725-8521-CDC4BDD20CCF');
  await nextStep(page).click();

  // Quote: compact rows, all within one screen height; choosing the cheapest goes on to pay.
  await expect(page.getByRole('heading', { name: 'Elige la paquetería' })).toBeVisible();
  const rates = page.getByRole('list', { name: 'Tarifas disponibles' });
  expect((await rates.boundingBox())!.height).toBeLessThanOrEqual(900);
  await chooseCheapestRate(page);

  // Pay: the summary with the insurance; no balance yet, so a top-up first.
  await expect(page.getByRole('heading', { name: 'Revisa y paga' })).toBeVisible();
  const summary = page.getByRole('table', { name: 'Resumen del envío' });
  await expect(summary).toContainText('Tienda Roma (06700) → Luis Pérez (97000)');
  await expect(summary).toContainText('$26.25');
  await page.getByLabel('Referencia (opcional)').fill('PED-E2E');
  await expect(page.getByText('Saldo insuficiente para realizar el pago')).toBeVisible();
  await page.getByRole('link', { name: 'Depositar saldo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Depósitos' })).toBeVisible();
  await topUp(request, session);
  await page.getByRole('link', { name: 'Volver al envío' }).click();

  // Back at the pay step with everything typed, and the new balance.
  await expect(page.getByRole('heading', { name: 'Revisa y paga' })).toBeVisible();
  await expect(summary).toContainText('Tienda Roma (06700) → Luis Pérez (97000)');
  await expect(page.getByLabel('Referencia (opcional)')).toHaveValue('PED-E2E');
  await expect(page.getByTestId('pay-balance')).toHaveText('$2,000.00');
  const bought = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v1/shipments') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: /^Pagar \$/ }).click();
  const purchase = await bought;
  expect(purchase.status()).toBe(201);
  expect(purchase.request().headers()['idempotency-key']).toBeTruthy();
  expect(purchase.request().postDataJSON()).toMatchObject({
    insurance: {
      declared_value: '1750.00',
      invoice_uuid: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
    },
    reference: 'PED-E2E',
    packages: [
      {
        products: [
          { description: 'Hamaca de algodón' },
          { description: 'Rebozo de seda', variant_id: product.variants[0]!.id },
        ],
      },
    ],
  });

  // The guide: tracking number, label, and the pickup booked on its own; the recipient is a
  // customer now.
  await expect(page.getByText('¡Listo! Tu guía está creada')).toBeVisible();
  await expect(page.getByText('Luis Pérez quedó guardado en tus clientes.')).toBeVisible();
  const tracking = (await page.getByTestId('tracking-number').textContent())?.trim() ?? '';
  expect(tracking).toMatch(/^\w{8,}$/);
  await expect(page.getByText('Recolección programada')).toBeVisible();
  await expect(page.getByText(/^Confirmación \S+/)).toBeVisible();
  await expect(page.getByText(/\d{2}\/\d{2}\/\d{4}, de \d{2}:\d{2} a \d{2}:\d{2}/)).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`guia-${tracking}.pdf`);
  const pdf = await readFile((await file.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.toString('latin1')).toContain(tracking);

  await expect(page.getByRole('link', { name: 'Ver envío' })).toHaveAttribute(
    'href',
    new RegExp(`^/app/shippings/[0-9a-f-]{36}$`),
  );
});
