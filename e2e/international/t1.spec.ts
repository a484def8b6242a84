import { expect, test, type Page } from '@playwright/test';
import { formatMoney, type T1Shipment, type WalletBalance } from '@despacho/domain';
import { checkDialog, checkScreen, settled } from '../support/a11y';
import { apiCall, chooseLanguage, dataOf, DEMO, signInAs, uniqueId } from '../support';

// Issue 25, international courier shipments (T1) end to end: staff add an export restriction
// for the sneakers' fracción; the demo merchant declares an export to the United States with the
// coffee and the sneakers, and the sneakers' line is refused with its reason and the way to an
// embarque; without it the shipment is quoted by DHL Express and FedEx with the duties estimate
// shown, paid from the balance (which drops by the guide), labelled, and its commercial invoice
// downloads as a PDF. Every new screen and dialog is checked by axe at 390, 1024 and 1440 px.

const COFFEE = 'Café de Olla Molido 500 g';
const SNEAKERS = 'Tenis para Correr Ligero';
const SHOTS = '/tmp/s6-t1-shots';

/** The screen at the phone's and the desktop's width, saved where the report lists it. */
async function shoot(page: Page, name: string) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test('a T1 export: a restricted line is refused, the rest is quoted with duties, paid, labelled and its commercial invoice downloads', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(360_000);
  const permit = `Permiso de exportación ${uniqueId()}`;

  // ——— Staff: the sneakers' fracción needs a permit to leave by courier ———
  const staffContext = await browser.newContext();
  try {
    const staff = await staffContext.newPage();
    await signInAs(staff, request, DEMO.staff);
    await staff.goto('/staff/international/restrictions');
    await expect(
      staff.getByRole('heading', { level: 1, name: 'Restricciones por fracción' }),
    ).toBeVisible();
    await checkScreen(staff, 't1-staff-restrictions');
    await staff.getByRole('button', { name: 'Agregar restricción' }).click();
    const drawer = staff.getByRole('dialog', { name: 'Agregar restricción' });
    await drawer.getByRole('textbox', { name: /Fracción arancelaria/ }).fill('6402.19.99');
    await drawer.getByLabel(/^Aplica a/).click();
    await staff.getByRole('option', { name: 'Exportación', exact: true }).click();
    await drawer.getByLabel(/^Tipo/).click();
    await staff.getByRole('option', { name: 'Permiso', exact: true }).click();
    await drawer.getByRole('textbox', { name: /Clave \(NOM, permiso\)/ }).fill(permit);
    await drawer.getByRole('textbox', { name: /Fuente/ }).fill('Prueba de extremo a extremo');
    await drawer
      .getByRole('textbox', { name: /Descripción/ })
      .fill('Calzado deportivo: requiere permiso previo de exportación.');
    await checkDialog(staff, drawer, 't1-staff-restriction-drawer', 'Cerrar');
    await drawer.getByRole('button', { name: 'Guardar restricción' }).click();
    await expect(drawer).toHaveCount(0);
    await expect(staff.getByText(`SE (Economía) · ${permit}`)).toBeVisible();

    await staff.goto('/staff/international/rates');
    await expect(
      staff.getByRole('heading', { level: 1, name: 'Tasas de impuestos por mensajería' }),
    ).toBeVisible();
    await expect(staff.getByText('T-MEC: 17 % de 50.01 a 117 USD').first()).toBeVisible();
    await checkScreen(staff, 't1-staff-rates');
    await shoot(staff, 'staff-rates-es');
    await staff.getByRole('button', { name: 'Agregar tasa' }).click();
    const addRate = staff.getByRole('dialog', { name: 'Agregar tasa' });
    await checkDialog(staff, addRate, 't1-staff-rate-drawer', 'Cerrar');
    await addRate.getByRole('button', { name: 'Cancelar' }).click();
    await expect(addRate).toHaveCount(0);
    await staff
      .getByRole('button', { name: /^Terminar vigencia de / })
      .first()
      .click();
    const end = staff.getByRole('dialog', { name: 'Terminar vigencia' });
    await checkDialog(staff, end, 't1-staff-end-dialog', 'Cerrar');
    await end.getByRole('button', { name: 'Cancelar' }).click();
    await chooseLanguage(staff, 'English');
    await expect(
      staff.getByRole('heading', { level: 1, name: 'Courier duty rates' }),
    ).toBeVisible();
    await shoot(staff, 'staff-rates-en');
    await chooseLanguage(staff, 'Español', 'Change language');
  } finally {
    await staffContext.close();
  }

  // ——— The merchant declares the export ———
  const session = await signInAs(page, request, DEMO.owner);
  const token = session.access_token;
  const before = await dataOf<WalletBalance>(
    await apiCall(request, 'GET', '/wallet/balance', { token }),
  );
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/app/crear-envio/T1');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Crear envío internacional (T1)' }),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: /Exportación desde México/ })).toBeChecked();
  await checkScreen(page, 't1-direction');
  const next = () => page.getByRole('button', { name: 'Siguiente' }).click();
  const step = (name: string) =>
    expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await next();

  await step('Destinatario en el extranjero');
  await expect(page.getByRole('combobox', { name: 'Ubicación' })).not.toHaveValue('');
  await page.getByRole('combobox', { name: 'País' }).fill('Estados Unidos');
  await page.getByRole('option', { name: 'Estados Unidos', exact: true }).click();
  const text = (name: RegExp, value: string) => page.getByRole('textbox', { name }).fill(value);
  await text(/^Código postal/, '78701');
  await text(/^Ciudad/, 'Austin');
  await text(/^Estado o provincia/, 'TX');
  await text(/^Calle y número/, '100 Congress Ave');
  await text(/^Nombre de contacto/, 'Jane Doe');
  await text(/^Correo/, 'jane@pruebas.despacho.mx');
  await text(/^Teléfono/, '+1 512 555 0100');
  await checkScreen(page, 't1-route');
  await next();

  await step('Paquetes');
  await text(/^Largo/, '30');
  await text(/^Ancho/, '20');
  await text(/^Alto/, '15');
  await text(/^Peso/, '2');
  await checkScreen(page, 't1-packages');
  await next();

  await step('Factura comercial');
  const picker = page.getByRole('combobox', { name: 'Agregar producto del catálogo' });
  for (const name of [COFFEE, SNEAKERS]) {
    await picker.fill(name.split(' ')[0]!);
    await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
    await expect(page.getByRole('region', { name })).toBeVisible();
  }
  const coffee = page.getByRole('region', { name: COFFEE });
  const sneakers = page.getByRole('region', { name: SNEAKERS });
  // Each line's code comes from its product, as TIGIE prints it.
  await expect(coffee.getByRole('textbox', { name: /Fracción arancelaria/ })).toHaveValue(
    '0901.21.02.00',
  );
  await expect(sneakers.getByRole('textbox', { name: /Fracción arancelaria/ })).toHaveValue(
    '6402.19.99.03',
  );
  await coffee.getByRole('textbox', { name: /Descripción en inglés/ }).fill('Ground coffee');
  await coffee.getByRole('textbox', { name: /^Cantidad/ }).fill('2');
  await coffee.getByRole('textbox', { name: /Valor unitario/ }).fill('25');
  await sneakers.getByRole('textbox', { name: /Descripción en inglés/ }).fill('Running shoes');
  await sneakers.getByRole('textbox', { name: /Valor unitario/ }).fill('40');
  await expect(page.getByTestId('t1-invoice-total')).toHaveText(/USD\s90\.00/);
  await checkScreen(page, 't1-lines');
  await next();

  await step('Datos para la aduana');
  await checkScreen(page, 't1-customs');
  await page.getByRole('button', { name: 'Cotizar' }).click();

  // ——— The sneakers may not leave by courier: refused on the line, pointed to an embarque ———
  await step('Factura comercial');
  const refusal = sneakers.getByRole('alert');
  await expect(refusal).toContainText('Esta línea no puede ir por mensajería');
  await expect(refusal).toContainText(permit);
  await expect(refusal.getByRole('link', { name: 'Envíala como embarque' })).toHaveAttribute(
    'href',
    '/app/my-shipments',
  );
  await expect(coffee.getByRole('alert')).toHaveCount(0);
  await checkScreen(page, 't1-refused-line');
  await page.getByRole('button', { name: `Quitar ${SNEAKERS}` }).click();
  await expect(sneakers).toHaveCount(0);
  await next();
  await page.getByRole('button', { name: 'Cotizar' }).click();

  // ——— Quoted: DHL Express and FedEx, with the duties before paying ———
  await step('Tarifas internacionales');
  const duties = page.getByTestId('t1-duties');
  await expect(duties.getByTestId('t1-duties-mxn')).toHaveText(/^\$\d/);
  await expect(duties).toContainText('EE. UU.: sin de minimis; estimación general 10 %');
  await expect(duties).toContainText('MXN por USD');
  await expect(page.getByTestId('t1-rates-duties')).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Elegir esta tarifa: DHL Express Express Worldwide' }),
  ).toBeVisible();
  await checkScreen(page, 't1-quote');
  await shoot(page, 'quote-es');
  await chooseLanguage(page, 'English');
  await expect(page.getByRole('heading', { level: 2, name: 'International rates' })).toBeVisible();
  await shoot(page, 'quote-en');
  await checkScreen(page, 'en-t1-quote');
  await chooseLanguage(page, 'Español', 'Change language');
  await step('Tarifas internacionales');
  await page
    .getByRole('button', { name: /^Elegir esta tarifa: FedEx International Economy/ })
    .click();

  await step('Pago');
  await expect(page.getByText('Impuestos estimados (no se cobran aquí)')).toBeVisible();
  await checkScreen(page, 't1-pay');
  await page.getByRole('button', { name: /^Pagar \$/ }).click();
  await expect(page).toHaveURL(/\/app\/detalles-envio\/T1\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').at(-1)!;

  // ——— The shipment: charged once, labelled, its documents download ———
  const shipment = await dataOf<T1Shipment>(
    await apiCall(request, 'GET', `/international-shipments/${id}`, { token }),
  );
  const tracking = shipment.shipment.tracking_number!;
  await expect(
    page.getByRole('heading', { level: 1, name: `Envío internacional ${tracking}` }),
  ).toBeVisible();
  const after = await dataOf<WalletBalance>(
    await apiCall(request, 'GET', '/wallet/balance', { token }),
  );
  expect(after.available_centavos).toBe(
    before.available_centavos - shipment.shipment.charges.total,
  );
  await expect(
    page.getByRole('link', { name: `Saldo disponible: ${formatMoney(after.available_centavos)}` }),
  ).toBeVisible();
  const declaration = page.getByRole('region', { name: 'Declaración' });
  await expect(declaration).toContainText('0901.21.02.00');
  await expect(declaration).toContainText('Ground coffee');
  await expect(declaration).toContainText('DAP: paga quien recibe');
  await expect(page.getByRole('region', { name: 'Estado en aduana' })).toContainText(
    'Por presentar en aduana',
  );
  await expect(page.getByRole('table', { name: 'Líneas de la factura comercial' })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar guía (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`guia-${tracking}.pdf`);
  const [tab, invoice] = await Promise.all([
    page.waitForEvent('popup'),
    page.waitForResponse((response) => response.url().endsWith(`/${id}/commercial-invoice.pdf`)),
    page.getByRole('button', { name: 'Factura comercial (PDF)' }).click(),
  ]);
  expect(invoice.status()).toBe(200);
  expect(invoice.headers()['content-type']).toBe('application/pdf');
  for (const file of ['commercial-invoice.pdf', 'label.pdf']) {
    const pdf = await request.get(`/api/v1/international-shipments/${id}/${file}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.status(), file).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString(), file).toBe('%PDF-');
  }
  await tab.close();
  // The guide may still be cancelled: its confirmation is checked, and the guide kept.
  await page.getByRole('button', { name: 'Cancelar guía' }).click();
  const confirm = page.getByRole('dialog', { name: `¿Cancelar la guía ${tracking}?` });
  await checkDialog(page, confirm, 't1-cancel-dialog', 'Cerrar');
  await confirm.getByRole('button', { name: 'No, conservarla' }).click();
  await expect(confirm).toHaveCount(0);
  await checkScreen(page, 't1-detail');
  await shoot(page, 'detail-es');
  await chooseLanguage(page, 'English');
  await expect(
    page.getByRole('heading', { level: 1, name: `International shipment ${tracking}` }),
  ).toBeVisible();
  await shoot(page, 'detail-en');
  await checkScreen(page, 'en-t1-detail');
  await chooseLanguage(page, 'Español', 'Change language');

  // ——— Found again from the menu's screen ———
  await page.goto('/app/crear-envio/T1');
  await page.getByRole('tab', { name: 'Mis envíos internacionales' }).click();
  await expect(page.getByRole('link', { name: tracking })).toBeVisible();
  await checkScreen(page, 't1-list');
  await page.getByRole('link', { name: tracking }).click();
  await expect(page).toHaveURL(new RegExp(`/detalles-envio/T1/${id}$`));

  // ——— Staff record what the courier reported at customs; the merchant reads it ———
  const customsContext = await browser.newContext();
  try {
    const staff = await customsContext.newPage();
    await signInAs(staff, request, DEMO.staff);
    await staff.goto(`/staff/international/shipments?search=${tracking}`);
    await expect(staff.getByText(tracking)).toBeVisible();
    await checkScreen(staff, 't1-staff-shipments');
    await staff.getByRole('button', { name: `Cambiar estado en aduana de ${tracking}` }).click();
    const move = staff.getByRole('dialog', { name: 'Cambiar estado en aduana' });
    await expect(move.getByRole('radio', { name: 'En despacho aduanal' })).toBeChecked();
    await move.getByRole('textbox', { name: /Nota para el comercio/ }).fill('Presentado en AICM.');
    await checkDialog(staff, move, 't1-staff-customs-dialog', 'Cerrar');
    await move.getByRole('button', { name: 'Guardar estado' }).click();
    await expect(move).toHaveCount(0);
  } finally {
    await customsContext.close();
  }
  await page.reload();
  const customs = page.getByRole('region', { name: 'Estado en aduana' });
  await expect(customs).toContainText('En despacho aduanal');
  await expect(customs).toContainText('Presentado en AICM.');
});
