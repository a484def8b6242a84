import { expect, test, type Page } from '@playwright/test';
import { DEMO, openDashboard, signInAs, signInAsNewMerchant } from '../support';

// Account verification: the merchant submits three documents, platform staff reject with a
// reason, the merchant fixes one and resubmits, staff approve. Each test has its own merchant.

/** Files that pass as what their first bytes say they are. */
const FILES = {
  png: (name: string) => ({
    name,
    mimeType: 'image/png',
    buffer: Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(200, 0x20),
    ]),
  }),
  pdf: (name: string) => ({
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from(`%PDF-1.7\n${' '.repeat(200)}`),
  }),
  /** A Windows program named and typed as a PNG. */
  disguised: (name: string) => ({
    name,
    mimeType: 'image/png',
    buffer: Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00]), Buffer.alloc(200, 0x20)]),
  }),
};

const documentCard = (page: Page, title: string) => page.getByRole('region', { name: title });

async function upload(page: Page, document: string, file: ReturnType<typeof FILES.png>) {
  const answer = page.waitForResponse('**/api/v1/verification/documents/*');
  await page.getByLabel(`Archivo de ${document}`).setInputFiles(file);
  return answer;
}

test('a merchant is verified after fixing what staff rejected', async ({
  page,
  request,
  browser,
}) => {
  const { person } = await signInAsNewMerchant(page, request);
  await openDashboard(page, person.name);
  const reminder = page.getByRole('alert').filter({ hasText: 'Verifica tu cuenta' });
  await reminder.getByRole('link', { name: 'Ir a la verificación de cuenta' }).click();
  await expect(page).toHaveURL('/app/settings/verification');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Verificación de cuenta' }),
  ).toBeVisible();
  await expect(page.getByLabel('Estado de la verificación: Sin enviar')).toBeVisible();

  // A program dressed as a PNG gets past the browser's check but not the server's.
  expect((await upload(page, 'identificación oficial', FILES.disguised('ine.png'))).status()).toBe(
    415,
  );
  await expect(documentCard(page, 'Identificación oficial')).toContainText(
    'Este tipo de archivo no está permitido',
  );

  await page.getByRole('radio', { name: /Persona moral/ }).click();
  await upload(page, 'identificación oficial', FILES.png('ine.png'));
  await upload(page, 'comprobante de domicilio', FILES.pdf('recibo-luz.pdf'));
  await upload(page, 'constancia de situación fiscal', FILES.pdf('csf.pdf'));
  await expect(documentCard(page, 'Constancia de situación fiscal')).toContainText('csf.pdf');
  await page.getByRole('button', { name: 'Enviar a revisión' }).click();
  await expect(page.getByText('Tus documentos están en revisión')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Reemplazar/ })).toHaveCount(0);

  const staffContext = await browser.newContext();
  try {
    const staff = await staffContext.newPage();
    await signInAs(staff, request, DEMO.staff);
    await staff.goto('/staff');
    await expect(staff.getByRole('heading', { level: 1, name: 'Verificaciones' })).toBeVisible();
    await staff.getByRole('link', { name: person.company }).click();
    await expect(staff.getByRole('heading', { level: 1, name: person.company })).toBeVisible();
    await expect(staff.getByText('Persona moral')).toBeVisible();
    await expect(
      staff.getByRole('img', { name: 'Vista previa de Identificación oficial' }),
    ).toBeVisible();

    // A PDF opens in a tab of its own, from the bytes the API served to staff.
    const tab = staff.waitForEvent('popup');
    await staff.getByRole('button', { name: 'Abrir Comprobante de domicilio' }).click();
    const pdf = await tab;
    await pdf.waitForURL(/^blob:/);
    await pdf.close();

    await staff.getByRole('button', { name: 'Rechazar verificación' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Rechazar verificación' });
    await dialog.getByRole('button', { name: 'Rechazar' }).click();
    await expect(dialog.getByText('Este campo es obligatorio.')).toBeVisible();
    await dialog
      .getByRole('textbox', { name: 'Motivo del rechazo' })
      .fill('La identificación está borrosa');
    await dialog.getByRole('button', { name: 'Rechazar' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(staff.getByText('Rechazada', { exact: true })).toBeVisible();

    // The merchant reads the reason, replaces the document and resubmits.
    await page.reload();
    await expect(page.getByText('Rechazamos tu verificación')).toBeVisible();
    await expect(page.getByText('Motivo: La identificación está borrosa')).toBeVisible();
    await upload(page, 'identificación oficial', FILES.png('ine-legible.png'));
    await expect(page.getByText('Corrige tu verificación')).toBeVisible();
    await page.getByRole('button', { name: 'Enviar a revisión' }).click();
    await expect(page.getByText('Tus documentos están en revisión')).toBeVisible();

    await staff.reload();
    await staff.getByRole('button', { name: 'Aprobar verificación' }).click();
    await staff
      .getByRole('dialog', { name: '¿Aprobar la verificación?' })
      .getByRole('button', { name: 'Aprobar' })
      .click();
    await expect(staff.getByText('Verificada', { exact: true })).toBeVisible();

    // Every decision is in the audit log.
    await staff
      .getByRole('navigation', { name: 'Menú de la consola' })
      .getByRole('link', { name: 'Bitácora' })
      .click();
    const rows = staff.getByRole('row').filter({ hasText: person.company });
    await expect(rows.filter({ hasText: 'Aprobó una verificación' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Rechazó una verificación' })).toHaveCount(1);
  } finally {
    await staffContext.close();
  }

  await page.reload();
  await expect(page.getByText('Tu cuenta está verificada')).toBeVisible();
  await openDashboard(page, person.name);
  await expect(page.getByRole('link', { name: 'Ir a la verificación de cuenta' })).toHaveCount(0);
});

test('merchants cannot open the operators’ console', async ({ page, request }) => {
  const { person } = await signInAsNewMerchant(page, request);
  await page.goto('/staff/audit');
  await expect(page.getByRole('heading', { level: 1, name: `Hola, ${person.name}` })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/app/dashboard');
});
