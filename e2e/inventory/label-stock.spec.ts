import { expect, test } from '@playwright/test';
import { signInAsNewMerchant } from '../support';
import { createOrigin, topUp } from '../shipments/guides';
import { chooseCheapestRate, fillNewDestination, nextStep, openWizard } from '../shipments/wizard';
import {
  cellUnder,
  createStockProduct,
  expectStock,
  inventoryRow,
  movementCard,
  openInventory,
  openMovements,
} from './inventory';

// Labels take stock out (issue 15): a merchant's own location that keeps stock, counted on the
// inventory screen; a guide bought from it with a catalogue product reserves and ships those
// units, and cancelling the guide puts them back, each step a movement linked to its cause.

test('a label bought from a location that keeps stock takes its products out, and its cancellation puts them back', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  // A new organization: its stock and balance are this spec's alone.
  const { session } = await signInAsNewMerchant(page, request);
  const token = session.access_token;
  const product = await createStockProduct(request, token, 'Rebozo de seda');
  const origin = await createOrigin(request, token);
  await topUp(request, session);

  // The address book: the origin starts keeping stock.
  await page.goto('/app/settings/locations');
  const keepsStock = page.getByRole('switch', { name: `Guarda inventario en ${origin.alias}` });
  await expect(keepsStock).toBeEnabled();
  await expect(keepsStock).not.toBeChecked();
  await keepsStock.click();
  await expect(page.getByText(`${origin.alias} ahora guarda inventario.`)).toBeVisible();
  await expect(keepsStock).toBeChecked();

  // Inventory: the product is listed there with nothing yet; a count of 12 is recorded.
  await openInventory(page, product.sku);
  const row = inventoryRow(page, product.name, origin.alias);
  await expectStock(page, row, { onHand: 0, reserved: 0, available: 0 });
  await row.getByRole('button', { name: `Ajustar existencias: ${product.name}` }).click();
  const adjust = page.getByRole('dialog', { name: 'Ajustar existencias' });
  await expect(adjust.getByLabel('Ubicación')).toHaveValue(origin.alias);
  await expect(adjust.getByLabel('Variante')).toHaveValue(product.name);
  await adjust.getByLabel('Motivo').fill('Conteo inicial de la bodega');
  await adjust.getByLabel('Existencia (+/−)').fill('12');
  await adjust.getByRole('button', { name: 'Guardar ajuste' }).click();
  await expect(page.getByText('Ajuste guardado.')).toBeVisible();
  await expect(adjust).toBeHidden();
  await expectStock(page, row, { onHand: 12, reserved: 0, available: 12 });

  // The wizard from that origin (the default one): the picker offers the product with its 12.
  await openWizard(page);
  await nextStep(page).click();
  await fillNewDestination(page);
  await nextStep(page).click();
  await expect(page.getByRole('heading', { name: 'Paquetes y productos' })).toBeVisible();
  await page.getByLabel('Largo (cm)').fill('30');
  await page.getByLabel('Ancho (cm)').fill('20');
  await page.getByLabel('Alto (cm)').fill('15');
  await page.getByLabel('Peso (kg)').fill('2');
  const line = page.getByRole('group', { name: 'Producto 1' });
  const picker = line.getByRole('combobox', { name: 'Buscar en mis productos' });
  await picker.fill(product.sku);
  const option = page.getByRole('option', { name: new RegExp(product.name) });
  await expect(option).toContainText('12 disponibles');
  await picker.press('ArrowDown');
  await picker.press('Enter');
  await expect(line.getByLabel('Descripción')).toHaveValue(product.name);
  await expect(line.getByLabel('Valor unitario (MXN)')).toHaveValue('320.00');
  // More than there is is flagged on the line; three is fine.
  await line.getByLabel('Cantidad').fill('13');
  await expect(line.getByText('Solo hay 12 disponibles en el origen.')).toBeVisible();
  await line.getByLabel('Cantidad').fill('3');
  await expect(line.getByText('Solo hay 12 disponibles en el origen.')).toHaveCount(0);
  await nextStep(page).click();
  await expect(page.getByRole('heading', { name: 'Seguro del envío' })).toBeVisible();
  await nextStep(page).click();
  await chooseCheapestRate(page);
  await page.getByRole('button', { name: /^Pagar \$/ }).click();
  await expect(page.getByText('¡Listo! Tu guía está creada')).toBeVisible();
  const tracking = (await page.getByTestId('tracking-number').textContent())?.trim() ?? '';
  const guideLink = page.getByRole('link', { name: 'Ver envío' });
  const guidePath = (await guideLink.getAttribute('href')) ?? '';
  expect(guidePath).toMatch(/^\/app\/shippings\/[0-9a-f-]{36}$/);

  // The three units left: on the inventory screen and in the products list.
  await openInventory(page, product.sku);
  await expectStock(page, row, { onHand: 9, reserved: 0, available: 9 });
  await page.goto(`/app/products?search=${product.sku}`);
  const listed = page.getByRole('row').filter({ hasText: product.name });
  await expect(await cellUnder(page, listed, 'Existencias')).toHaveText('9');

  // The guide cancelled: once the carrier confirms, the refund and the three units come back.
  await page.goto(guidePath);
  await expect(page.getByRole('heading', { level: 1, name: `Guía ${tracking}` })).toBeVisible();
  await page.getByRole('button', { name: 'Cancelar guía' }).click();
  await page
    .getByRole('dialog', { name: `¿Cancelar la guía ${tracking}?` })
    .getByRole('button', { name: 'Sí, cancelar guía' })
    .click();
  await expect(page.getByText(/^Reembolsamos \$[\d,.]+ a tu saldo\.$/)).toBeVisible({
    timeout: 20_000,
  });
  await openInventory(page, product.sku);
  await expectStock(page, row, { onHand: 12, reserved: 0, available: 12 });
  await page.goto(`/app/products?search=${product.sku}`);
  await expect(await cellUnder(page, listed, 'Existencias')).toHaveText('12');

  // The movement history: the count, the reservation, the shipment and the return, each with
  // its cause; the guide's steps link to the guide.
  await openInventory(page, product.sku);
  const history = await openMovements(page, row, product.name);
  const steps = [
    ['Devolución', `Cancelación de la guía ${tracking}`, 'Existencia +3'],
    ['Salida', `Guía ${tracking}`, 'Existencia −3'],
    ['Apartado', `Guía ${tracking}`, 'Apartadas +3'],
  ] as const;
  for (const [kind, cause, delta] of steps) {
    const card = movementCard(history, kind);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(delta);
    const link = card.getByRole('link', { name: cause });
    await expect(link).toHaveAttribute('href', guidePath);
  }
  const count = movementCard(history, 'Ajuste');
  await expect(count).toContainText('Ajuste de tu equipo');
  await expect(count).toContainText('Motivo: Conteo inicial de la bodega');
  await expect(count).toContainText('Existencia +12');

  // A cause link opens the guide it names.
  await movementCard(history, 'Devolución').getByRole('link').click();
  await expect(page).toHaveURL(guidePath);
  await expect(page.getByRole('heading', { level: 1, name: `Guía ${tracking}` })).toBeVisible();
});
