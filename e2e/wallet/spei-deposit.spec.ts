import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, signInAs, signInAsNewMerchant, uniqueId } from '../support';

// SPEI deposits on finance/deposits: the merchant's own CLABE, a transfer notified with its
// receipt, and platform staff approving or rejecting it in the console's deposits queue.

/** A small receipt that passes as the PNG its first bytes say it is. */
const RECEIPT = {
  name: 'comprobante-spei.png',
  mimeType: 'image/png',
  buffer: Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(300, 0x20),
  ]),
};

async function notifyTransfer(page: Page, amount: string, trackingKey: string) {
  const form = page.getByRole('region', { name: 'Notificar transferencia' });
  await form.getByLabel('Monto transferido').fill(amount);
  await form.getByRole('combobox', { name: 'Banco de origen' }).fill('BBVA');
  await page.getByRole('option', { name: 'BBVA México (012)' }).click();
  await form.getByRole('radio', { name: 'Concepto de pago' }).check();
  await form
    .getByRole('textbox', { name: 'Referencia', exact: true })
    .fill('PAGO SALDO DESPACHO 01');
  await form.getByRole('textbox', { name: 'Clave de rastreo' }).fill(trackingKey);
  await form.getByLabel('Archivo del comprobante').setInputFiles(RECEIPT);
  return form;
}

async function sendNotification(page: Page) {
  const answer = page.waitForResponse('**/api/v1/deposits/spei');
  await page.getByRole('button', { name: 'Notificar transferencia' }).click();
  return answer;
}

/** Staff's own browser, signed in, on the deposits queue. */
async function openStaffQueue(browser: Browser, request: APIRequestContext) {
  const context = await browser.newContext();
  const staff = await context.newPage();
  await signInAs(staff, request, DEMO.staff);
  await staff.goto('/staff');
  await staff
    .getByRole('navigation', { name: 'Menú de la consola' })
    .getByRole('link', { name: 'Depósitos', exact: true })
    .click();
  await expect(
    staff.getByRole('heading', { level: 1, name: 'Depósitos', exact: true }),
  ).toBeVisible();
  return { staff, context };
}

