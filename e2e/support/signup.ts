import type { APIRequestContext, Page, Response } from '@playwright/test';
import type { Session, SignupResult, VerifyCodeResult } from '@despacho/domain';
import { randomInt, randomUUID } from 'node:crypto';
import { apiCall, dataOf } from './calls';
import { latestSmsCode } from './mailbox';
import { signIn } from './session';

/** Meets every password rule: length, digit, upper and lower case, symbol. */
export const NEW_USER_PASSWORD = 'Envio#2025a';

/** Someone signing up: unique email, phone and company, so specs never share a user. */
export interface Person {
  email: string;
  password: string;
  name: string;
  lastName: string;
  /** 10 digits, without the country code. */
  phone: string;
  company: string;
  abbreviation: string;
}

/** A short id unique across workers and runs against the same server. */
export function uniqueId(): string {
  return randomUUID().replaceAll('-', '').slice(0, 10);
}

export function newPerson(label = 'comercio'): Person {
  const id = uniqueId();
  return {
    email: `e2e-${label}-${id}@pruebas.despacho.mx`,
    password: NEW_USER_PASSWORD,
    name: 'Marisol',
    lastName: `Prueba ${id.slice(0, 4)}`,
    // 55 + 8 random digits: a Mexico City mobile no other spec is sent an SMS to.
    phone: `55${String(randomInt(0, 100_000_000)).padStart(8, '0')}`,
    company: `Abarrotes ${id}`,
    abbreviation: `E2E${id.slice(0, 6)}`.toUpperCase(),
  };
}

/** The number the verification SMS goes to (the mailbox recipient): `+52` and 10 digits. */
export const smsRecipient = (person: Person) => `+52${person.phone}`;

/**
 * Sign-up steps 1 and 2 through the API (`POST /users`, `PUT /users/{id}`): the SMS code is on
 * its way and the account waits for it.
 */
export async function registerViaApi(
  request: APIRequestContext,
  person: Person,
): Promise<SignupResult> {
  const started = await dataOf<SignupResult>(
    await apiCall(request, 'POST', '/users', { body: { email: person.email } }),
    201,
  );
  return dataOf<SignupResult>(
    await apiCall(request, 'PUT', `/users/${started.id}`, {
      body: {
        name: person.name,
        last_name: person.lastName,
        phone_country_code: '+52',
        phone: person.phone,
        password: person.password,
        password_confirmation: person.password,
      },
    }),
  );
}

/**
 * A merchant signed up end to end through the API (code from the dev mailbox, then the wizard):
 * a new organization whose owner can log in. Answers the session the wizard started.
 */
export async function createMerchant(
  request: APIRequestContext,
  person: Person = newPerson(),
): Promise<{ person: Person; session: Session }> {
  const { id } = await registerViaApi(request, person);
  const code = await latestSmsCode(request, smsRecipient(person));
  const verified = await dataOf<VerifyCodeResult>(
    await apiCall(request, 'PATCH', `/user/verify-code/${id}/${code}`),
  );
  const session = await dataOf<Session>(
    await apiCall(request, 'POST', `/wizard/${verified.wizard_token}`, {
      body: {
        company: person.company,
        abbreviation: person.abbreviation,
        default_currency: 'MXN',
        default_unit: 'kg',
      },
    }),
    201,
  );
  return { person, session };
}

/** A new merchant (see `createMerchant`) whose session this tab starts with. */
export async function signInAsNewMerchant(
  page: Page,
  request: APIRequestContext,
): Promise<{ person: Person; session: Session }> {
  const merchant = await createMerchant(request);
  await signIn(page, merchant.session);
  return merchant;
}

/** Sign-up step 1 on /auth/register: the email sent; answers the server's response. */
export async function submitSignupEmail(page: Page, email: string): Promise<Response> {
  await page.goto('/auth/register');
  await page.getByLabel('Correo electrónico').fill(email);
  const answer = page.waitForResponse('**/api/v1/users');
  await page.getByRole('button', { name: 'Continuar' }).click();
  return answer;
}
