import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { organizations, roles, users } from '../modules/accounts/accounts.tables';
import { customerAddresses, customers } from '../modules/customers/customers.tables';
import { notifications } from '../modules/notifications/notifications.tables';
import { vendors } from '../modules/vendors/vendors.tables';
import { DEMO_CUSTOMERS } from './demo-customers';
import { DEMO_LOGINS, seedDemo } from './seed';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('seedDemo', () => {
  it('creates the demo organization and users once', async () => {
    expect(await seedDemo(ctx.db, ctx.clock)).toBe(true);
    expect(await seedDemo(ctx.db, ctx.clock)).toBe(false);

    expect(await ctx.db.select().from(organizations)).toMatchObject([
      { company: 'Comercio Demo', defaultCurrency: 'MXN', defaultUnit: 'kg', abbreviation: 'CDM' },
    ]);
    expect((await ctx.db.select().from(roles)).map((role) => role.key).sort()).toEqual([
      'administrator',
      'member',
      'owner',
      'shipping',
    ]);
    const seeded = await ctx.db.select().from(users);
    expect(seeded.map((user) => user.email).sort()).toEqual(
      DEMO_LOGINS.map((login) => login.email).sort(),
    );
    expect(seeded.every((user) => user.phoneVerifiedAt && user.status === 'active')).toBe(true);
    expect(await ctx.db.select().from(notifications)).toMatchObject([
      { kind: 'NEWS', title: { es: 'Bienvenido a Despacho', en: 'Welcome to Despacho' } },
    ]);
    const [organization] = await ctx.db.select().from(organizations);
    const demoVendors = await ctx.db.select().from(vendors);
    expect(demoVendors.map((vendor) => [vendor.code, vendor.status]).sort()).toEqual([
      ['EMP-02', 'enabled'],
      ['PAP-03', 'disabled'],
      ['TEX-01', 'enabled'],
    ]);
    expect(demoVendors.every((vendor) => vendor.organizationId === organization!.id)).toBe(true);
  });

  it('gives the demo organization a few customers, one a favorite, one with two addresses', async () => {
    const [organization] = await ctx.db.select().from(organizations);
    const demoCustomers = await ctx.db.select().from(customers);
    expect(demoCustomers).toHaveLength(DEMO_CUSTOMERS.length);
    expect(demoCustomers.every((customer) => customer.organizationId === organization!.id)).toBe(
      true,
    );
    expect(demoCustomers.filter((customer) => customer.isFavorite)).toHaveLength(1);
    const addresses = await ctx.db.select().from(customerAddresses);
    expect(addresses).toHaveLength(DEMO_CUSTOMERS.length + 1);
    expect(addresses.filter((address) => address.isDefault)).toHaveLength(DEMO_CUSTOMERS.length);
  });

  it('gives every demo login a working password', async () => {
    for (const { email, password } of DEMO_LOGINS) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password },
      });
      expect(response.statusCode, email).toBe(200);
    }
  });
});
