import { ALL_PERMISSIONS, SYSTEM_ROLES, type Session, type User } from '@despacho/domain';
import type { SessionRecord } from '../lib/session';

/** A signed-in user as the API describes one; override what a test is about. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: '7c1f3f0e-2f1e-4b36-9d8a-4b3e6c3a9e11',
    email: 'ana@example.mx',
    name: 'Ana',
    last_name: 'López',
    phone_country_code: '+52',
    phone: '5512345678',
    language: 'es',
    status: 'active',
    phone_verified: true,
    is_staff: false,
    role: 'owner',
    permissions: [...ALL_PERMISSIONS],
    home: 'dashboard',
    ...overrides,
  };
}

export const shippingOnlyUser = (overrides: Partial<User> = {}) =>
  makeUser({
    role: 'shipping',
    permissions: [...SYSTEM_ROLES.shipping],
    home: 'shipment',
    ...overrides,
  });

export const staffUser = () =>
  makeUser({ is_staff: true, role: null, permissions: [], home: 'staff' });

export function makeSession(overrides: Partial<Session> = {}): Session {
  return {
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    expires_in: 900,
    user: makeUser(),
    organization: {
      id: '0b8e7c52-7a55-4f0e-9f7e-1d2c3b4a5f60',
      company: 'Comercial Jade',
      logo_url: null,
      default_currency: 'MXN',
      default_unit: 'kg',
      abbreviation: 'JADE',
      time_zone: 'America/Mexico_City',
    },
    ...overrides,
  };
}

export function makeRecord(user: User = makeUser()): SessionRecord {
  const session = makeSession({ user });
  return {
    strategy: 'SESSION',
    token: session.access_token,
    user,
    organization: session.organization,
  };
}

/** A fetch answer with a JSON body. */
export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
