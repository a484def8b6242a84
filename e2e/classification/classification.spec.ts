import { expect, test, type Page } from '@playwright/test';
import { classificationFee, formatMoney, type WalletBalance } from '@despacho/domain';
import { checkDialog, checkScreen } from '../support/a11y';
import { apiCall, dataOf, DEMO, signInAs } from '../support';

// Issue 24 end to end: the demo merchant requests the classification of two products (their
// fees held on the balance), a staff member claims both, classifies one and sends it to review
// and rejects the other for missing information; a second staff member approves and publishes
// the first. The merchant reads the result on the request and on the product, downloads the
// dictamen, completes the rejected one and resubmits it without paying again. The demo seed
// already sent two other demo products to classification: these two are untouched.

const SHIRT = 'Playera Básica de Algodón';
const MUG = 'Taza de Talavera';
/** The code of the shipped tariff extract (catalogs/fixtures) a T-shirt of cotton takes. */
const SHIRT_CODE = '6109.10.01.00';

/** The first day of this month as the date picker names it ("1 noviembre 2026"): never future. */
function firstOfThisMonth(): string {
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('es-MX', { timeZone: 'America/Mexico_City', ...options }).format(
      new Date(),
    );
  return `1 ${part({ month: 'long' })} ${part({ year: 'numeric' })}`;
}

/** The staff member claims the product from the queue and answers its console. */
async function claimFromQueue(staff: Page, product: string) {
  await staff.goto('/staff/classification');
  await staff.getByRole('link', { name: product }).first().click();
  await staff.getByRole('button', { name: 'Tomar' }).click();
  await expect(staff.getByText('Ahora clasificas este producto.')).toBeVisible();
}

