import type { CarrierAccount } from '@despacho/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import {
  callAs,
  createTestMerchant,
  createTestUser,
  type CallArgs,
  type TestUser,
} from '../../../test/users';
import { auditLog } from '../../platform/audit.tables';
import { carrierAccounts } from './carriers.tables';

// DHL Express switched on (its test environment, with the platform's account); FedEx left in
// its sandbox, as with nothing configured.
const PLATFORM = {
  DHL_EXPRESS_MODE: 'test',
  DHL_EXPRESS_API_KEY: 'platform-dhl-key',
  DHL_EXPRESS_API_SECRET: 'platform-dhl-secret',
  DHL_EXPRESS_ACCOUNT_NUMBER: '950000001',
} as const;
const OWN = { account_number: '960123456', key: 'tienda-api-key', secret: 'tienda-secreto-9Xq7' };

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let stranger: TestUser;
let organizationId: string;
let strangerOrganizationId: string;

const call = (...args: CallArgs) => callAs(ctx.app, ...args);
const resolver = () => ctx.app.services.carrierAccounts;
const accountsOf = async (user: TestUser) => {
  const response = await call(user, 'GET', '/carriers/accounts');
  expect(response.statusCode, response.body).toBe(200);
  expect(response.body).not.toContain(OWN.secret);
  return response.json().data as CarrierAccount[];
};
const rawRow = async (organization: string) => {
  const [row] = await ctx.db
    .select()
    .from(carrierAccounts)
    .where(
      and(
        eq(carrierAccounts.organizationId, organization),
        eq(carrierAccounts.carrierKey, 'dhl_express'),
      ),
    );
  return row;
};

beforeAll(async () => {
  ctx = await createTestApp(PLATFORM);
  const merchant = await createTestMerchant(ctx);
  owner = merchant.user;
  organizationId = merchant.organization.id;
  const other = await createTestMerchant(ctx, 'Otra Tienda');
  stranger = other.user;
  strangerOrganizationId = other.organization.id;
});
afterAll(() => ctx.close());

