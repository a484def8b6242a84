import { expect, test } from '@playwright/test';
import { formatMoney } from '@despacho/domain';
import { DEMO, signInAs } from '../support';
import { availableBalance, buyGuide, createOrigin } from './guides';

// Cancelling a guide (decision 017): asked of the sandbox carrier from the detail page, which
// shows the pending refund, then — once the carrier confirms (3 s on the e2e server) and the job
// refunds the whole charge — the guide cancelled and the balance back where it was.

test('the owner cancels a guide and sees the refund reach the balance', async ({
  page,
  request,
}) => {
  const session = await signInAs(page, request, DEMO.owner);
  const token = session.access_token;
  const origin = await createOrigin(request, token);
  const before = await availableBalance(request, token);
  const guide = await buyGuide(request, token, origin);
  const afterPurchase = await availableBalance(request, token);
  expect(afterPurchase).toBe(before - guide.charges.total);

  await page.goto(`/app/shippings/${guide.id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Guía ${guide.tracking_number}` }),
  ).toBeVisible();
  await expect(page.getByLabel(`Saldo disponible: ${formatMoney(afterPurchase)}`)).toBeVisible();

  await page.getByRole('button', { name: 'Cancelar guía' }).click();
  const dialog = page.getByRole('dialog', { name: `¿Cancelar la guía ${guide.tracking_number}?` });
  await expect(
    dialog.getByText(/Plazo para cancelar: 73 horas desde que se creó la guía/),
  ).toBeVisible();
  await expect(
    dialog.getByText(/a más tardar 7 días hábiles después de tu solicitud\./),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Sí, cancelar guía' }).click();

  await expect(
    page.getByText(
      /^Cancelación solicitada — el reembolso llegará a tu saldo a más tardar el \d{2}\/\d{2}\/\d{4}\.$/,
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancelar guía' })).toHaveCount(0);

  // The page polls: the carrier's confirmation turns it into a cancelled guide with its refund.
  const refund = `Reembolsamos ${formatMoney(guide.charges.total)} a tu saldo.`;
  await expect(page.getByText(refund)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Cancelada', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Cancelación solicitada —/)).toHaveCount(0);
  await expect(page.getByText('La guía está cancelada: no necesita recolección.')).toBeVisible();
  await expect(page.getByLabel(`Saldo disponible: ${formatMoney(before)}`)).toBeVisible();
  expect(await availableBalance(request, token)).toBe(before);

  // The list shows it in the cancelled tab.
  await page.goto('/app/shippings?tab=cancelled');
  const row = page.getByRole('row').filter({ hasText: guide.tracking_number! });
  await expect(row.getByText('Cancelada', { exact: true })).toBeVisible();
});
