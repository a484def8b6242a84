import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatMoney, type WalletBalance } from '@despacho/domain';
import { checkDialog, checkScreen, settled } from '../support/a11y';
import { topUp } from '../shipments/guides';
import { apiCall, chooseLanguage, dataOf, DEMO, signInAs } from '../support';

// Issue 25 end to end: a staff member opens an embarque for the demo merchant with one line of
// goods and asks for an advance and the service fee; the merchant pays both from the balance in
// one click each (the header's balance drops) and uploads the supplier's commercial invoice;
// staff record the pedimento and a green semáforo, upload the pedimento, keep the cuenta de
// gastos and refund the surplus, record the supplier payment, invoice the service and move the
// embarque through customs, dispatch and delivery to closed. The merchant then sees the whole
// timeline, the documents and the invoice.

const ADVANCE = 80_000;
const SERVICE = 34_800;
const EXPENSES = [
  { concept: 'IGI (impuesto general de importación)', pesos: '600' },
  { concept: 'DTA (derecho de trámite aduanero)', pesos: '150' },
];
const REFUND = 5_000;
/** A pedimento of 2026 at Manzanillo (16), patente 3012. */
const PEDIMENTO = '26  16  3012  6000123';
const PDF = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'),
});
/** Where this run's screenshots of the new screens go, es and en, phone and desktop. */
const SHOTS = '/tmp/s6-emb-shots';

/** A field's accessible name: its label, the required mark after it or not. */
const named = (label: string) =>
  new RegExp(`^${label.replace(/[()+]/g, (char) => `\\${char}`)}( \\*)?$`);

/** A text field by its label. */
const field = (scope: Locator, label: string) => scope.getByRole('textbox', { name: named(label) });

