import { expect, test } from '@playwright/test';
import { DEMO, mainMenu, pathOf, signInByApi, submitLogin } from '../support';
import { buyGuide, createOrigin, NO_ESTAFETA_WINDOW } from './guides';

// The shipping-only demo user (role `shipping`): lands on Create shipment, sees only the
// Envíos module, and does the whole job there — quote, buy, print, request a pickup, cancel —
// while the rest of the app stays closed to them.

test('the shipping-only user quotes, buys, prints, books a pickup and cancels', async ({
  page,
  request,
}) => {
  // The origin address is the owner's to register (settings); the guide is bought by the user.
  const owner = await signInByApi(request, DEMO.owner);
  const origin = await createOrigin(request, owner.access_token);

  await page.goto('/auth/login');
  await submitLogin(page, DEMO.shipping);
  await expect(page.getByRole('heading', { level: 1, name: 'Crear envío' })).toBeVisible();
  expect(pathOf(page)).toBe('/app/shipment');
  const menu = mainMenu(page);
  await expect(menu.getByRole('link')).toHaveText([
    'Crear envío',
    'Cotización rápida',
    'Mis guías',
    'Recolección',
  ]);
  for (const module of ['Dashboard', 'E-Commerce', 'Finanzas', 'Configuración', 'Ayuda']) {
    await expect(menu.getByText(module, { exact: true }), module).toHaveCount(0);
  }

  // Quote: the quick quote between the origin's zip and Mérida.
  await menu.getByRole('link', { name: 'Cotización rápida' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cotización rápida' })).toBeVisible();
  await page.getByLabel('Código postal de origen').fill('06700');
  await page.getByLabel('Código postal de destino').fill('97000');
  await page.getByLabel('Largo (cm)').fill('30');
  await page.getByLabel('Ancho (cm)').fill('20');
  await page.getByLabel('Alto (cm)').fill('15');
  await page.getByLabel('Peso (kg)').fill('2');
  await page.getByRole('button', { name: 'Cotizar' }).click();
  const rates = page.getByRole('region', { name: 'Tarifas' });
  await expect(rates.getByText('06700 → 97000')).toBeVisible();
  await expect(
    rates.getByRole('button', { name: 'Crear envío con esta tarifa: Estafeta Terrestre' }),
  ).toBeVisible();

  // Buy: as this user, through the API, a guide left without a pickup.
  const session = await signInByApi(request, DEMO.shipping);
  const guide = await buyGuide(request, session.access_token, origin, {
    pickup: NO_ESTAFETA_WINDOW,
  });
  const number = guide.tracking_number!;

  // The list, reached from the pickup screen (and the menu's "Mis guías").
  await menu.getByRole('link', { name: 'Recolección' }).click();
  await page.getByRole('main').getByRole('link', { name: 'Mis guías' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mis guías' })).toBeVisible();
  await page.getByRole('tab', { name: 'Sin recolección' }).click();
  await page.getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Guía ${number}` })).toBeVisible();

  // Print: the label (a PDF) opens in a new tab for the browser to print; the ZPL downloads.
  const [popup, label] = await Promise.all([
    page.waitForEvent('popup'),
    page.waitForResponse((response) => response.url().endsWith(`/shipments/${guide.id}/label.pdf`)),
    page.getByRole('button', { name: 'Imprimir etiqueta' }).click(),
  ]);
  expect(label.status()).toBe(200);
  expect(label.headers()['content-type']).toBe('application/pdf');
  await popup.close();
  const [zpl] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar ZPL' }).click(),
  ]);
  expect(zpl.suggestedFilename()).toBe(`guia-${number}.zpl`);

  // Pickup: the guide waits under its carrier and origin; a day and a window book it.
  await page.getByRole('link', { name: 'Solicitar recolección' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recolección' })).toBeVisible();
  await page.getByRole('checkbox', { name: `Seleccionar la guía ${number}` }).check();
  const group = page
    .getByRole('region', { name: new RegExp(`^Estafeta, Origen: .*06700$`) })
    .filter({
      has: page.getByText(number),
    });
  // The chips' inputs are hidden behind their labels: the labels are what a user clicks.
  const days = group.getByRole('radiogroup', { name: 'Día hábil' });
  await days.locator('label').first().click();
  await expect(days.getByRole('radio').first()).toBeChecked();
  const windows = group.getByRole('radiogroup', { name: 'Horario' });
  await windows.locator('label').first().click();
  await expect(windows.getByRole('radio').first()).toBeChecked();
  await group.getByRole('button', { name: 'Solicitar recolección de 1 guía' }).click();
  const booked = page.getByRole('alert').filter({ hasText: 'Recolección solicitada' });
  await expect(booked).toContainText(/Estafeta confirmó la recolección \S+ para el/);
  await expect(page.getByRole('checkbox', { name: `Seleccionar la guía ${number}` })).toHaveCount(
    0,
  );
  const pickups = page.getByRole('table', { name: 'Recolecciones' });
  await expect(pickups.getByRole('row').nth(1)).toContainText('Solicitada');

  // Cancel: from the guide's page.
  await page.goto(`/app/shippings/${guide.id}`);
  await page.getByRole('button', { name: 'Cancelar guía' }).click();
  await page.getByRole('button', { name: 'Sí, cancelar guía' }).click();
  await expect(
    page.getByText(/^Cancelación solicitada — el reembolso llegará a tu saldo/),
  ).toBeVisible();

  // Finance stays closed: a direct visit is sent home, like any screen without permission.
  await page.goto('/app/finance/deposits');
  await expect(page.getByRole('heading', { level: 1, name: 'Crear envío' })).toBeVisible();
  expect(pathOf(page)).toBe('/app/shipment');
});