test('a SPEI transfer notified with its receipt is credited once staff approve it', async ({
  page,
  request,
  browser,
}) => {
  const { person } = await signInAsNewMerchant(page, request);
  const trackingKey = `MBAN${uniqueId().toUpperCase()}`;
  await page.goto('/app/finance/deposits');
  await expect(page.getByRole('heading', { level: 1, name: 'Depósitos' })).toBeVisible();

  // The organization's own CLABE at STP, grouped to read, with whom to pay and how long it takes.
  const account = page.getByRole('region', { name: 'Tu CLABE para depósitos' });
  await expect(account.getByText(/^646 180 \d{11} \d$/)).toBeVisible();
  await expect(account.getByText('STP', { exact: true })).toBeVisible();
  await expect(account.getByText(`Despacho - ${person.company}`)).toBeVisible();
  await expect(account.getByText('Sandbox')).toBeVisible();
  await expect(
    account.getByText('Los depósitos por SPEI se reflejan en tu saldo de 2 a 3 horas.'),
  ).toBeVisible();
  await expect(account.getByRole('button', { name: 'Copiar CLABE' })).toBeVisible();
  await expect(page.getByLabel('Saldo disponible: $0.00')).toBeVisible();

  const form = await notifyTransfer(page, '1,250.00', trackingKey.toLowerCase());
  await expect(form.getByText('Sin comisión: recibirás $1,250.00.')).toBeVisible();
  const notified = await sendNotification(page);
  expect(notified.status()).toBe(201);
  expect(notified.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByText('Recibimos tu notificación por $1,250.00.')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: trackingKey });
  await expect(row).toContainText('Pendiente');
  await expect(row).toContainText('$1,250.00');
  // Nothing reaches the balance before staff look at it.
  await expect(page.getByLabel('Saldo disponible: $0.00')).toBeVisible();

  const { staff, context } = await openStaffQueue(browser, request);
  try {
    const pending = staff.getByRole('row').filter({ hasText: trackingKey });
    await expect(pending).toContainText(person.company);
    await expect(pending).toContainText('$1,250.00');
    await expect(pending).toContainText('BBVA México');

    // The receipt opens in a tab of its own, from the bytes the API served to staff.
    const tab = staff.waitForEvent('popup');
    await pending
      .getByRole('button', { name: `Abrir comprobante de ${person.company} (${trackingKey})` })
      .click();
    const receipt = await tab;
    await receipt.waitForURL(/^blob:/);
    await receipt.close();

    await pending
      .getByRole('button', { name: `Aprobar depósito ${trackingKey} de ${person.company}` })
      .click();
    const dialog = staff.getByRole('dialog', { name: '¿Aprobar el depósito?' });
    await expect(dialog).toContainText(`Se abonarán $1,250.00 al saldo de ${person.company}`);
    await dialog.getByRole('button', { name: 'Aprobar' }).click();
    await expect(
      staff.getByText(`Depósito de ${person.company} aprobado: se abonaron $1,250.00.`),
    ).toBeVisible();
    await expect(pending).toHaveCount(0);

    await staff.getByText('Aprobados', { exact: true }).click();
    await expect(staff.getByRole('row').filter({ hasText: trackingKey })).toContainText(
      'Acreditado',
    );
  } finally {
    await context.close();
  }

  await page.reload();
  await expect(page.getByLabel('Saldo disponible: $1,250.00')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: trackingKey })).toContainText('Acreditado');

  // The credit is a movement of the balance…
  await page.goto('/app/finance/transactions');
  const movement = page
    .getByRole('table', { name: 'Movimientos del saldo' })
    .getByRole('row')
    .filter({ hasText: `SPEI ${trackingKey}` });
  await expect(movement).toContainText('+$1,250.00');

  // …and its CFDI, stamped by the sandbox PAC, is on finance/billing with its XML and PDF.
  await page.goto('/app/finance/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Facturación' })).toBeVisible();
  const invoice = page
    .getByRole('table', { name: 'Facturas' })
    .getByRole('row')
    .filter({ hasText: 'Depósito (anticipo)' });
  await expect(invoice).toHaveCount(1);
  await expect(invoice).toContainText('$1,250.00');
  await expect(invoice).toContainText('Público en general');
  await expect(invoice).toContainText('XAXX010101000');
  await expect(page.getByText('Sandbox — sin validez fiscal')).toBeVisible();
  const folio = (await invoice.locator('td').first().locator('p').first().textContent())!.trim();
  expect(folio).toMatch(/^DEP\d+$/);

  const xmlDownload = page.waitForEvent('download');
  await invoice.getByRole('button', { name: `Descargar XML de ${folio}` }).click();
  const xml = await xmlDownload;
  expect(xml.suggestedFilename()).toBe(`${folio}.xml`);
  const xmlText = readFileSync((await xml.path())!, 'utf8');
  expect(xmlText).toContain('Version="4.0"');
  expect(xmlText).toContain('Total="1250.00"');
  expect(xmlText).toContain('tfd:TimbreFiscalDigital');
  expect(xmlText).toContain('SANDBOX-SIN-VALIDEZ-FISCAL');

  const pdfDownload = page.waitForEvent('download');
  await invoice.getByRole('button', { name: `Descargar PDF de ${folio}` }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe(`${folio}.pdf`);
  expect(
    readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
});

test('a small transfer shows its fee; a rejected one shows staff’s reason', async ({
  page,
  request,
  browser,
}) => {
  const { person } = await signInAsNewMerchant(page, request);
  const trackingKey = `BNET${uniqueId().toUpperCase()}`;
  await page.goto('/app/finance/deposits');

  const form = await notifyTransfer(page, '300', trackingKey);
  await expect(
    form.getByText('Se cobrará una comisión de $14.50 (IVA incluido); recibirás $285.50.'),
  ).toBeVisible();
  expect((await sendNotification(page)).status()).toBe(201);
  const row = page.getByRole('row').filter({ hasText: trackingKey });
  await expect(row).toContainText('$14.50');
  await expect(row).toContainText('$285.50');

  const { staff, context } = await openStaffQueue(browser, request);
  try {
    const pending = staff.getByRole('row').filter({ hasText: trackingKey });
    await expect(pending).toContainText('Abono $285.50 · comisión $14.50');
    await pending
      .getByRole('button', { name: `Rechazar depósito ${trackingKey} de ${person.company}` })
      .click();
    const dialog = staff.getByRole('dialog', { name: 'Rechazar depósito' });
    await dialog.getByRole('textbox', { name: 'Motivo del rechazo' }).fill('Mal');
    await dialog.getByRole('button', { name: 'Rechazar' }).click();
    await expect(dialog.getByText('Escribe al menos 5 caracteres.')).toBeVisible();
    await dialog
      .getByRole('textbox', { name: 'Motivo del rechazo' })
      .fill('El comprobante no coincide con el monto');
    await dialog.getByRole('button', { name: 'Rechazar' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(pending).toHaveCount(0);
  } finally {
    await context.close();
  }

  await page.reload();
  const rejected = page.getByRole('row').filter({ hasText: trackingKey });
  await expect(rejected).toContainText('Rechazado');
  await expect(rejected).toContainText('Motivo: El comprobante no coincide con el monto');
  await expect(page.getByLabel('Saldo disponible: $0.00')).toBeVisible();
});
