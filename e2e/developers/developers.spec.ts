import { expect, test, type Locator, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { buyGuide, createOrigin, topUp } from '../shipments/guides';
import { checkDialog, checkScreen, settled } from '../support/a11y';
import { chooseLanguage, DEMO, signInAs } from '../support';
import { startReceiver, type Received } from './receiver';

// Issue 26 end to end: the demo owner creates a test API key on `development`, copies it (the
// only time it is shown), registers a webhook to a receiver of their own, and their "system"
// quotes and buys a label with the key alone (Bearer + Idempotency-Key). The key's row shows its
// last use; the receiver gets a signed test event and then the label's `shipment.created`, both
// verified with the documented recipe; the deliveries show in the endpoint's log and "resend"
// sends the label's again, same event id. Axe checks the screen and its dialogs on the way.

/** Where this run's screenshots of the screen go, es and en, phone and desktop. */
const SHOTS = '/tmp/s6-dev-shots';

async function shoot(page: Page, name: string) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

/** A dialog opened by `button`, named `title`: checked by axe at both widths. */
async function openDialog(page: Page, button: Locator, title: string, name: string) {
  await button.click();
  const dialog = page.getByRole('dialog', { name: title });
  await checkDialog(page, dialog, name, 'Cerrar');
  return dialog;
}

/** The secret a dialog shows once, read from the screen as a person copies it. */
async function shownSecret(dialog: Locator, prefix: RegExp) {
  const secret = (await dialog.locator('pre').first().textContent())!.trim();
  expect(secret).toMatch(prefix);
  await expect(dialog.getByText(/no volverás a verla/)).toBeVisible();
  return secret;
}

/** What reading the clipboard touches in the page (e2e code is checked without the DOM library). */
interface ClipboardGlobals {
  navigator: { clipboard: { readText(): Promise<string> } };
}

/** A request the receiver got, verified with the secret by the `standardwebhooks` recipe. */
const verified = (secret: string, request: Received) =>
  new Webhook(secret).verify(request.body, request.headers as Record<string, string>);

/** The deliveries of one event type the receiver got so far. */
const ofType = (received: readonly Received[], type: string) =>
  received.filter((request) => (JSON.parse(request.body) as { type: string }).type === type);

test('a merchant’s system works with an API key and hears its label through a signed webhook', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(300_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const receiver = await startReceiver();
  try {
    const session = await signInAs(page, request, DEMO.owner);
    await topUp(request, session);
    const origin = await createOrigin(request, session.access_token);

    // ——— The screen, and a test key created once ———
    await page.goto('/app/development');
    await expect(page.getByRole('heading', { level: 1, name: 'Desarrolladores' })).toBeVisible();
    await checkScreen(page, 'development-keys');
    const create = await openDialog(
      page,
      page.getByRole('button', { name: 'Crear llave' }),
      'Crear llave de API',
      'development-key-create-dialog',
    );
    await create.getByRole('textbox', { name: /^Nombre/ }).fill('ERP e2e');
    await create.getByRole('button', { name: 'Todo en lectura y escritura' }).click();
    await create.getByRole('button', { name: 'Crear llave' }).click();
    const created = page.getByRole('dialog', { name: 'Llave «ERP e2e» creada' });
    await checkDialog(page, created, 'development-key-secret-dialog', 'Cerrar');
    const key = await shownSecret(created, /^dsp_test_[0-9A-Za-z]{36}$/);
    await created.getByRole('button', { name: 'Copiar' }).click();
    await expect(created.getByRole('status')).toHaveText('Copiada al portapapeles.');
    expect(
      await page.evaluate(() =>
        (globalThis as unknown as ClipboardGlobals).navigator.clipboard.readText(),
      ),
    ).toBe(key);
    await created.getByRole('button', { name: 'Ya la guardé' }).click();
    await expect(created).toBeHidden();
    // Never again: not on the screen, not in the list the browser reads.
    await page.reload();
    await expect(page.getByText('ERP e2e')).toBeVisible();
    await expect(page.getByText(key)).toHaveCount(0);
    await expect(page.getByText('Nunca usada')).toBeVisible();

    // ——— A webhook to the merchant's receiver, for labels ———
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    const register = await openDialog(
      page,
      page.getByRole('button', { name: 'Agregar endpoint' }),
      'Agregar endpoint',
      'development-webhook-create-dialog',
    );
    await register.getByRole('textbox', { name: /^URL/ }).fill(receiver.url);
    await register.getByRole('checkbox', { name: /Guía creada/ }).check();
    await register.getByRole('button', { name: 'Agregar endpoint' }).click();
    const added = page.getByRole('dialog', { name: 'Endpoint agregado' });
    await checkDialog(page, added, 'development-webhook-secret-dialog', 'Cerrar');
    const whsec = await shownSecret(added, /^whsec_/);
    await added.getByRole('button', { name: 'Ya la guardé' }).click();
    await expect(page.getByText(receiver.url)).toBeVisible();
    await checkScreen(page, 'development-webhooks');

    // ——— "Send test event": signed as the Getting started panel says to check it ———
    await page.getByRole('button', { name: `Enviar evento de prueba a ${receiver.url}` }).click();
    await expect
      .poll(() => ofType(receiver.received, 'webhook.test').length, { timeout: 60_000 })
      .toBe(1);
    const testEvent = ofType(receiver.received, 'webhook.test')[0]!;
    verified(whsec, testEvent);

    // ——— The merchant's system: a quote and a label with the key alone ———
    const guide = await buyGuide(request, key, origin);

    // ——— The key's last use ———
    await page.getByRole('tab', { name: 'Llaves de API' }).click();
    await page.reload();
    await expect(page.getByText('Nunca usada')).toHaveCount(0);
    await expect(page.getByText(/^desde (::ffff:)?127\.0\.0\.1$/)).toBeVisible();

    // ——— The log: the test event's delivery, answered 200 at its first attempt ———
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    const log = await openDialog(
      page,
      page.getByRole('button', { name: `Historial de entregas de ${receiver.url}` }),
      'Historial de entregas',
      'development-delivery-log',
    );
    const delivery = (eventId: string) => log.getByRole('listitem').filter({ hasText: eventId });
    const testDelivery = delivery(testEvent.headers['webhook-id'] as string);
    await expect(testDelivery.getByText('Evento de prueba')).toBeVisible();
    await expect(testDelivery.getByText('Entregado')).toBeVisible();
    await expect(testDelivery.getByRole('cell', { name: '200', exact: true })).toBeVisible();
    await shoot(page, 'es-delivery-log');
    await log.getByRole('button', { name: 'Cerrar', exact: true }).click();

    // ——— Screenshots of the three tabs, es and en ———
    await shoot(page, 'es-webhooks');
    await page.getByRole('tab', { name: 'Primeros pasos' }).click();
    await expect(page.getByRole('link', { name: /documentación de la API/ })).toHaveAttribute(
      'href',
      '/api/docs',
    );
    await checkScreen(page, 'development-start');
    await shoot(page, 'es-start');
    await page.getByRole('tab', { name: 'Llaves de API' }).click();
    await shoot(page, 'es-keys');
    await chooseLanguage(page, 'English');
    await expect(page.getByRole('heading', { level: 1, name: 'Developers' })).toBeVisible();
    await shoot(page, 'en-keys');
    await page.getByRole('tab', { name: 'Getting started' }).click();
    await shoot(page, 'en-start');
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await shoot(page, 'en-webhooks');
    await chooseLanguage(page, 'Español', 'Change language');

    // ——— The label's event: heard, verified, in the log, resent with the same id ———
    await expect
      .poll(() => ofType(receiver.received, 'shipment.created').length, { timeout: 60_000 })
      .toBe(1);
    const heard = ofType(receiver.received, 'shipment.created')[0]!;
    const event = verified(whsec, heard) as { data: { tracking_number: string } };
    expect(event.data.tracking_number).toBe(guide.tracking_number);
    await page.getByRole('button', { name: `Historial de entregas de ${receiver.url}` }).click();
    const labelDelivery = delivery(heard.headers['webhook-id'] as string);
    await expect(labelDelivery.getByText('Guía creada')).toBeVisible();
    await expect(labelDelivery.getByRole('cell', { name: '200', exact: true })).toBeVisible();
    await labelDelivery.getByRole('button', { name: /^Reenviar Guía creada del / }).click();
    await expect
      .poll(() => ofType(receiver.received, 'shipment.created').length, { timeout: 60_000 })
      .toBe(2);
    const resent = ofType(receiver.received, 'shipment.created')[1]!;
    expect(resent.headers['webhook-id']).toBe(heard.headers['webhook-id']);
    // The resend is a delivery of its own in the log, under the same event id.
    await expect(labelDelivery).toHaveCount(2);
    await expect(labelDelivery.getByText('Entregado')).toHaveCount(2);
    await shoot(page, 'es-delivery-log-label');
  } finally {
    await receiver.close();
  }
});