test('a merchant has two products classified: one published with its dictamen, one rejected and resubmitted', async ({
  page,
  request,
  browser,
}) => {
  // Three people in three browsers and every screen checked at three widths.
  test.setTimeout(240_000);
  const session = await signInAs(page, request, DEMO.owner);
  const before = await dataOf<WalletBalance>(
    await apiCall(request, 'GET', '/wallet/balance', { token: session.access_token }),
  );
  const fee = classificationFee(2).total_centavos;

  // ——— The merchant picks two products, completes what is missing and pays ———
  await page.goto('/app/tariff-classification');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Clasificación arancelaria' }),
  ).toBeVisible();
  await checkScreen(page, 'classifications');
  await page.getByRole('link', { name: 'Solicitar clasificación' }).click();
  const picker = page.getByRole('combobox', { name: 'Agregar productos' });
  for (const name of [SHIRT, MUG]) {
    await picker.fill(name);
    await page.getByRole('option', { name: new RegExp(name) }).click();
    await expect(page.getByRole('region', { name })).toBeVisible();
  }
  // The products' own description, materials and origin fill the blanks; their use is missing.
  const missing = page.getByTestId('missing-inputs');
  await expect(missing).toContainText(`${SHIRT}: Función y uso`);
  await expect(missing).toContainText(`${MUG}: Función y uso`);
  await expect(page.getByTestId('classification-total')).toHaveText(formatMoney(fee));
  await expect(page.getByTestId('classification-balance')).toHaveText(
    formatMoney(before.available_centavos),
  );
  await expect(page.getByRole('button', { name: 'Pagar y solicitar' })).toBeEnabled();
  await checkScreen(page, 'classification-create');
  const shirtCard = page.getByRole('region', { name: SHIRT });
  await shirtCard.getByRole('textbox', { name: /Función y uso/ }).fill('Prenda de vestir');
  await page
    .getByRole('region', { name: MUG })
    .getByRole('textbox', { name: /Función y uso/ })
    .fill('Taza para beber');
  await expect(missing).toHaveCount(0);
  await page.getByRole('button', { name: 'Pagar y solicitar' }).click();
  await expect(page).toHaveURL(/\/app\/tariff-classification\/create\/[0-9a-f-]{36}$/);
  const requestUrl = page.url();
  await expect(page.getByRole('region', { name: MUG })).toContainText('En cola (pagada)');

  // The balance in the header: both fees held, out of what is available.
  const balanceBadge = page.getByRole('link', {
    name: `Saldo disponible: ${formatMoney(before.available_centavos - fee)}`,
  });
  await expect(balanceBadge).toBeVisible();
  await balanceBadge.hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    `${formatMoney(before.on_hold_centavos + fee)} apartados para cargos en proceso`,
  );
  await checkScreen(page, 'classification-request');

  const staffContext = await browser.newContext();
  const reviewerContext = await browser.newContext();
  try {
    // ——— Staff: the shirt classified and sent to review, the mug rejected ———
    const staff = await staffContext.newPage();
    await signInAs(staff, request, DEMO.staff);
    await staff.goto('/staff/classification');
    await expect(staff.getByRole('link', { name: SHIRT }).first()).toBeVisible();
    await checkScreen(staff, 'staff-classification-queue');
    await claimFromQueue(staff, SHIRT);
    const form = staff.getByRole('form', { name: 'Resultado de la clasificación' });
    await staff.getByRole('textbox', { name: 'Buscar en el catálogo' }).fill('6109.10');
    await staff
      .getByRole('button', { name: `Usar ${SHIRT_CODE}` })
      .first()
      .click();
    await expect(form.getByRole('textbox', { name: /Fracción arancelaria \+ NICO/ })).toHaveValue(
      /^6109\.?10\.?01\.?00$/,
    );
    await checkScreen(staff, 'staff-classification-item');
    await form.getByRole('button', { name: 'Fecha de los datos arancelarios' }).click();
    await staff.getByRole('button', { name: firstOfThisMonth(), exact: true }).click();
    const text = (name: string) => form.getByRole('textbox', { name, exact: true });
    await text('Capítulo (texto)').fill('Prendas y complementos de vestir, de punto');
    await text('Partida (texto)').fill('T-shirts y camisetas interiores, de punto');
    await text('Subpartida (texto)').fill('De algodón');
    await text('Fracción (texto)').fill('De algodón');
    // Mantine's selects: the input is named by its label (the option list lies outside the form).
    await form.getByLabel(/Reglas de interpretación/).click();
    await staff.getByRole('option', { name: 'Regla general 1' }).click();
    await staff.getByRole('option', { name: 'Regla general 6' }).click();
    await staff.keyboard.press('Escape');
    await text('Fundamento').fill('Prenda de punto de algodón: RGI 1 y 6.');
    await form.getByRole('textbox', { name: 'Tasa' }).first().fill('35');
    await form.getByLabel('IGI preferencial T-MEC', { exact: true }).click();
    await staff.getByRole('option', { name: 'Exento' }).click();
    await form.getByRole('button', { name: 'Agregar regulación o restricción' }).click();
    await form.getByRole('textbox', { name: 'Clave (NOM, permiso)' }).fill('NOM-004-SE-2021');
    await text('Descripción').fill('Etiquetado de productos textiles');
    await form.getByRole('button', { name: 'Guardar resultado' }).click();
    await expect(staff.getByText('Guardamos el resultado.')).toBeVisible();
    await staff.getByRole('button', { name: 'Enviar a revisión' }).click();
    const confirm = staff.getByRole('dialog', { name: 'Enviar a revisión' });
    await checkDialog(staff, confirm, 'staff-classification-review-dialog', 'Cerrar');
    await confirm.getByRole('button', { name: 'Enviar a revisión' }).click();
    await expect(staff.getByText('En revisión').first()).toBeVisible();
    // Whoever classified it cannot publish it.
    await expect(staff.getByRole('button', { name: 'Aprobar y publicar' })).toHaveCount(0);

    await claimFromQueue(staff, MUG);
    await staff.getByRole('button', { name: 'Rechazar' }).click();
    const reject = staff.getByRole('dialog', { name: 'Rechazar por falta de información' });
    await reject.getByRole('textbox', { name: 'Motivo' }).fill('Falta si la taza está esmaltada');
    await checkDialog(staff, reject, 'staff-classification-reject-dialog', 'Cerrar');
    await reject.getByRole('button', { name: 'Rechazar' }).click();
    await expect(staff.getByText('Rechazado: falta información').first()).toBeVisible();

    // ——— A second staff member approves and publishes the shirt ———
    const reviewer = await reviewerContext.newPage();
    await signInAs(reviewer, request, DEMO.reviewer);
    await reviewer.goto('/staff/classification?status=IN_REVIEW');
    await reviewer.getByRole('link', { name: SHIRT }).first().click();
    await reviewer.getByRole('button', { name: 'Aprobar y publicar' }).click();
    await expect(reviewer.getByText('Publicamos la clasificación en el producto.')).toBeVisible();
  } finally {
    await staffContext.close();
    await reviewerContext.close();
  }

  // ——— The merchant reads the result, downloads the dictamen, resubmits the mug ———
  await page.goto(requestUrl);
  const shirt = page.getByRole('region', { name: SHIRT });
  await expect(shirt.getByTestId('result-code')).toHaveText(SHIRT_CODE);
  await expect(shirt).toContainText('NOM-004-SE-2021');
  await checkScreen(page, 'classification-result');
  const [tab, dictamen] = await Promise.all([
    page.waitForEvent('popup'),
    page.waitForResponse((response) => /\/items\/[0-9a-f-]{36}\/dictamen$/.test(response.url())),
    shirt.getByRole('button', { name: 'Descargar dictamen (PDF)' }).click(),
  ]);
  expect(dictamen.status()).toBe(200);
  expect(dictamen.headers()['content-type']).toBe('application/pdf');
  // The bytes themselves (the app hands them to the tab as a blob): a PDF document.
  const pdf = await request.get(dictamen.url(), {
    headers: { authorization: `Bearer ${session.access_token}` },
  });
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await tab.waitForURL(/^blob:/);
  await tab.close();

  const mug = page.getByRole('region', { name: MUG });
  await expect(mug).toContainText('Falta si la taza está esmaltada');
  await mug
    .getByRole('textbox', { name: /Composición/ })
    .fill('Barro de Talavera esmaltado con esmalte sin plomo, 100 %');
  await mug.getByRole('button', { name: 'Reenviar a clasificación' }).click();
  await expect(page.getByText('Reenviamos el producto a clasificación.')).toBeVisible();
  await expect(mug).toContainText('En cola (pagada)');
  // Not charged again: the mug's fee stayed held, the shirt's was captured.
  const after = await dataOf<WalletBalance>(
    await apiCall(request, 'GET', '/wallet/balance', { token: session.access_token }),
  );
  expect(after.available_centavos).toBe(before.available_centavos - fee);
  expect(after.on_hold_centavos).toBe(before.on_hold_centavos + fee / 2);

  // The product carries its code: classified in the catalogue list, the code on its form.
  await page.goto(`/app/products?search=${encodeURIComponent(SHIRT)}`);
  const row = page.getByRole('row').filter({ hasText: SHIRT });
  await expect(row).toContainText('Clasificado');
  await row.getByRole('link', { name: SHIRT }).click();
  await expect(page.getByRole('combobox', { name: 'Fracción arancelaria' })).toHaveValue(
    SHIRT_CODE.replaceAll('.', ''),
  );
});