/** A Mantine select: typed (when searchable) and its option picked from the list. */
async function pick(page: Page, scope: Locator, label: string, option: string, type?: string) {
  const input = scope.getByRole('combobox', { name: named(label) });
  await input.click();
  if (type) await input.fill(type);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A dialog opened by `button`, named `title`: checked by axe at both widths, then filled. */
async function openDialog(page: Page, button: Locator, title: string, name: string) {
  await button.click();
  const dialog = page.getByRole('dialog', { name: title });
  await checkDialog(page, dialog, name, 'Cerrar');
  return dialog;
}

async function shoot(page: Page, name: string) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

async function balanceOf(request: Parameters<typeof apiCall>[0], token: string) {
  return dataOf<WalletBalance>(await apiCall(request, 'GET', '/wallet/balance', { token }));
}

test('staff run an embarque for a merchant who pays it from the balance and follows it to closed', async ({
  page,
  request,
  browser,
}) => {
  // Two people in two browsers, every new screen and dialog checked at several widths.
  test.setTimeout(480_000);
  const session = await signInAs(page, request, DEMO.owner);
  // The demo's own embarques already spent most of its opening balance: a card deposit first.
  await topUp(request, session);
  const before = await balanceOf(request, session.access_token);
  const products = await dataOf<{ id: string; name: string }[]>(
    await apiCall(request, 'GET', '/products', {
      token: session.access_token,
      query: { search: 'Playera Básica de Algodón' },
    }),
  );
  const shirt = products[0]!;

  // ——— The merchant's list before: what an embarque is ———
  await page.goto('/app/my-shipments');
  await expect(page.getByRole('heading', { level: 1, name: 'Mis embarques' })).toBeVisible();

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAs(staff, request, DEMO.staff);
  let embarqueUrl = '';
  try {
    // ——— Staff open the embarque and ask for the money ———
    await staff.goto('/staff/embarques');
    await expect(staff.getByRole('heading', { level: 1, name: 'Embarques' })).toBeVisible();
    await checkScreen(staff, 'staff-embarques');
    const create = await openDialog(
      staff,
      staff.getByRole('button', { name: 'Abrir embarque' }),
      'Abrir embarque para un comercio',
      'staff-embarque-create-dialog',
    );
    await pick(staff, create, 'Comercio', 'Comercio Demo', 'Comercio Demo');
    await field(create, 'Proveedor').fill('Guangzhou Cotton Textiles Co.');
    await pick(staff, create, 'País del proveedor', 'China', 'China');
    await pick(staff, create, 'País de origen', 'China', 'China');
    await field(create, 'Ciudad, puerto o aeropuerto de origen').fill('Shanghái');
    await field(create, 'Ciudad, puerto o aeropuerto de destino').fill('Manzanillo');
    await field(create, 'Referencia del comercio').fill('OC-PLAYERAS-1');
    await create.getByRole('button', { name: 'Abrir embarque' }).click();
    await expect(staff).toHaveURL(/\/staff\/embarques\/[0-9a-f-]{36}$/);
    // The list's heading stays until the embarque's page renders: wait for the reference.
    await expect(staff.getByRole('heading', { level: 1 })).toHaveText(/^EMB-\d{6}$/);
    const reference = (await staff.getByRole('heading', { level: 1 }).textContent())!;
    embarqueUrl = `/app/my-shipments/${staff.url().split('/').at(-1)}`;

    const edit = await openDialog(
      staff,
      staff.getByRole('button', { name: 'Editar datos' }),
      'Datos del embarque',
      'staff-embarque-edit-dialog',
    );
    await expect(field(edit, 'Proveedor')).toHaveValue('Guangzhou Cotton Textiles Co.');
    await edit.getByRole('button', { name: 'Cancelar' }).click();
    await expect(edit).toBeHidden();

    const lines = await openDialog(
      staff,
      staff.getByRole('button', { name: 'Editar mercancía' }),
      'Mercancía del embarque',
      'staff-embarque-lines-dialog',
    );
    await lines.getByRole('button', { name: 'Agregar línea' }).click();
    // The merchant's product, searched by name: its option reads the name and its SKU.
    const product = lines.getByRole('combobox', { name: named('Producto') });
    await product.click();
    await product.fill(shirt.name);
    await staff.getByRole('option', { name: new RegExp(`^${shirt.name}`) }).click();
    await field(lines, 'Fracción + NICO').fill('6109.10.01.00');
    await field(lines, 'Cantidad comercial').fill('500');
    await field(lines, 'Unidad comercial').fill('pieza');
    await field(lines, 'Cantidad en unidad de tarifa').fill('250');
    await field(lines, 'Valor').fill('1250');
    await pick(staff, lines, 'País de origen', 'China', 'China');
    await lines.getByRole('button', { name: 'Guardar' }).click();
    await expect(staff.getByText('Guardamos la mercancía.')).toBeVisible();
    const goods = staff.getByRole('region', { name: 'Mercancía' });
    await expect(goods).toContainText(shirt.name);
    await expect(goods).toContainText('6109.10.01 · 00');

    const payments = staff.getByRole('region', { name: 'Cobros' });
    const ask = async (kind: string | null, concept: string, amount: number, shot?: string) => {
      const button = payments.getByRole('button', { name: 'Solicitar pago' });
      const dialog = shot
        ? await openDialog(staff, button, 'Solicitar un pago al comercio', shot)
        : (await button.click(),
          staff.getByRole('dialog', { name: 'Solicitar un pago al comercio' }));
      if (kind) await pick(staff, dialog, 'Tipo', kind);
      await field(dialog, 'Concepto').fill(concept);
      await field(dialog, 'Importe (MXN)').fill(String(amount / 100));
      await dialog.getByRole('button', { name: 'Solicitar pago' }).click();
      await expect(payments).toContainText(concept);
    };
    await ask(null, 'Anticipo de impuestos', ADVANCE, 'staff-embarque-request-dialog');
    await ask('Servicio de Despacho', 'Honorarios de despacho', SERVICE);

    // ——— The merchant pays both from the balance and sends the commercial invoice ———
    await page.goto('/app/my-shipments');
    await page.getByRole('link', { name: reference }).click();
    await expect(page.getByRole('heading', { level: 1, name: reference })).toBeVisible();
    const merchantPayments = page.getByRole('region', { name: 'Cobros' });
    await merchantPayments
      .getByRole('button', { name: 'Pagar con saldo Anticipo de impuestos' })
      .click();
    await expect(page.getByText(/^Pagaste \$800\.00\./)).toBeVisible();
    await merchantPayments
      .getByRole('button', { name: 'Pagar con saldo Honorarios de despacho' })
      .click();
    await expect(page.getByText(/^Pagaste \$348\.00\./)).toBeVisible();
    await expect(
      page.getByRole('link', {
        name: `Saldo disponible: ${formatMoney(before.available_centavos - ADVANCE - SERVICE)}`,
      }),
    ).toBeVisible();
    await expect(merchantPayments.getByRole('button', { name: /^Pagar con saldo/ })).toHaveCount(0);
    const upload = await openDialog(
      page,
      page.getByRole('button', { name: 'Subir documento' }),
      'Subir documento',
      'embarque-upload-dialog',
    );
    await upload.locator('input[type=file]').setInputFiles(PDF('factura-comercial.pdf'));
    await upload.getByRole('button', { name: 'Subir documento' }).click();
    await expect(page.getByText('Subimos el documento.')).toBeVisible();

    // ——— Staff: customs, the cuenta de gastos, the supplier, the invoice and the steps ———
    await staff.reload();
    const move = async (step: string, shot?: string) => {
      const button = staff.getByRole('button', { name: 'Mover paso' });
      const dialog = shot
        ? await openDialog(staff, button, 'Mover el embarque', shot)
        : (await button.click(), staff.getByRole('dialog', { name: 'Mover el embarque' }));
      await dialog.getByRole('radio', { name: `Pasar a «${step}»` }).check();
      await dialog.getByRole('button', { name: 'Mover paso' }).click();
      await expect(staff.getByText(`El embarque pasó a «${step}».`)).toBeVisible();
    };
    await move('En aduana', 'staff-embarque-move-dialog');

    const pedimento = await openDialog(
      staff,
      staff.getByRole('button', { name: 'Registrar pedimento' }),
      'Número de pedimento',
      'staff-embarque-pedimento-dialog',
    );
    await pedimento.getByRole('textbox', { name: /Número \(15 dígitos\)/ }).fill(PEDIMENTO);
    await pedimento.getByRole('button', { name: 'Guardar' }).click();
    await expect(staff.getByText('Registramos el pedimento.')).toBeVisible();
    const semaforo = await openDialog(
      staff,
      staff.getByRole('button', { name: 'Registrar semáforo' }),
      'Resultado del semáforo',
      'staff-embarque-semaforo-dialog',
    );
    await semaforo.getByRole('radio', { name: 'Verde: desaduanamiento libre' }).check();
    await semaforo.getByRole('button', { name: 'Guardar' }).click();
    await expect(staff.getByText('Registramos el semáforo.')).toBeVisible();

    const documents = staff.getByRole('region', { name: 'Documentos' });
    await documents.getByRole('button', { name: 'Subir documento' }).click();
    const staffUpload = staff.getByRole('dialog', { name: 'Subir documento' });
    await pick(staff, staffUpload, 'Tipo', 'Pedimento');
    await staffUpload.locator('input[type=file]').setInputFiles(PDF('pedimento.pdf'));
    await staffUpload.getByRole('button', { name: 'Subir documento' }).click();
    await expect(documents).toContainText('pedimento.pdf');

    const expenses = await openDialog(
      staff,
      staff.getByRole('button', { name: 'Editar cuenta de gastos' }),
      'Cuenta de gastos',
      'staff-embarque-expenses-dialog',
    );
    for (const [index, expense] of EXPENSES.entries()) {
      await expenses.getByRole('button', { name: 'Agregar gasto' }).click();
      const row = expenses.locator('.mantine-Paper-root').nth(index);
      await pick(staff, row, 'Concepto', expense.concept);
      await field(row, 'Importe (MXN)').fill(expense.pesos);
    }
    await expenses.getByRole('button', { name: 'Guardar' }).click();
    await expect(staff.getByText('Guardamos la cuenta de gastos.')).toBeVisible();
    const account = staff.getByRole('region', { name: 'Cuenta de gastos' });
    await expect(account).toContainText('Saldo a favor del comercio');
    await expect(account.getByTestId('account-balance')).toHaveText(formatMoney(REFUND));
    await account.getByRole('button', { name: 'Conciliar anticipo' }).click();
    await expect(account.getByTestId('account-balance')).toHaveText(formatMoney(0));

    const supplier = await openDialog(
      staff,
      staff.getByRole('button', { name: 'Registrar pago al proveedor' }),
      'Pago al proveedor',
      'staff-embarque-supplier-dialog',
    );
    await field(supplier, 'Importe').fill('1250');
    await field(supplier, 'Referencia').fill('SWIFT-884211');
    await supplier.getByRole('button', { name: 'Guardar' }).click();
    await expect(staff.getByRole('region', { name: 'Pagos al proveedor' })).toContainText(
      'SWIFT-884211',
    );
    await staff.getByRole('button', { name: 'Emitir factura' }).click();
    await expect(staff.getByText('Emitimos la factura de los servicios.')).toBeVisible();

    await move('Despachado');
    await move('Entregado');
    await staff.getByRole('button', { name: 'Cerrar embarque' }).click();
    const closing = staff.getByRole('dialog', { name: 'Cerrar embarque' });
    await expect(closing.getByRole('radio', { name: 'Pasar a «Cerrado»' })).toBeChecked();
    await closing.getByRole('button', { name: 'Mover paso' }).click();
    await expect(staff.getByText('El embarque pasó a «Cerrado».')).toBeVisible();
    await checkScreen(staff, 'staff-embarque');
    await shoot(staff, 'staff-detail-es');
    await chooseLanguage(staff, 'English');
    try {
      await expect(staff.getByRole('region', { name: 'Timeline' })).toBeVisible();
      await shoot(staff, 'staff-detail-en');
    } finally {
      await chooseLanguage(staff, 'Español', 'Change language');
    }
  } finally {
    await staffContext.close();
  }

  // ——— The merchant follows it all: timeline, documents, invoice ———
  const after = await balanceOf(request, session.access_token);
  expect(after.available_centavos).toBe(before.available_centavos - ADVANCE - SERVICE + REFUND);
  await page.goto('/app/my-shipments');
  await expect(page.getByRole('link', { name: /^EMB-/ }).first()).toBeVisible();
  await checkScreen(page, 'embarques');
  await shoot(page, 'merchant-list-es');
  await page.goto(embarqueUrl);
  const timeline = page.getByRole('region', { name: 'Línea de tiempo' });
  for (const entry of [
    'Embarque abierto',
    'En aduana',
    `Pedimento ${PEDIMENTO} registrado`,
    'Semáforo verde',
    'Pago recibido: Anticipo de impuestos ($800.00)',
    'Despachado',
    'Entregado',
    'Cerrado',
  ]) {
    await expect(timeline.getByText(entry, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(PEDIMENTO, { exact: true })).toBeVisible();
  const docs = page.getByRole('region', { name: 'Documentos' });
  await expect(docs).toContainText('factura-comercial.pdf');
  await expect(docs).toContainText('pedimento.pdf');
  const invoices = page.getByRole('region', { name: 'Facturas' });
  // Billing stamps the CFDI after issuing it: the page is read again until it is.
  await expect(async () => {
    await page.reload();
    await expect(invoices.getByRole('button', { name: /^Descargar PDF de / })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000 });
  const [pdf] = await Promise.all([
    page.waitForResponse((response) =>
      /\/embarques\/[0-9a-f-]{36}\/invoices\/[0-9a-f-]{36}$/.test(response.url()),
    ),
    invoices.getByRole('button', { name: /^Descargar PDF de / }).click(),
  ]);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await checkScreen(page, 'embarque');
  await shoot(page, 'merchant-detail-es');

  // ——— The same screens in English (the choice is saved on the user: put back after) ———
  await chooseLanguage(page, 'English');
  try {
    await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
    await shoot(page, 'merchant-detail-en');
    await page.goto('/app/my-shipments');
    await expect(page.getByRole('heading', { level: 1, name: 'My shipments' })).toBeVisible();
    await shoot(page, 'merchant-list-en');
  } finally {
    await chooseLanguage(page, 'Español', 'Change language');
  }
});
