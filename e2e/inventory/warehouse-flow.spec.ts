import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { apiCall, dataOf, DEMO, signInAs, signInAsNewMerchant } from '../support';
import { seriousViolations } from '../support/axe';
import { RECIPIENT, topUp } from '../shipments/guides';
import {
  createStockProduct,
  expectStock,
  inventoryRow,
  movementCard,
  openInventory,
  openMovements,
} from './inventory';

// Goods through a platform warehouse (issue 15): the merchant announces an entry of two
// products; staff receive one in full and the other short, with a damaged unit, its incident and
// a photo; the merchant sees the entry partial, answers the incident and finds the stock
// available; an exit to a customer is picked, packed and shipped with a guide by staff; the
// inventory and the movement history show every step.

const WAREHOUSE = 'CEDIS Tultitlán';

/** The box a piece of the page sits in (a Mantine Paper): a line's card, an incident. */
const cardOf = (inner: Locator): Locator =>
  inner.locator('xpath=ancestor::div[contains(@class, "mantine-Paper-root")][1]');

/** Picks `option` in the Mantine select labelled `label` inside `scope`. */
async function choose(page: Page, scope: Locator | Page, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** A small photo of the damaged unit, made here (PNG, well under 1 MB). */
const damagePhoto = async () => ({
  name: 'caja-dañada.png',
  mimeType: 'image/png',
  buffer: await sharp({
    create: { width: 80, height: 60, channels: 3, background: { r: 150, g: 110, b: 60 } },
  })
    .png()
    .toBuffer(),
});

test('an entry is received partly with a damaged unit, its incident answered, and an exit to a customer leaves the warehouse with a guide', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  // A new organization: the entry, its stock and the exit are this spec's alone.
  const { person, session } = await signInAsNewMerchant(page, request);
  const token = session.access_token;
  const hammock = await createStockProduct(request, token, 'Hamaca de algodón');
  const huipil = await createStockProduct(request, token, 'Huipil bordado');
  // The customer the exit goes to, with Mérida as the default address.
  await dataOf(
    await apiCall(request, 'POST', '/customers', {
      token,
      body: {
        name: 'Rosalía',
        last_name: 'Canul Pech',
        email: RECIPIENT.email,
        phone: RECIPIENT.phone,
        addresses: [
          {
            alias: 'Casa',
            contact_name: RECIPIENT.contact_name,
            contact_phone: RECIPIENT.phone,
            street: RECIPIENT.street,
            external_number: RECIPIENT.external_number,
            neighborhood: RECIPIENT.neighborhood,
            city: RECIPIENT.city,
            municipality: RECIPIENT.municipality,
            state: RECIPIENT.state,
            zip: RECIPIENT.zip,
          },
        ],
      },
    }),
    201,
  );
  await topUp(request, session);

  // The merchant announces the entry: 10 hammocks and 6 huipiles to the warehouse.
  await page.goto('/app/products/create-entry');
  await expect(page.getByRole('heading', { level: 1, name: 'Crear entrada' })).toBeVisible();
  await choose(page, page, 'Almacén de destino', WAREHOUSE);
  await page.getByLabel('Referencia').fill('OC-2026-118');
  await page.getByLabel('Paquetería o transportista').fill('Paquetexpress');
  await page.getByLabel('Número de guía').fill('PQX123456789');
  for (const [index, [product, quantity]] of (
    [
      [hammock, 10],
      [huipil, 6],
    ] as const
  ).entries()) {
    if (index > 0) await page.getByRole('button', { name: 'Agregar producto' }).click();
    const picker = page.getByRole('combobox', { name: 'Producto' }).nth(index);
    await picker.fill(product.sku);
    await page.getByRole('option', { name: new RegExp(product.sku) }).click();
    await page.getByLabel('Cantidad esperada').nth(index).fill(String(quantity));
  }
  await expect(page.getByText(/^Faltan datos/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Registrar entrada' }).click();
  await expect(page).toHaveURL(/\/app\/products\/entry-detail\/[0-9a-f-]{36}$/);
  const entryPath = new URL(page.url()).pathname;
  const heading = page.getByRole('heading', { level: 1, name: /^Entrada / });
  await expect(heading).toBeVisible();
  const entryTitle = (await heading.textContent())!.trim();
  await expect(page.getByText('En camino', { exact: true })).toBeVisible();

  // On the way: the inventory shows it as incoming at the warehouse.
  await openInventory(page, hammock.sku);
  await expectStock(page, inventoryRow(page, hammock.name, WAREHOUSE), {
    onHand: 0,
    incoming: 10,
  });

  // Staff, in a browser of their own, receive it.
  const staffContext = await browser.newContext();
  try {
    const staff = await staffContext.newPage();
    await staff.setViewportSize({ width: 1440, height: 900 });
    await signInAs(staff, request, DEMO.staff);
    await staff.goto('/staff/receiving');
    await expect(
      staff.getByRole('heading', { level: 1, name: 'Recepción en almacén' }),
    ).toBeVisible();
    await choose(staff, staff, 'Almacén', WAREHOUSE);
    const queued = staff.getByRole('row').filter({ hasText: person.company });
    await expect(queued).toContainText('0 / 16');
    await queued.getByRole('link').click();
    const panel = cardOf(staff.getByRole('heading', { name: `${entryTitle} · ${person.company}` }));
    await expect(panel).toBeVisible();

    // The hammocks by scanning their SKU: all ten into stock.
    const scan = staff.locator('form').filter({
      has: staff.getByLabel('Escanear código de barras o SKU'),
    });
    await scan.getByLabel('Escanear código de barras o SKU').fill(hammock.sku);
    await scan.getByLabel('Unidades').fill('10');
    await scan.getByRole('button', { name: 'Recibir' }).click();
    await expect(staff.getByText('Unidades recibidas.')).toBeVisible();
    const hammockCard = cardOf(staff.getByText(hammock.name, { exact: true }));
    await expect(hammockCard).toContainText(
      'Esperado 10 · Recibido 10 · Aceptado 10 · No vendible 0',
    );

    // The huipiles: five of six arrive, four good and one damaged, set apart.
    const huipilCard = cardOf(staff.getByText(huipil.name, { exact: true }));
    const huipilForm = huipilCard.locator('form');
    await huipilForm.getByLabel('Unidades').fill('4');
    await huipilForm.getByRole('button', { name: 'Recibir' }).click();
    await expect(huipilCard).toContainText('Esperado 6 · Recibido 4 · Aceptado 4');
    await huipilForm.getByLabel('Unidades').fill('1');
    await choose(staff, huipilForm, 'Destino', 'No vendible (revisión o daño)');
    await huipilForm.getByRole('button', { name: 'Recibir' }).click();
    await expect(huipilCard).toContainText('Esperado 6 · Recibido 5 · Aceptado 4 · No vendible 1');

    // The incident: one damaged huipil, with a note and a photo.
    const incident = cardOf(staff.getByRole('heading', { name: 'Registrar incidencia' }));
    await choose(staff, incident, 'Producto', new RegExp(huipil.name));
    await expect(incident.getByRole('combobox', { name: 'Tipo' })).toHaveValue('Dañado');
    await incident.getByLabel('Unidades').fill('1');
    await incident.getByLabel('Nota').fill('Caja aplastada; el bordado llegó manchado.');
    await incident.locator('input[type="file"]').setInputFiles(await damagePhoto());
    await incident.getByRole('button', { name: 'Registrar incidencia' }).click();
    await expect(staff.getByText('Incidencia registrada; avisamos al comercio.')).toBeVisible();
    await expect(huipilCard.getByRole('img', { name: 'Foto de la incidencia' })).toBeVisible();
    await expect(panel.getByText('Parcial', { exact: true })).toBeVisible();

    // The merchant: partial, the hammocks in stock, the huipil's incident with its photo.
    await page.goto(entryPath);
    await expect(page.getByRole('heading', { level: 1, name: entryTitle })).toBeVisible();
    await expect(page.getByText('Parcial', { exact: true })).toBeVisible();
    const hammockLine = cardOf(page.getByRole('heading', { name: new RegExp(hammock.sku) }));
    await expect(hammockLine.getByText('En existencias', { exact: true })).toBeVisible();
    const huipilLine = cardOf(page.getByRole('heading', { name: new RegExp(huipil.sku) }));
    // Its open incident is what the line waits on, and it says so (issue 21: not "Pendiente").
    await expect(huipilLine.getByText('Incidencia abierta', { exact: true })).toBeVisible();
    await expect(huipilLine.getByText('Dañado', { exact: true })).toBeVisible();
    await expect(huipilLine.getByText('1 unidad', { exact: true })).toBeVisible();
    await expect(huipilLine).toContainText('Caja aplastada; el bordado llegó manchado.');
    await expect(huipilLine.getByRole('img', { name: 'Foto de la incidencia' })).toBeVisible();
    await huipilLine
      .getByLabel('Responder a la incidencia')
      .fill('Devuélvanlo al proveedor, por favor.');
    await huipilLine.getByRole('button', { name: 'Responder' }).click();
    await expect(page.getByText('Respuesta enviada.')).toBeVisible();
    await expect(huipilLine).toContainText('Tu respuesta: Devuélvanlo al proveedor, por favor.');

    // Staff see the answer beside the incident.
    await staff.reload();
    await expect(cardOf(staff.getByText(huipil.name, { exact: true }))).toContainText(
      'Respuesta del comercio: Devuélvanlo al proveedor, por favor.',
    );

    // The stock the merchant can sell: ten hammocks and four huipiles; one huipil set apart
    // and the sixth still on the way.
    await openInventory(page, hammock.sku);
    const hammockStock = inventoryRow(page, hammock.name, WAREHOUSE);
    await expectStock(page, hammockStock, { onHand: 10, available: 10, incoming: 0 });
    await openInventory(page, huipil.sku);
    await expectStock(page, inventoryRow(page, huipil.name, WAREHOUSE), {
      onHand: 4,
      available: 4,
      notSellable: 1,
      incoming: 1,
    });

    // An exit of three hammocks to the customer, sent to the warehouse: they are reserved.
    await page.goto('/app/products/outs');
    await expect(page.getByRole('heading', { level: 1, name: 'Salidas' })).toBeVisible();
    await page.getByRole('button', { name: 'Nueva salida' }).click();
    const drawer = page.getByRole('dialog', { name: 'Nueva salida' });
    await choose(page, drawer, 'Almacén', WAREHOUSE);
    await choose(page, drawer, 'Destino', /^Rosalía Canul Pech/);
    await drawer.getByLabel('Referencia').fill('PED-4471');
    await drawer.getByRole('combobox', { name: 'Agregar producto' }).fill(hammock.sku);
    await page.getByRole('option', { name: new RegExp(`${hammock.sku}.*10 disponibles`) }).click();
    const quantity = drawer.getByRole('textbox', { name: new RegExp(hammock.sku) });
    await quantity.fill('3');
    await drawer.getByRole('button', { name: 'Crear salida' }).click();
    await expect(page.getByText(/^Salida \S+ creada\.$/)).toBeVisible();
    const exitRow = page.getByRole('row').filter({ hasText: 'PED-4471' });
    await expect(exitRow.getByText('Creada', { exact: true })).toBeVisible();
    const exitNumber = ((await exitRow.getByText(/^Salida /).textContent()) ?? '').replace(
      'Salida ',
      '',
    );
    const send = `Enviar al almacén la salida ${exitNumber}`;
    await exitRow.getByRole('button', { name: send }).click();
    const sending = page.getByRole('dialog', { name: send });
    await expect(sending.getByRole('textbox', { name: new RegExp(hammock.sku) })).toHaveValue('3');
    await sending.getByRole('button', { name: 'Enviar al almacén' }).click();
    await expect(page.getByText(`La salida ${exitNumber} se envió al almacén.`)).toBeVisible();
    await expect(exitRow.getByText('En proceso', { exact: true })).toBeVisible();
    await openInventory(page, hammock.sku);
    await expectStock(page, hammockStock, { onHand: 10, reserved: 3, available: 7 });

    // Staff pick, pack and ship it with a guide paid from the merchant's balance.
    await staff.goto('/staff/exits');
    await expect(
      staff.getByRole('heading', { level: 1, name: 'Salidas por despachar' }),
    ).toBeVisible();
    const toShip = staff.getByRole('row').filter({ hasText: person.company });
    await toShip.getByRole('button', { name: `Despachar la salida ${exitNumber}` }).click();
    const dispatch = staff.getByRole('dialog', {
      name: `Salida ${exitNumber} · ${person.company}`,
    });
    await expect(dispatch).toContainText('Destino: Rosalía Canul Pech, Mérida 97000');
    const pickLine = dispatch.getByRole('row').filter({ hasText: hammock.sku });
    await expect(pickLine).toContainText('3');
    await dispatch.getByLabel('Peso (kg)').fill('2');
    await dispatch.getByRole('button', { name: 'Cotizar' }).click();
    await expect(dispatch.getByRole('radio').first()).toBeChecked();
    await dispatch.getByRole('button', { name: 'Comprar guía y enviar' }).click();
    // The dialog stays on the shipped exit with its label, to print before closing.
    const shipped = dispatch.getByRole('status');
    await expect(shipped).toContainText(`Salida ${exitNumber} enviada`);
    const tracking = /la guía (\w+) con el saldo/.exec((await shipped.textContent()) ?? '')![1]!;
    const download = staff.waitForEvent('download');
    await dispatch.getByRole('button', { name: 'Descargar PDF' }).click();
    expect((await download).suggestedFilename()).toBe(`guia-${tracking}.pdf`);
    await dispatch.getByRole('button', { name: 'Listo' }).click();
    await expect(dispatch).toBeHidden();

    // The merchant sees it shipped with its guide, and the hammocks gone from stock.
    await page.goto('/app/products/outs');
    await expect(exitRow.getByText('Enviada', { exact: true })).toBeVisible();
    await expect(exitRow.getByRole('link', { name: tracking })).toHaveAttribute(
      'href',
      /^\/app\/shippings\/[0-9a-f-]{36}$/,
    );
    await openInventory(page, hammock.sku);
    await expectStock(page, hammockStock, { onHand: 7, reserved: 0, available: 7 });

    // The hammocks' history: announced, received, reserved and shipped, each linked to its cause.
    const history = await openMovements(page, hammockStock, hammock.name);
    const exitLink = /^\/app\/products\/outs\?exit=[0-9a-f-]{36}$/;
    // Causes go by their numbers: the exit's and the entry's, as their own screens name them.
    const exitName = `Salida ${exitNumber}`;
    for (const [kind, delta, link, name] of [
      ['Salida', 'Existencia −3', exitLink, exitName],
      ['Apartado', 'Apartadas +3', exitLink, exitName],
      ['Recepción en almacén', 'Existencia +10', entryPath, entryTitle],
      ['Entrada anunciada', 'Por llegar +10', entryPath, entryTitle],
    ] as const) {
      const card = movementCard(history, kind);
      await expect(card).toHaveCount(1);
      await expect(card).toContainText(delta);
      await expect(card.getByRole('link', { name })).toHaveAttribute('href', link);
    }
    await movementCard(history, 'Entrada anunciada').getByRole('link').click();
    await expect(page).toHaveURL(entryPath);
    await expect(page.getByRole('heading', { level: 1, name: entryTitle })).toBeVisible();

    // The merchant cancels the exit's guide (issue 21): once the carrier confirms, the exit is
    // cancelled, the hammocks are back on hand, and staff are told to unpack the parcel.
    await page.goto('/app/products/outs');
    await exitRow.getByRole('link', { name: tracking }).click();
    await page.getByRole('button', { name: 'Cancelar guía' }).click();
    await page
      .getByRole('dialog', { name: `¿Cancelar la guía ${tracking}?` })
      .getByRole('button', { name: 'Sí, cancelar guía' })
      .click();
    await expect(page.getByText('Cancelada', { exact: true })).toBeVisible({ timeout: 20_000 });
    await page.goto('/app/products/outs');
    await expect(exitRow.getByText('Cancelada', { exact: true })).toBeVisible();
    await expect(exitRow).toContainText(
      'Guía cancelada: sus productos volvieron a tus existencias.',
    );
    await openInventory(page, hammock.sku);
    await expectStock(page, hammockStock, { onHand: 10, reserved: 0, available: 10 });

    await staff.goto('/staff/exits');
    await staff.getByText('Guías canceladas', { exact: true }).click();
    const toUnpack = staff.getByRole('row').filter({ hasText: tracking });
    await expect(toUnpack).toContainText('Desempaca el paquete y regresa sus 3 piezas al anaquel.');
    await expect(toUnpack).toContainText(`3 × ${hammock.name} (SKU ${hammock.sku})`);
    expect(await seriousViolations(staff)).toEqual([]);
  } finally {
    await staffContext.close();
  }
});
