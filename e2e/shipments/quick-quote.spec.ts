import { expect, test } from '@playwright/test';
import { DEMO, pathOf, signInAs } from '../support';

// Quick quote (create-shippings, decision 017): two zips and a parcel → the rates of every
// enabled carrier, from the sandbox adapters, with the cheapest and fastest marked.

// The demo organization ships with the six catalogue carriers. 99minutos works urban routes
// only, so Mexico City → Mérida is out of its coverage and it answers why instead of a rate.
const WITH_RATES = ['Estafeta', 'FedEx', 'DHL Express', 'Paquetexpress', 'Redpack'];

test('the demo owner quotes 06700 → 97000 for a 30×20×15 cm, 2 kg parcel and gets every enabled carrier’s answer', async ({
  page,
  request,
}) => {
  await signInAs(page, request, DEMO.owner);
  await page.goto('/app/create-shippings');
  await expect(page.getByRole('heading', { level: 1, name: 'Cotización rápida' })).toBeVisible();

  await page.getByLabel('Código postal de origen').fill('06700');
  await page.getByLabel('Código postal de destino').fill('97000');
  // The places of both zips, from the postal-code catalogue.
  await expect(page.getByTestId('origin_zip-place')).toHaveText('Cuauhtémoc, Ciudad de México');
  await expect(page.getByTestId('destination_zip-place')).toHaveText('Mérida, Yucatán');
  await page.getByLabel('Largo (cm)').fill('30');
  await page.getByLabel('Ancho (cm)').fill('20');
  await page.getByLabel('Alto (cm)').fill('15');
  await page.getByLabel('Peso (kg)').fill('2');
  const quoted = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v1/quotes') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Cotizar' }).click();
  expect((await quoted).status()).toBe(201);

  const results = page.getByRole('region', { name: 'Tarifas' });
  await expect(results.getByText('06700 → 97000')).toBeVisible();
  const rates = results.getByRole('list', { name: 'Tarifas disponibles' }).getByRole('listitem');
  for (const carrier of WITH_RATES) {
    await expect(rates.filter({ hasText: carrier }).first(), carrier).toBeVisible();
  }
  await expect(rates.filter({ hasText: '99minutos' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Paqueterías sin tarifa' })).toContainText(
    /99minutos: .+/,
  );
  // Exactly one cheapest rate, listed first; at least one fastest.
  await expect(rates.filter({ hasText: 'Más barato' })).toHaveCount(1);
  await expect(rates.first()).toContainText('Más barato');
  expect(await rates.filter({ hasText: 'Más rápido' }).count()).toBeGreaterThan(0);
  // Every rate comes from a sandbox adapter and says so, with its delivery date; its breakdown
  // opens on demand.
  await expect(rates.first()).toContainText('Sandbox');
  await rates
    .first()
    .getByRole('button', { name: /^Ver desglose/ })
    .click();
  await expect(rates.first()).toContainText('Tarifa base');
  await expect(rates.first()).toContainText('IVA');
  await expect(rates.first()).toContainText(/Entrega estimada: \d{2}\/\d{2}\/\d{4}/);
  await expect(rates.first()).toContainText('Peso facturable: 2 kg');

  // A rate leads to create shipment with the zips and the parcel.
  await rates
    .first()
    .getByRole('button', { name: /^Crear envío con esta tarifa/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Crear envío' })).toBeVisible();
  const params = new URL(page.url()).searchParams;
  expect(pathOf(page)).toMatch(/^\/app\/shipment\?/);
  expect(params.get('origin_zip')).toBe('06700');
  expect(params.get('destination_zip')).toBe('97000');
  expect([params.get('length'), params.get('width'), params.get('height')]).toEqual([
    '30',
    '20',
    '15',
  ]);
  expect(params.get('weight')).toBe('2');
});
