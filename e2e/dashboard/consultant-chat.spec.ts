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

test('a new merchant gets first steps that can be closed for good, and no online-shop notice', async ({
  page,
  request,
}) => {
  const { person } = await signInAsNewMerchant(page, request);
  const notices = page.waitForResponse('**/api/v1/notifications/notices');
  await openDashboard(page, person.name);

  // No store can be connected yet: the online-shop policy notice concerns nobody.
  expect(await (await notices).json()).toEqual({ data: { active: [] } });
  await expect(page.getByText(/Vuelve a autorizar tu tienda Shopify/)).toHaveCount(0);

  const steps = page.getByRole('region', { name: 'Primeros pasos' });
  await expect(steps).toContainText('0 de 5 listos');
  await expect(
    steps.getByRole('link', { name: 'Agrega la dirección desde donde envías' }),
  ).toHaveAttribute('href', '/app/settings/locations');
  const dismissed = page.waitForResponse('**/api/v1/dashboard/first-steps/dismiss');
  await steps.getByRole('button', { name: 'Ocultar primeros pasos' }).click();
  expect((await dismissed).status()).toBe(200);
  await expect(steps).toHaveCount(0);

  // After a reload the server says it was closed, and the page does not show it.
  const firstSteps = page.waitForResponse('**/api/v1/dashboard/first-steps');
  await page.reload();
  expect((await (await firstSteps).json()).data.dismissed).toBe(true);
  await expect(greeting(page, person.name)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Saldo actual' })).toContainText('$');
  await expect(steps).toHaveCount(0);
});