describe('carrier accounts', () => {
  it("starts on the platform's account, with each carrier's mode", async () => {
    expect(await accountsOf(owner)).toEqual([
      {
        carrier_key: 'dhl_express',
        carrier_name: 'DHL Express',
        mode: 'test',
        choice: 'platform',
        own: null,
      },
      {
        carrier_key: 'fedex',
        carrier_name: 'FedEx',
        mode: 'sandbox',
        choice: 'platform',
        own: null,
      },
    ]);
    expect(await resolver().credentialsFor(organizationId, 'dhl_express')).toEqual({
      source: 'platform',
      accountNumber: '950000001',
      key: 'platform-dhl-key',
      secret: 'platform-dhl-secret',
    });
    // In its sandbox nothing reaches the carrier: no account applies.
    expect(await resolver().credentialsFor(organizationId, 'fedex')).toBeNull();
  });

  it('refuses an own account for a carrier in sandbox mode, a bad number, or no secret', async () => {
    const sandbox = await call(owner, 'PUT', '/carriers/accounts/fedex', { choice: 'own', ...OWN });
    expect(sandbox.statusCode).toBe(400);
    expect(sandbox.json().error.fields).toEqual({
      choice: 'Esta paquetería está en modo de pruebas: no usa cuentas propias.',
    });
    const number = await call(
      owner,
      'PUT',
      '/carriers/accounts/dhl_express',
      { choice: 'own', ...OWN, account_number: '96012345A' },
      'en',
    );
    expect(number.statusCode).toBe(400);
    expect(number.json().error.fields).toEqual({
      account_number: 'The account number has digits only (6 to 12).',
    });
    const noSecret = await call(owner, 'PUT', '/carriers/accounts/dhl_express', {
      choice: 'own',
      account_number: OWN.account_number,
      key: OWN.key,
    });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json().error.fields).toEqual({ secret: 'Este campo es obligatorio.' });
    expect(await rawRow(organizationId)).toBeUndefined();
  });

  it('keeps an own account sealed at rest and shows only the last 4 of its secret', async () => {
    const saved = await call(owner, 'PUT', '/carriers/accounts/dhl_express', {
      choice: 'own',
      ...OWN,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(OWN.secret);
    expect(saved.json().data).toEqual({
      carrier_key: 'dhl_express',
      carrier_name: 'DHL Express',
      mode: 'test',
      choice: 'own',
      own: {
        account_number: OWN.account_number,
        key: OWN.key,
        secret_last4: '9Xq7',
        secret_set_at: ctx.clock.now().toISOString(),
      },
    });

    const row = (await rawRow(organizationId))!;
    expect(row.sealedCredentials).toMatch(/^v1\./);
    expect(row.sealedCredentials).not.toContain(OWN.secret);
    expect(row.sealedCredentials).not.toContain(OWN.key);
    expect(JSON.stringify(row)).not.toContain(OWN.secret);
    expect(JSON.stringify(row)).not.toContain(Buffer.from(OWN.secret).toString('base64'));

    expect(await resolver().credentialsFor(organizationId, 'dhl_express')).toEqual({
      source: 'organization',
      accountNumber: OWN.account_number,
      key: OWN.key,
      secret: OWN.secret,
    });
    // Audited, without key or secret.
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.organizationId, organizationId),
          eq(auditLog.action, 'carrier_account.update'),
        ),
      );
    expect(entry).toMatchObject({
      actorId: owner.id,
      subjectType: 'carrier_account',
      subjectId: 'dhl_express',
      before: null,
      after: { choice: 'own', account_number: OWN.account_number, secret_last4: '9Xq7' },
    });
    expect(JSON.stringify(entry)).not.toContain(OWN.key);
  });

  it('seals each row for itself: credentials copied onto another organization do not open', async () => {
    const sealed = (await rawRow(organizationId))!;
    await ctx.db.insert(carrierAccounts).values({
      ...sealed,
      organizationId: strangerOrganizationId,
    });
    await expect(
      resolver().credentialsFor(strangerOrganizationId, 'dhl_express'),
    ).rejects.toThrow();
    await ctx.db
      .delete(carrierAccounts)
      .where(eq(carrierAccounts.organizationId, strangerOrganizationId));
  });

  it("switches to the platform's account keeping the own one, and back without retyping the secret", async () => {
    const platform = await call(owner, 'PUT', '/carriers/accounts/dhl_express', {
      choice: 'platform',
    });
    expect(platform.statusCode).toBe(200);
    expect(platform.json().data).toMatchObject({
      choice: 'platform',
      own: { secret_last4: '9Xq7' },
    });
    expect(await resolver().credentialsFor(organizationId, 'dhl_express')).toMatchObject({
      source: 'platform',
    });

    const back = await call(owner, 'PUT', '/carriers/accounts/dhl_express', {
      choice: 'own',
      account_number: OWN.account_number,
      key: 'tienda-api-key-2',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.own).toMatchObject({ key: 'tienda-api-key-2', secret_last4: '9Xq7' });
    expect(await resolver().credentialsFor(organizationId, 'dhl_express')).toEqual({
      source: 'organization',
      accountNumber: OWN.account_number,
      key: 'tienda-api-key-2',
      secret: OWN.secret,
    });
  });

  it("is the organization's alone: another sees and changes only its own", async () => {
    const [dhl] = await accountsOf(stranger);
    expect(dhl).toMatchObject({ choice: 'platform', own: null });
    expect(await resolver().credentialsFor(strangerOrganizationId, 'dhl_express')).toMatchObject({
      source: 'platform',
    });
    expect((await call(stranger, 'DELETE', '/carriers/accounts/dhl_express')).statusCode).toBe(200);
    expect((await accountsOf(owner))[0]).toMatchObject({ choice: 'own' });
    // Only the carriers reached through their own APIs have accounts.
    for (const key of ['estafeta', 'nope']) {
      const response = await call(owner, 'PUT', `/carriers/accounts/${key}`, {
        choice: 'platform',
      });
      expect(response.statusCode).toBe(404);
      expect((await call(owner, 'DELETE', `/carriers/accounts/${key}`)).statusCode).toBe(404);
    }
  });

  it('needs settings.carriers', async () => {
    const member = await createTestUser(ctx, { organizationId, permissions: ['dashboard'] });
    expect((await call(member, 'GET', '/carriers/accounts')).statusCode).toBe(403);
    const put = await call(member, 'PUT', '/carriers/accounts/dhl_express', {
      choice: 'platform',
    });
    expect(put.statusCode).toBe(403);
  });

  it("removes the own account: the platform's is used again, and it is audited", async () => {
    const removed = await call(owner, 'DELETE', '/carriers/accounts/dhl_express');
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toMatchObject({ choice: 'platform', own: null });
    expect(await rawRow(organizationId)).toBeUndefined();
    expect(await resolver().credentialsFor(organizationId, 'dhl_express')).toMatchObject({
      source: 'platform',
    });
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.organizationId, organizationId),
          eq(auditLog.action, 'carrier_account.remove'),
        ),
      );
    expect(entries).toHaveLength(1);
    expect(entries[0]!.after).toBeNull();
  });
});
