import { expect, test } from '@playwright/test';
import { DEMO, signInAs, uniqueId } from '../support';
import { buyGuide, createOrigin } from '../shipments/guides';

// A support ticket from both sides: the merchant opens it about one of its guides with a photo,
// staff add an internal note and answer with a file, the merchant replies, staff close it with
// a reason and the merchant rates the help. The note never reaches the merchant's screen; the
// merchant's reply reaches staff in the console's bell.

const PHOTO = {
  name: 'guia.png',
  mimeType: 'image/png',
  buffer: Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(64, 0x20),
  ]),
};
const RECEIPT = {
  ...PHOTO,
  name: 'reporte-paqueteria.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.7\n%e2e\n'),
};

test('a ticket about a guide, answered by staff with an internal note kept from the merchant', async ({
  page,
  request,
  browser,
}) => {
  // The whole story in two browsers: 29 s on a loaded machine, too close to the default 30 s.
  test.setTimeout(60_000);
  const session = await signInAs(page, request, DEMO.owner);
  const origin = await createOrigin(request, session.access_token);
  const guide = await buyGuide(request, session.access_token, origin);
  const title = `Mi guía no avanza ${uniqueId()}`;

  await page.goto('/app/support/tickets');
  await page.getByRole('button', { name: 'Abrir ticket' }).click();
  const form = page.getByRole('dialog', { name: 'Abrir ticket' });
  await form.getByLabel('Título').fill(title);
  await form.getByLabel('Categoría').selectOption('shipment');
  await form.getByLabel('Descripción').fill('Lleva tres días sin movimiento.');
  await form.getByLabel('¿Sobre qué es?').selectOption('shipment');
  await form.getByRole('combobox', { name: 'Registro' }).fill(guide.tracking_number!);
  await page.getByRole('option', { name: guide.tracking_number! }).click();
  await form.locator('input[type="file"]').setInputFiles(PHOTO);
  await form.getByRole('button', { name: 'Abrir ticket' }).click();

  await expect(page).toHaveURL(/\/app\/support\/ticket\/[0-9a-f-]{36}$/);
  const heading = page.getByRole('heading', { level: 1, name: /^Ticket \d+$/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.replace('Ticket ', '');
  await expect(page.getByRole('link', { name: 'Guía' })).toHaveAttribute(
    'href',
    `/app/shippings/${guide.id}`,
  );
  await expect(page.getByRole('button', { name: 'guia.png' })).toBeVisible();
  await expect(page.getByText('Abierto', { exact: true }).first()).toBeVisible();

  const staffContext = await browser.newContext();
  try {
    const staffPage = await staffContext.newPage();
    await signInAs(staffPage, request, DEMO.staff);
    await staffPage.goto('/staff/tickets');
    await staffPage.getByRole('link', { name: `#${number}` }).click();
    await expect(
      staffPage.getByRole('heading', { level: 1, name: `Ticket ${number}` }),
    ).toBeVisible();
    await expect(staffPage.getByRole('button', { name: 'guia.png' })).toBeVisible();

    await staffPage.getByLabel('Nota interna (el comercio no la ve)').check();
    await staffPage
      .getByRole('textbox', { name: 'Respuesta', exact: true })
      .fill('Nota interna: escalar con Estafeta');
    await staffPage.getByRole('button', { name: 'Enviar' }).click();
    await expect(staffPage.getByText('Nota interna: escalar con Estafeta')).toBeVisible();

    await staffPage.getByLabel('Nota interna (el comercio no la ve)').uncheck();
    await staffPage
      .getByRole('textbox', { name: 'Respuesta', exact: true })
      .fill('Levantamos el reporte con la paquetería.');
    await staffPage.locator('input[type="file"]').setInputFiles(RECEIPT);
    await staffPage.getByRole('button', { name: 'Enviar' }).click();
    await expect(staffPage.getByRole('button', { name: 'reporte-paqueteria.pdf' })).toBeVisible();

    // The merchant reads the answer and its file, never the note, and replies.
    await page.reload();
    await expect(page.getByText('Levantamos el reporte con la paquetería.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'reporte-paqueteria.pdf' })).toBeVisible();
    await expect(page.getByText('Nota interna: escalar con Estafeta')).toHaveCount(0);
    await expect(page.getByText('En proceso')).toBeVisible();
    await page.getByLabel('Tu respuesta').fill('Gracias, quedo atento.');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Gracias, quedo atento.')).toBeVisible();

    // Staff hear of the reply in the console's bell, which leads to the ticket.
    await staffPage.goto('/staff/tickets');
    await staffPage.getByRole('button', { name: /^Notificaciones: [1-9]\d* sin leer$/ }).click();
    await staffPage.getByText(`Comercio Demo respondió el ticket ${number}: ${title}`).click();
    await expect(staffPage).toHaveURL(/\/staff\/tickets\/[0-9a-f-]{36}$/);
    await expect(staffPage.getByText('Gracias, quedo atento.')).toBeVisible();
    await staffPage.getByRole('button', { name: 'Cerrar ticket' }).click();
    const closing = staffPage.getByRole('dialog', { name: 'Cerrar el ticket' });
    await closing.getByLabel('Motivo').fill('La paquetería confirmó la entrega');
    await closing.getByRole('button', { name: 'Cerrar ticket' }).click();
    await expect(
      staffPage.getByText(/Cerrado por Despacho: La paquetería confirmó la entrega/),
    ).toBeVisible();
  } finally {
    await staffContext.close();
  }

  await page.reload();
  await expect(page.getByText(/Motivo: La paquetería confirmó la entrega/)).toBeVisible();
  await page.getByText('5', { exact: true }).click();
  await page.getByRole('button', { name: 'Enviar calificación' }).click();
  await expect(page.getByText('Calificaste con 5 de 5.')).toBeVisible();
});
