import { expect, test, type Page } from '@playwright/test';
import {
  alertWith,
  chooseLanguage,
  currentSession,
  DEMO,
  greeting,
  latestSmsCode,
  newPerson,
  pathOf,
  type Person,
  registerViaApi,
  signInByApi,
  smsRecipient,
  submitSignupEmail,
} from '../support';

// Sign-up through the screens: email → details → SMS code (read from the dev mailbox) →
// company wizard → signed in on the dashboard. Each test signs up its own new person.

/** The SMS code's six inputs, inside the one group their label names. */
const codeInputs = (page: Page, label = 'Código de verificación') =>
  page.getByRole('group', { name: label }).getByRole('textbox');

async function fillDetails(page: Page, person: Person) {
  await page.getByLabel('Nombre', { exact: true }).fill(person.name);
  await page.getByLabel('Apellido').fill(person.lastName);
  await page.getByLabel('Teléfono').fill(person.phone);
  await page.getByLabel('Contraseña', { exact: true }).fill(person.password);
  await page.getByLabel('Confirmar contraseña').fill(person.password);
}

/** A 6-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

test('signs up end to end and lands on the dashboard signed in', async ({ page, request }) => {
  const person = newPerson('registro');
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Regístrate' }).click();
  await expect(page).toHaveURL('/auth/register');

  // Step 1: the email.
  await expect(page.getByText('Paso 1 de 4')).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(person.email);
  await page.getByRole('button', { name: 'Continuar' }).click();

  // Step 2: who they are; Mexico's country code comes chosen.
  await expect(page.getByText(`Estás creando la cuenta de ${person.email}.`)).toBeVisible();
  await expect(page.getByLabel('Lada')).toHaveValue('+52');
  await fillDetails(page, person);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();

  // Step 3: the code the SMS carried.
  await expect(page).toHaveURL(/\/auth\/verify\?user_id=[0-9a-f-]{36}$/);
  await expect(
    page.getByText(new RegExp(`SMS al \\+52 \\*{6}${person.phone.slice(-4)}\\.`)),
  ).toBeVisible();
  const code = await latestSmsCode(request, smsRecipient(person));
  await codeInputs(page).first().fill(code); // a complete code is sent at once

  // Step 4: the company.
  await expect(page).toHaveURL(/\/auth\/wizard\/[^/]+$/);
  await expect(
    page.getByRole('heading', { name: `Hola, ${person.name}: registra tu empresa` }),
  ).toBeVisible();
  await page.getByLabel('Empresa').fill(person.company);
  await page.getByLabel('Abreviatura').fill(person.abbreviation.toLowerCase());
  await page.getByRole('radio', { name: 'Dólar estadounidense (USD)' }).check();
  await page.getByRole('radio', { name: 'Libras y pulgadas' }).check();
  await page.getByRole('button', { name: 'Finalizar registro' }).click();

  // Signed in, at home, with what they typed.
  await expect(greeting(page, person.name)).toBeVisible();
  expect(pathOf(page)).toBe('/app/dashboard');
  await expect(page.getByRole('banner').getByText(person.company)).toBeVisible();
  const { record, refreshToken } = await currentSession(page);
  expect(record).toMatchObject({
    strategy: 'SESSION',
    user: { email: person.email, name: person.name, last_name: person.lastName, home: 'dashboard' },
    organization: {
      company: person.company,
      abbreviation: person.abbreviation,
      default_currency: 'USD',
      default_unit: 'lb',
    },
  });
  expect(refreshToken).toBeTruthy();
  // A new account starts with an empty prepaid balance.
  await expect(page.getByRole('group', { name: 'Saldo actual' })).toContainText('$0.00');

  // The account is complete: it signs in with its password.
  const session = await signInByApi(request, person);
  expect(session.user.email).toBe(person.email);
});

test('a wrong code shows the error in the chosen language; the right code goes on', async ({
  page,
  request,
}) => {
  const person = newPerson('codigo');
  const { id } = await registerViaApi(request, person);
  const code = await latestSmsCode(request, smsRecipient(person));

  await page.goto(`/auth/verify?user_id=${id}`);
  const refused = page.waitForResponse((answer) => answer.url().includes(`/verify-code/${id}/`));
  await codeInputs(page).first().fill(otherThan(code));
  expect((await refused).status()).toBe(400);
  await expect(alertWith(page, 'El código no es correcto.')).toBeVisible();
  expect(pathOf(page)).toBe(`/auth/verify?user_id=${id}`);

  // The server answers in the language the screen speaks.
  await chooseLanguage(page, 'English');
  await expect(page.getByRole('heading', { name: 'Verify your phone' })).toBeVisible();
  // A complete code is sent once; a corrected one goes with the button…
  const inputs = codeInputs(page, 'Verification code');
  await inputs.first().fill(otherThan(otherThan(code)));
  const refusedAgain = page.waitForResponse((answer) =>
    answer.url().includes(`/verify-code/${id}/`),
  );
  await page.getByRole('button', { name: 'Verify' }).click();
  expect((await refusedAgain).request().headers()['x-language']).toBe('en');
  await expect(alertWith(page, 'The code is not correct.')).toBeVisible();

  // …or again by itself once a digit was cleared and the code typed in full.
  await inputs.first().fill('');
  await inputs.first().fill(code);
  await expect(page).toHaveURL(/\/auth\/wizard\/[^/]+$/);
  await expect(
    page.getByRole('heading', { name: `Hi ${person.name}, register your company` }),
  ).toBeVisible();
});

test('an email that already has an account is refused with the server message', async ({
  page,
}) => {
  const answer = await submitSignupEmail(page, DEMO.owner.email.toUpperCase());
  expect(answer.status()).toBe(409);

  await expect(alertWith(page, 'Ya existe una cuenta con este correo.')).toBeVisible();
  // Still on step 1.
  await expect(page.getByRole('heading', { name: 'Crea tu cuenta' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Crear cuenta' })).toHaveCount(0);
});

test("the server's field messages land under the inputs", async ({ page }) => {
  // The browser's checks pass; the server gets an address it refuses (as from an older client).
  await page.route('**/api/v1/users', (route) =>
    route.continue({ postData: JSON.stringify({ email: 'no-es-un-correo' }) }),
  );
  const answer = await submitSignupEmail(page, newPerson().email);
  expect(answer.status()).toBe(400);

  await expect(alertWith(page, 'Revisa los datos marcados.')).toBeVisible();
  const email = page.getByLabel('Correo electrónico');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Ingresa un correo electrónico válido.')).toBeVisible();
});
