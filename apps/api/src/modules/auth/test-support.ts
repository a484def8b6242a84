import type { ErrorCode, Registration, Session } from '@despacho/domain';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import type { Db } from '../../platform/db';
import { outboxMessages } from '../../platform/outbox.tables';

/** Helpers for integration tests that need users, codes and sessions. */

export const TEST_PASSWORD = 'Secreta#2026';

/** A test app whose auth rate limit no test file reaches (the limit has its own test). */
export function createAuthTestApp() {
  return createTestApp({ AUTH_RATE_LIMIT: 10_000 });
}

let sequence = 0;
/** A fresh email and phone, so the tests of one file never share a user. */
export function newPerson(prefix = 'persona') {
  sequence += 1;
  return {
    email: `${prefix}${sequence}@example.mx`,
    phone: `55${String(sequence).padStart(8, '0')}`,
  };
}

export function registrationFor(phone: string): Registration {
  return {
    name: 'Ana',
    last_name: 'López',
    phone_country_code: '+52',
    phone,
    password: TEST_PASSWORD,
    password_confirmation: TEST_PASSWORD,
  };
}

/** The newest message to a recipient, read from the outbox as the dev mailbox does. */
export async function latestMessage(db: Db, recipient: string) {
  const [row] = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  return row;
}

/** The 6-digit code of the newest SMS to a +52 phone. */
export async function latestCode(db: Db, phone: string): Promise<string> {
  const body = (await latestMessage(db, `+52${phone}`))?.body ?? '';
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  if (!code) throw new Error(`no code sent to +52${phone}`);
  return code;
}

/** Signs up with `POST user/create` and verifies the phone: answers the wizard token. */
export async function signUpVerified(app: FastifyInstance, db: Db, prefix?: string) {
  const person = newPerson(prefix);
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/user/create',
    payload: { email: person.email, ...registrationFor(person.phone) },
  });
  const userId: string = created.json().data.id;
  const code = await latestCode(db, person.phone);
  const verified = await app.inject({
    method: 'PATCH',
    url: `/api/v1/user/verify-code/${userId}/${code}`,
  });
  return { ...person, userId, wizardToken: verified.json().data.wizard_token as string };
}

/** A new user who finished sign-up and owns a new organization, signed in. */
export async function signUpOwner(app: FastifyInstance, db: Db, prefix?: string) {
  const person = await signUpVerified(app, db, prefix);
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/wizard/${person.wizardToken}`,
    payload: {
      company: 'Tienda de Prueba',
      default_currency: 'MXN',
      default_unit: 'kg',
      abbreviation: 'TDP',
    },
  });
  return { ...person, session: response.json().data as Session };
}

export async function login(app: FastifyInstance, email: string, password = TEST_PASSWORD) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
  });
}

export const bearer = (session: { access_token: string }) => ({
  authorization: `Bearer ${session.access_token}`,
});

/** Asserts an error answer by status and code. */
export function expectError(response: LightMyRequestResponse, status: number, code: ErrorCode) {
  expect({ status: response.statusCode, code: response.json().error?.code }).toEqual({
    status,
    code,
  });
}
