import {
  ALL_PERMISSIONS,
  type ApiKeyCreateInput,
  type ApiKeyScope,
  type ApiKeySecret,
} from '@despacho/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { callAs, type TestUser } from '../../../test/users';
import type { Db } from '../../platform/db';
import { users } from '../accounts/accounts.tables';
import { newApiKeySecret } from './api-keys.secret';
import { apiKeys, apiKeySecrets } from './api-keys.tables';

interface Ctx {
  app: FastifyInstance;
  db: Db;
}

/** An API key of the organization, written directly (the cross-organization walk's record). */
export async function createTenantApiKey(ctx: Pick<Ctx, 'db'>, organizationId: string, at: Date) {
  const [key] = await ctx.db
    .insert(apiKeys)
    .values({ organizationId, name: 'ERP de A', mode: 'live', scopes: [], createdAt: at })
    .returning();
  const { hash, prefix } = newApiKeySecret('live');
  await ctx.db.insert(apiKeySecrets).values({ hash, keyId: key!.id, prefix, createdAt: at });
  return { apiKeyId: key!.id };
}

/** Makes a test user their organization's owner (the system role key managers need). */
export async function makeOwner(ctx: Ctx, user: TestUser) {
  const role = await ctx.app.services.accounts.systemRole(user.organizationId!, 'owner', ctx.db);
  await ctx.db.update(users).set({ roleId: role.id }).where(eq(users.id, user.id));
}

export const allScopes = (access: ApiKeyScope['access'] = 'write'): ApiKeyScope[] =>
  ALL_PERMISSIONS.map((permission) => ({ permission, access }));

/** Creates a key as `owner` (an owner already): its view and its secret. */
export async function createKey(
  ctx: Ctx,
  owner: TestUser,
  body: Partial<ApiKeyCreateInput> = {},
): Promise<ApiKeySecret> {
  const response = await callAs(ctx.app, owner, 'POST', '/developers/api-keys', {
    name: 'ERP',
    mode: 'live',
    scopes: allScopes(),
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as ApiKeySecret;
}

/** A call to `/api/v1{url}` with an API key. */
export function callWithKey(
  app: FastifyInstance,
  secret: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { payload?: object; headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  return app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${secret}`, 'x-language': 'en', ...options.headers },
    ...(options.payload ? { payload: options.payload } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}
