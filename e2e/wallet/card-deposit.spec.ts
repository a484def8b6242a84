import { expect, test, type Page, type Request } from '@playwright/test';
import { DEMO, signInAs, signInAsNewMerchant } from '../support';
import { checkDialog } from '../support/a11y';

// Card deposits on finance/deposits with the built-in sandbox provider (decision 013): the card
// goes from the browser to the sandbox's token endpoint only; our API receives the token.

/** Every request the page sends with a body, to check where the card number went. */
function recordPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.postData()) posts.push(request);
  });
  return posts;
}

async function openCardDeposit(page: Page) {
  await page.goto('/app/finance/deposits');
  await page.getByRole('tab', { name: 'Tarjeta' }).click();
  const panel = page.getByRole('region', { name: 'Depositar con tarjeta' });
  await expect(panel.getByText('Modo sandbox — usa las tarjetas de prueba')).toBeVisible();
  return panel;
}

async function fillCard(panel: ReturnType<Page['getByRole']>, amount: string, card: string) {
  await panel.getByLabel('Monto a depositar (MXN)').fill(amount);
  await panel.getByLabel('Número de tarjeta').fill(card);
  await panel.getByLabel('Vencimiento').fill('12/30');
  await panel.getByLabel('Código de seguridad (CVC)').fill('123');
  await panel.getByLabel('Nombre del titular').fill('Marisol Prueba');
}

test('card deposit with a sandbox card below 500 MXN shows and charges the fee', async ({
  page,
  request,
}) => {
  await signInAsNewMerchant(page, request);
  const posts = recordPosts(page);
  const panel = await openCardDeposit(page);
  await expect(page.getByLabel('Saldo disponible: $0.00')).toBeVisible();
  // The documented test cards are on the screen in sandbox mode.
  await expect(panel.getByRole('table', { name: 'Tarjetas de prueba' })).toContainText(
    '4000 0000 0000 9995',
  );

  await fillCard(panel, '300.00', '4242 4242 4242 4242');
  const summary = panel.getByRole('table', { name: 'Resumen del depósito' });
  await expect(summary).toContainText('$300.00');
  await expect(summary).toContainText('$14.50 IVA incluido');
  await expect(summary).toContainText('Recibirás $285.50');

  await panel.getByRole('button', { name: 'Continuar' }).click();
  await expect(panel.getByText('Confirma tu depósito')).toBeVisible();
  await expect(panel.getByText('Tarjeta: Visa •••• 4242')).toBeVisible();
  await expect(summary).toContainText('$14.50 IVA incluido');
  await expect(summary).toContainText('Recibirás $285.50');
  const charged = page.waitForResponse('**/api/v1/deposits/card');
  await panel.getByRole('button', { name: 'Confirmar depósito de $300.00' }).click();
  expect((await charged).status()).toBe(201);

  await expect(page.getByText('Depósito acreditado: $285.50 ya están en tu saldo.')).toBeVisible();
  await expect(page.getByLabel('Saldo disponible: $285.50')).toBeVisible();
  // The deposits list below shows it, refreshed without reloading.
  await expect(page.getByRole('row').filter({ hasText: 'Visa •••• 4242' })).toBeVisible();

  // The card number went to the sandbox's token endpoint and nowhere else; our API got a token.
  const withCard = posts.filter((post) => /4242 ?4242 ?4242 ?4242/.test(post.postData()!));
  expect(withCard.map((post) => new URL(post.url()).pathname)).toEqual([
    '/sandbox/payments/tokens',
  ]);
  const deposit = posts.find((post) => post.url().endsWith('/api/v1/deposits/card'))!;
  expect(deposit.postDataJSON()).toEqual({
    amount: '300.00',
    token: expect.stringMatching(/^tok_sandbox_/),
  });
  expect(deposit.headers()['idempotency-key']).toBeTruthy();
});

test('a declined sandbox card shows the provider’s reason and credits nothing', async ({
  page,
  request,
}) => {
  await signInAsNewMerchant(page, request);
  const panel = await openCardDeposit(page);
  await fillCard(panel, '600', '4000 0000 0000 0002');
  await expect(panel.getByRole('table', { name: 'Resumen del depósito' })).toContainText(
    'Sin comisión',
  );
  await panel.getByRole('button', { name: 'Continuar' }).click();
  await panel.getByRole('button', { name: 'Confirmar depósito de $600.00' }).click();
  await expect(
    panel.getByText('Tu tarjeta fue rechazada: Tarjeta rechazada por el banco emisor.'),
  ).toBeVisible();
  // Back on the form for other card details; the balance did not move.
  await expect(panel.getByRole('button', { name: 'Continuar' })).toBeVisible();
  await expect(page.getByLabel('Saldo disponible: $0.00')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Visa •••• 0002' })).toContainText(
    'Tarjeta rechazada por el banco emisor',
  );
});

test('staff open the refund of a credited card deposit; the sandbox cannot refund it', async ({
  page,
  request,
  browser,
}) => {
  const { person } = await signInAsNewMerchant(page, request);
  const panel = await openCardDeposit(page);
  await fillCard(panel, '300.00', '4242 4242 4242 4242');
  await panel.getByRole('button', { name: 'Continuar' }).click();
  await panel.getByRole('button', { name: 'Confirmar depósito de $300.00' }).click();
  await expect(page.getByLabel('Saldo disponible: $285.50')).toBeVisible();

  const context = await browser.newContext();
  try {
    const staff = await context.newPage();
    await signInAs(staff, request, DEMO.staff);
    await staff.goto('/staff/deposits?status=card-credited');
    await staff
      .getByRole('button', {
        name: `Reembolsar a la tarjeta el depósito de ${person.company} por $300.00`,
      })
      .click();
    const dialog = staff.getByRole('dialog', { name: '¿Reembolsar a la tarjeta?' });
    await expect(dialog).toContainText(
      `Se reembolsarán $285.50 a la tarjeta Visa •••• 4242 y se descontarán del saldo de ${person.company}.`,
    );
    await expect(dialog).toContainText('La comisión de $14.50 no se devuelve.');
    await checkDialog(staff, dialog, 'card-refund-dialog', 'Cerrar');

    // The sandbox processor does not refund: the API refuses before the balance moves.
    const refused = staff.waitForResponse('**/refund-card');
    await dialog.getByRole('button', { name: 'Reembolsar', exact: true }).click();
    expect((await refused).status()).toBe(409);
    await expect(dialog.getByRole('alert')).toContainText(
      'Este depósito no se puede reembolsar a la tarjeta',
    );
  } finally {
    await context.close();
  }
  await page.reload();
  await expect(page.getByLabel('Saldo disponible: $285.50')).toBeVisible();
});
