import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { VariantPick } from '@despacho/domain';
import { apiCall, csrfHeaders, dataOf, DEMO, signInAs } from '../support';
import { createOrigin, RECIPIENT } from '../shipments/guides';
import { fulfilWithLabel } from './fulfilment';

// A manual order (issue 22) typed through the wizard, then fulfilled partially with a label:
// 3 units ordered, 1 shipped, the order left partially fulfilled with 2 units to go.

test('the owner creates a manual order in steps and fulfils it partially with a label', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { access_token: token } = await signInAs(page, request, DEMO.owner);
  // An own location that keeps stock, with 5 units of a catalogue variant.
  const origin = await createOrigin(request, token);
  const stock = await dataOf<{ id: string }>(
    await apiCall(request, 'PUT', `/inventory/locations/${origin.id}`, {
      token,
      body: { keeps_stock: true },
    }),
  );
  const [variant] = await dataOf<VariantPick[]>(
    await apiCall(request, 'GET', '/product-variants', { token, query: { limit: '1' } }),
  );
  expect(variant?.sku, 'the demo catalogue has a variant with a SKU').toBeTruthy();
  const adjusted = await request.post('/api/v1/inventory/adjustments', {
    headers: {
      authorization: `Bearer ${token}`,
      'idempotency-key': randomUUID(),
      ...(await csrfHeaders(request)),
    },
    data: {
      location_id: stock.id,
      reason: 'Conteo e2e',
      lines: [{ variant_id: variant!.id, on_hand_delta: 5, not_sellable_delta: 0 }],
    },
  });
  expect([200, 201]).toContain(adjusted.status());

  // The wizard: a new customer, 3 units from the location, shipping and payment, review.
  await page.goto('/app/orders/create');
  await page
    .getByLabel(/^Nombre de quien recibe/)
    .first()
    .fill(RECIPIENT.contact_name);
  await page
    .getByLabel(/^Correo/)
    .first()
    .fill(RECIPIENT.email);
  await page
    .getByLabel(/^Teléfono/)
    .first()
    .fill(RECIPIENT.phone);
  await page
    .getByLabel(/^Código postal/)
    .first()
    .fill(RECIPIENT.zip);
  await expect(page.getByLabel(/^Estado/)).toHaveValue(RECIPIENT.state);
  await page
    .getByLabel(/^Colonia/)
    .first()
    .fill(RECIPIENT.neighborhood);
  await page
    .getByLabel(/^Calle/)
    .first()
    .fill(RECIPIENT.street);
  await page
    .getByLabel(/^Número exterior/)
    .first()
    .fill(RECIPIENT.external_number);
  await page.getByRole('button', { name: 'Siguiente' }).click();

  await page
    .getByLabel(/^Ubicación de inventario/)
    .first()
    .click();
  await page.getByRole('option', { name: origin.alias }).click();
  await page
    .getByLabel(/^Agregar producto/)
    .first()
    .fill(variant!.sku!);
  await page
    .getByRole('option', { name: new RegExp(`${variant!.sku!} \\(5 disponibles\\)`) })
    .click();
  await page
    .getByLabel(/^Cantidad/)
    .first()
    .fill('3');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page
    .getByLabel(/^Costo de envío al cliente/)
    .first()
    .fill('99');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('button', { name: 'Crear pedido' }).click();

  const heading = page.getByRole('heading', { level: 1, name: /^Pedido M-/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.replace('Pedido ', '');
  await expect(page.getByText('Sin surtir', { exact: true })).toBeVisible();

  // «Enviar»: 1 of the 3 units, a parcel, the rates, a label.
  await fulfilWithLabel(page, { units: 1, originAlias: origin.alias });
  await expect(page.getByRole('heading', { level: 1, name: `Pedido ${number}` })).toBeVisible();
  await expect(page.getByText('Surtido parcial', { exact: true })).toBeVisible();
  const line = page.getByRole('row').filter({ hasText: variant!.sku! });
  // Quantity 3, fulfilled 1, remaining 2.
  await expect(line.getByRole('cell')).toContainText(['', '3', '1', '2']);
});
