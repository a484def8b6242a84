import { SYSTEM_ROLES } from '@despacho/domain';
import { SAT_TEST_COMPANY } from '@despacho/domain/accounts/tax.examples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { callAs, createTestMerchant, createTestUser, type TestUser } from '../../../test/users';
import { eq } from 'drizzle-orm';
import { NotificationsService } from '../notifications/notifications.service';
import { buyGuide, createLocation, fund } from '../shipments/guides.test-support';
import { shipments } from '../shipments/shipments.tables';
import { LedgerService } from '../wallet/ledger.service';

describe('GET /api/v1/dashboard/summary', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;

  const summary = (user: TestUser) =>
    ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard/summary', headers: user.headers() });

  beforeAll(async () => {
    ctx = await createTestApp();
    owner = (await createTestMerchant(ctx)).user;
  });
  afterAll(() => ctx.close());

  it('answers the five figures of the last 30 days by default, zero for a new merchant', async () => {
    const response = await summary(owner);
    expect(response.statusCode).toBe(200);
    const zero = {
      shipments_made: 0,
      ecommerce_orders: 0,
      total_purchases_centavos: 0,
      balance_centavos: 0,
    };
    expect(response.json()).toEqual({
      data: {
        ...zero,
        currency: 'MXN',
        unread_notifications: 0,
        // The test clock is 2026-03-02 10:00 in Mexico City.
        ranges: {
          period: '30d',
          current: { from: '2026-02-01', to: '2026-03-02' },
          previous: { from: '2026-01-02', to: '2026-01-31' },
        },
        previous: zero,
      },
    });
  });

  it('shows the wallet balance and the purchases net of refunds', async () => {
    const merchant = (await createTestMerchant(ctx, 'Con Saldo')).user;
    const org = merchant.organizationId!;
    const ledger = new LedgerService(ctx);
    const base = { organizationId: org, kind: 'label' as const };
    await ledger.credit({
      ...base,
      kind: 'deposit',
      idempotencyKey: 'd',
      amount: 100_000,
      from: 'bank_clearing',
    });
    const charge = await ledger.debit({
      ...base,
      idempotencyKey: 'c',
      lines: [
        { account: 'carrier_payable', amount: 20_000 },
        { account: 'vat_payable', amount: 3_200 },
      ],
    });
    await ledger.refund({
      ...base,
      kind: 'refund',
      idempotencyKey: 'r',
      transactionId: charge.transactionId,
      lines: [{ account: 'carrier_payable', amount: 5_000 }],
    });
    expect((await summary(merchant)).json().data).toMatchObject({
      balance_centavos: 81_800,
      total_purchases_centavos: 18_200,
    });
    const balance = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/balance',
      headers: merchant.headers(),
    });
    expect(balance.json()).toEqual({
      data: { available_centavos: 81_800, on_hold_centavos: 0, currency: 'MXN' },
    });
    // Another organization sees its own (empty) wallet.
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/v1/wallet/balance',
          headers: owner.headers(),
        })
      ).json().data.available_centavos,
    ).toBe(0);
  });

  it('counts the guides bought and not cancelled as shipments made', async () => {
    const merchant = (await createTestMerchant(ctx, 'Con Envíos')).user;
    await fund(ctx, merchant.organizationId!, 500_000);
    const locationId = await createLocation(ctx, merchant);
    const first = await buyGuide(ctx, merchant, { locationId });
    await buyGuide(ctx, merchant, { locationId, carrier: 'fedex' });
    expect((await summary(merchant)).json().data.shipments_made).toBe(2);

    await ctx.db
      .update(shipments)
      .set({ status: 'cancelled' })
      .where(eq(shipments.id, first.detail.id));
    expect((await summary(merchant)).json().data.shipments_made).toBe(1);
    expect((await summary(owner)).json().data.shipments_made).toBe(0);
  });

  it('counts the caller’s unread notifications', async () => {
    const notifications = new NotificationsService(ctx);
    const content = { code: 'welcome', params: {} } as const;
    await notifications.notify(owner.organizationId!, { kind: 'NEWS', content });
    await notifications.notify(owner.organizationId!, { kind: 'ERROR', content });
    expect((await summary(owner)).json().data.unread_notifications).toBe(2);

    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read-all',
      headers: owner.headers(),
    });
    expect((await summary(owner)).json().data.unread_notifications).toBe(0);
  });

  it('forbids users without the dashboard permission', async () => {
    const shippingOnly = await createTestUser(ctx, {
      organizationId: owner.organizationId,
      permissions: SYSTEM_ROLES.shipping,
    });
    const response = await summary(shippingOnly);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('FORBIDDEN');
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard/summary' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('dashboard first steps', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;

  const firstSteps = (user: TestUser) => callAs(ctx.app, user, 'GET', '/dashboard/first-steps');
  const dismiss = (user: TestUser) =>
    callAs(ctx.app, user, 'POST', '/dashboard/first-steps/dismiss');
  const done = async (user: TestUser) => {
    const response = await firstSteps(user);
    expect(response.statusCode, response.body).toBe(200);
    const { steps } = response.json().data as { steps: { key: string; done: boolean }[] };
    return steps.filter((step) => step.done).map((step) => step.key);
  };

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('lists every step undone for a new organization, open', async () => {
    const { user } = await createTestMerchant(ctx);
    expect((await firstSteps(user)).json()).toEqual({
      data: {
        steps: [
          { key: 'tax_information', done: false },
          { key: 'origin_address', done: false },
          { key: 'balance', done: false },
          { key: 'first_label', done: false },
          { key: 'team', done: false },
        ],
        dismissed: false,
      },
    });
  });

  it("ticks each step from the organization's own data as the merchant goes", async () => {
    const { user, organization } = await createTestMerchant(ctx, 'Paso a Paso');
    const other = (await createTestMerchant(ctx, 'Vecina')).user;

    const saved = await callAs(ctx.app, user, 'PUT', '/organization/tax-info', SAT_TEST_COMPANY);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await done(user)).toEqual(['tax_information']);

    const locationId = await createLocation(ctx, user);
    await fund(ctx, organization.id, 500_000);
    expect(await done(user)).toEqual(['tax_information', 'origin_address', 'balance']);

    await buyGuide(ctx, user, { locationId });
    await createTestUser(ctx, { organizationId: organization.id });
    expect(await done(user)).toEqual([
      'tax_information',
      'origin_address',
      'balance',
      'first_label',
      'team',
    ]);
    // Another organization's data ticks nothing here.
    expect(await done(other)).toEqual([]);
  });

  it('stays closed for the whole organization once dismissed, and only for it', async () => {
    const { user, organization } = await createTestMerchant(ctx, 'Cierra Lista');
    const colleague = await createTestUser(ctx, { organizationId: organization.id });
    const stranger = (await createTestMerchant(ctx, 'Sigue Abierta')).user;

    const response = await dismiss(user);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.dismissed).toBe(true);
    expect((await dismiss(colleague)).json().data.dismissed).toBe(true);
    expect((await firstSteps(colleague)).json().data.dismissed).toBe(true);
    expect((await firstSteps(stranger)).json().data.dismissed).toBe(false);
  });

  it('forbids users without the dashboard permission', async () => {
    const { organization } = await createTestMerchant(ctx, 'Solo Envíos');
    const shippingOnly = await createTestUser(ctx, {
      organizationId: organization.id,
      permissions: SYSTEM_ROLES.shipping,
    });
    expect((await firstSteps(shippingOnly)).statusCode).toBe(403);
    expect((await dismiss(shippingOnly)).statusCode).toBe(403);
  });
});
