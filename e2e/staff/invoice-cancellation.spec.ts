import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { InvoiceView, StaffDeposit } from '@despacho/domain';
import {
  apiCall,
  createMerchant,
  csrfHeaders,
  dataOf,
  DEMO,
  signInAs,
  signInByApi,
  uniqueId,
} from '../support';
import { checkScreen } from '../support/a11y';

// Issue 27: staff cancel a stamped invoice before SAT from the console's invoices, with SAT's
// reason (the replacing UUID only for 01), and the merchant's billing shows the cancellation.

/** A new merchant's SPEI deposit credited by staff through the API: its invoice's id. */
async function creditedInvoice(request: APIRequestContext) {
  const { session } = await createMerchant(request);
  const notified = await request.fetch('/api/v1/deposits/spei', {
    method: 'POST',
    headers: {
      ...(await csrfHeaders(request)),
      authorization: `Bearer ${session.access_token}`,
      'idempotency-key': randomUUID(),
    },
    multipart: {
      amount: '1250.00',
      origin_bank: '012',
      reference_type: 'concept',
      reference_number: 'PAGO SALDO DESPACHO 01',
      tracking_key: `MBAN${uniqueId().toUpperCase()}`,
      voucher: {
        name: 'comprobante.png',
        mimeType: 'image/png',
        buffer: Buffer.concat([
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
          Buffer.alloc(300, 0x20),
        ]),
      },
    },
  });
  const deposit = await dataOf<StaffDeposit>(notified, 201);
  const staff = await signInByApi(request, DEMO.staff);
  await dataOf(
    await apiCall(request, 'POST', `/staff/deposits/${deposit.id}/approve`, {
      token: staff.access_token,
    }),
  );
  const invoices = await apiCall(request, 'GET', '/invoices', { token: session.access_token });
  const invoice = ((await invoices.json()) as { data: InvoiceView[] }).data.find(
    (row) => row.deposit_id === deposit.id,
  );
  expect(invoice?.status).toBe('stamped');
  return { id: invoice!.id, folio: invoice!.folio_label, merchant: session };
}

test('staff cancel a stamped invoice with SAT’s reason, on a phone', async ({ page, request }) => {
  const invoice = await creditedInvoice(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, request, DEMO.staff);
  await page.goto(`/staff/invoices?id=${invoice.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Facturas' })).toBeVisible();
  await page
    .getByRole('button', { name: new RegExp(`^Cancelar CFDI ${invoice.folio} de `) })
    .click();

  const dialog = page.getByRole('dialog', { name: `Cancelar CFDI ${invoice.folio}` });
  const motive = dialog.getByLabel('Motivo de cancelación (SAT)');
  const replacement = dialog.getByLabel('Folio fiscal (UUID) de la factura que la sustituye');
  await motive.selectOption('01');
  await dialog.getByRole('button', { name: 'Cancelar CFDI' }).click();
  await expect(dialog.getByText('Este campo es obligatorio.')).toBeVisible();
  await checkScreen(page, 'staff-invoice-cancel');

  await motive.selectOption('03');
  await expect(replacement).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancelar CFDI' }).click();
  // The sandbox PAC accepts at once, as SAT does when the receiver's acceptance is not needed.
  await expect(dialog.getByText('El SAT aceptó la cancelación')).toBeVisible();
  await dialog.getByRole('button', { name: 'Entendido' }).click();
  await expect(page.getByText('Motivo 03: No se llevó a cabo la operación')).toBeVisible();

  const merchantView = await apiCall(request, 'GET', '/invoices', {
    token: invoice.merchant.access_token,
  });
  const [cancelled] = ((await merchantView.json()) as { data: InvoiceView[] }).data;
  expect(cancelled?.cancellation).toMatchObject({ motive: '03', status: 'accepted' });
});
