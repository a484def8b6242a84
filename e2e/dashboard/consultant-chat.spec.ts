import { expect, test } from '@playwright/test';
import { DEMO, greeting, openDashboard, signInAs, signInAsNewMerchant, uniqueId } from '../support';

// The dashboard's consultant chat, with platform staff answering from their console in another
// browser, and the dashboard's policy notice. Each test has its own new merchant.

test('the owner asks in the chat and sees the answer staff give from the console', async ({
  page,
  request,
  browser,
}) => {
  const { person } = await signInAsNewMerchant(page, request);
  await openDashboard(page, person.name);
  await page.getByRole('button', { name: 'Contactar a un asesor' }).click();

  const chat = page.getByRole('dialog', { name: 'Chat con un asesor' });
  await expect(chat).toBeVisible();
  await expect(page).toHaveURL('/app/dashboard?chat=open');
  await expect(chat.getByText('Escríbenos tu duda y un asesor de Despacho')).toBeVisible();

  const question = `¿Cuánto tarda una guía a Mérida? ${uniqueId()}`;
  await chat.getByRole('textbox', { name: 'Mensaje' }).fill(question);
  await chat.getByRole('button', { name: 'Enviar' }).click();
  const ownerLog = chat.getByRole('log', { name: 'Mensajes' });
  await expect(ownerLog.getByRole('listitem')).toHaveCount(1);
  await expect(ownerLog.getByRole('listitem')).toContainText(['Tú']);
  await expect(ownerLog).toContainText(question);
  await expect(chat.getByRole('textbox', { name: 'Mensaje' })).toHaveValue('');

  // Staff, in their own browser, find the organization's chat and answer it.
  const staffContext = await browser.newContext();
  try {
    const staffPage = await staffContext.newPage();
    await signInAs(staffPage, request, DEMO.staff);
    await staffPage.goto('/staff');
    await expect(staffPage.getByRole('heading', { name: 'Consola de operaciones' })).toBeVisible();
    await staffPage
      .getByRole('navigation', { name: 'Menú de la consola' })
      .getByRole('link', { name: 'Conversaciones' })
      .click();
    await expect(staffPage).toHaveURL('/staff/conversations');
    const conversation = staffPage.getByRole('link', { name: new RegExp(`^${person.company}`) });
    await expect(conversation).toContainText(question);
    await conversation.click();
    await expect(staffPage).toHaveURL(/\/staff\/conversations\?conversation=[0-9a-f-]{36}$/);

    const panel = staffPage.getByRole('region', { name: person.company });
    await expect(panel.getByRole('log', { name: 'Mensajes' })).toContainText(question);
    const answer = `Llega en 2 o 3 días hábiles. ${uniqueId()}`;
    await panel.getByRole('textbox', { name: 'Mensaje' }).fill(answer);
    await panel.getByRole('button', { name: 'Enviar' }).click();
    await expect(panel.getByRole('log', { name: 'Mensajes' }).getByRole('listitem')).toContainText([
      question,
      answer,
    ]);

    // The owner's open chat shows it without any action (it asks every few seconds).
    await expect(ownerLog.getByRole('listitem')).toHaveCount(2, { timeout: 15_000 });
    await expect(ownerLog.getByRole('listitem').last()).toContainText('Asesor de Despacho');
    await expect(ownerLog.getByRole('listitem').last()).toContainText(answer);
  } finally {
    await staffContext.close();
  }

  // The chat stays open across a reload (?chat=open) with the whole conversation.
  await page.reload();
  await expect(chat.getByRole('log', { name: 'Mensajes' }).getByRole('listitem')).toHaveCount(2);
});

test('the policy notice can be dismissed and stays dismissed', async ({ page, request }) => {
  const { person } = await signInAsNewMerchant(page, request);
  await openDashboard(page, person.name);

  const notice = page
    .getByRole('alert')
    .filter({ hasText: 'Vuelve a autorizar tu tienda Shopify antes del 1 de junio de 2025' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Ir a Marketplaces y tiendas' })).toHaveAttribute(
    'href',
    '/app/settings/marketplaces',
  );

  const dismissed = page.waitForResponse('**/api/v1/notifications/notices/*/dismiss');
  await notice.getByRole('button', { name: 'Ocultar aviso' }).click();
  expect((await dismissed).status()).toBe(200);
  await expect(notice).toHaveCount(0);

  // After a reload the server no longer lists it, and the page does not show it.
  const notices = page.waitForResponse('**/api/v1/notifications/notices');
  await page.reload();
  expect(await (await notices).json()).toEqual({ data: { active: [] } });
  await expect(greeting(page, person.name)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Saldo actual' })).toContainText('$');
  await expect(notice).toHaveCount(0);
});
