import { loginSchema } from '@despacho/domain';
import { ApiError } from '../../lib/http';
import { schemaErrors } from '../../lib/schema-errors';
import { messageOf } from '../../lib/server-errors';
import { authApi } from './api';

// What the login form needs of zod, the domain's schema and the HTTP client: loaded on the
// first keystroke or the submit (LoginPage), so the first screen downloads none of it.

/** The login form's values checked with the shared schema, as the server checks them. */
export const checkLogin = (values: unknown) => schemaErrors(loginSchema, values);

export const login = authApi.login;

/** The server's message for the form and its per-field messages. */
export function serverErrors(error: unknown): { message: string; fields: Record<string, string> } {
  return { message: messageOf(error), fields: error instanceof ApiError ? error.fields : {} };
}

/** Where a half-registered user continues, from the details of the login error. */
export function unfinishedSignupPath(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const { user_id: userId, wizard_token: wizardToken } = error.details;
  if (error.code === 'PHONE_NOT_VERIFIED') {
    return `/auth/verify?${new URLSearchParams({ user_id: String(userId) }).toString()}`;
  }
  if (error.code === 'REGISTRATION_INCOMPLETE') return `/auth/wizard/${String(wizardToken)}`;
  return null;
}
