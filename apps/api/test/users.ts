import { ALL_PERMISSIONS, AUTH_RULES } from '@despacho/domain';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { organizations, roles, users } from '../src/modules/accounts/accounts.tables';
import { refreshTokens } from '../src/modules/auth/auth.tables';
import { AccessTokens } from '../src/platform/auth';
import type { Clock } from '../src/platform/clock';
import type { Db } from '../src/platform/db';
import { testConfig } from './test-app';

interface TestContext {
  db: Db;
  clock: Clock;
}

export interface TestUser {
  id: string;
  organizationId: string | null;
  permissions: string[];
  isStaff: boolean;
  /** Bearer authorization for `inject()`, plus any extra headers. */
  headers: (extra?: Record<string, string>) => Record<string, string>;
}

/** A new sign-in (another device) for a user: a live refresh-token family and its access token. */
export async function signIn(ctx: TestContext, user: Omit<TestUser, 'headers'>): Promise<TestUser> {
  const { id, organizationId, permissions, isStaff } = user;
  const sessionFamily = randomUUID();
  await ctx.db.insert(refreshTokens).values({
    tokenHash: randomUUID(),
    familyId: sessionFamily,
    userId: id,
    remembered: false,
    createdAt: ctx.clock.now(),
    expiresAt: new Date(ctx.clock.now().getTime() + 3_600_000),
  });
  const token = await new AccessTokens(
    testConfig().JWT_SECRET,
    AUTH_RULES.accessTokenTtlSeconds,
  ).sign({ userId: id, organizationId, permissions, isStaff, sessionFamily }, ctx.clock.now());
  return {
    id,
    organizationId,
    permissions,
    isStaff,
    headers: (extra = {}) => ({ authorization: `Bearer ${token}`, ...extra }),
  };
}

export async function createTestOrganization(ctx: TestContext, company = 'Comercio Prueba') {
  const [organization] = await ctx.db
    .insert(organizations)
    .values({ company, defaultCurrency: 'MXN', defaultUnit: 'kg', abbreviation: 'CP' })
    .returning();
  return organization!;
}

/**
 * A signed-in user without going through sign-up: the rows are inserted (user, a role holding
 * exactly the permissions given, a live sign-in) and an access token signed with the test secret.
 */
export async function createTestUser(
  ctx: TestContext,
  options: { organizationId?: string | null; permissions?: string[]; isStaff?: boolean } = {},
): Promise<TestUser> {
  const organizationId = options.organizationId ?? null;
  const isStaff = options.isStaff ?? false;
  const permissions = options.permissions ?? (isStaff ? [] : ALL_PERMISSIONS);
  // Permissions come from the user's role, read on every call: give the user a role of their own.
  const role = organizationId
    ? (
        await ctx.db
          .insert(roles)
          .values({ organizationId, key: `test-${randomUUID()}`, name: 'Prueba', permissions })
          .returning()
      )[0]
    : undefined;
  const [user] = await ctx.db
    .insert(users)
    .values({
      email: `${randomUUID()}@prueba.mx`,
      name: 'Ana',
      lastName: 'Prueba',
      organizationId,
      roleId: role?.id ?? null,
      isStaff,
    })
    .returning();
  return signIn(ctx, { id: user!.id, organizationId, permissions, isStaff });
}

/** A merchant organization with one user holding every permission. */
export async function createTestMerchant(ctx: TestContext, company?: string) {
  const organization = await createTestOrganization(ctx, company);
  const user = await createTestUser(ctx, { organizationId: organization.id });
  return { organization, user };
}

/**
 * The merchant a test works as (`owner`, with every permission, in `organizationId`) and a user
 * of another organization (`other`), who must see none of its records.
 */
export async function createOwnerAndOther(ctx: TestContext) {
  const merchant = await createTestMerchant(ctx);
  const stranger = await createTestMerchant(ctx, 'Otra Tienda');
  return { organizationId: merchant.organization.id, owner: merchant.user, other: stranger.user };
}

export type CallArgs = [
  user: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  language?: string,
];

/** A call to `/api/v1{url}` as the user, answered in `language` (es by default). */
export function callAs(
  app: FastifyInstance,
  ...[user, method, url, payload, language = 'es']: CallArgs
) {
  return app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user.headers({ 'x-language': language }),
    ...(payload ? { payload } : {}),
  });
}
