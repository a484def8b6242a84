import { classificationFee } from '@despacho/domain';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { organizations, roles, users } from '../modules/accounts/accounts.tables';
import { customerAddresses, customers } from '../modules/customers/customers.tables';
import { notifications } from '../modules/notifications/notifications.tables';
import { vendors } from '../modules/vendors/vendors.tables';
import { invoices } from '../modules/billing/billing.tables';
import { deposits } from '../modules/wallet/deposits.tables';
import { LedgerService } from '../modules/wallet/ledger.service';
import { locations } from '../modules/addresses/locations.tables';
import { shipmentLabels, shipments } from '../modules/shipments/shipments.tables';
import { entries } from '../modules/entries/entries.tables';
import { DEMO_CUSTOMERS } from './demo-customers';
import { DEMO_GUIDES } from './demo-shipments';
import { DEMO_LOGINS, demoAccountsPresent, seedDemo } from './seed';
import { verifyLedger, verifyStock } from '../modules/invariants';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('seedDemo', () => {
  it('creates the demo organization and users once', async () => {
    expect(await demoAccountsPresent(ctx.db)).toBe(false);
    expect(await seedDemo(ctx.db, ctx.clock)).toBe(true);
    expect(await seedDemo(ctx.db, ctx.clock)).toBe(false);
    // Production refuses to start on such a database.
    expect(await demoAccountsPresent(ctx.db)).toBe(true);

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
    const kinds = (await ctx.db.select().from(notifications)).map((n) => [n.kind, n.code]);
    expect(kinds).toContainEqual(['NEWS', 'welcome']);
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

  it('starts the demo with a credited 5,000 MXN deposit, its invoice and a whole ledger', async () => {
    const [organization] = await ctx.db.select().from(organizations);
    const ledger = new LedgerService(ctx);
    // What the demo guides cost came out of it, and the two classification fees: one captured
    // (published), one still held (in classification).
    const guides = await ctx.db.select().from(shipments);
    const spent = guides.reduce((sum, guide) => sum + guide.total, 0);
    expect(spent).toBeGreaterThan(0);
    const fee = classificationFee().total_centavos;
    expect(await ledger.balance(organization!.id)).toMatchObject({
      available_centavos: 500_000 - spent - 2 * fee,
      on_hold_centavos: fee,
    });
    const [deposit] = await ctx.db.select().from(deposits);
    expect(deposit).toMatchObject({ status: 'credited', amount: 500_000, method: 'spei' });
    expect(await ctx.db.$count(invoices)).toBe(1);
    expect(await verifyLedger(ctx.db)).toEqual([]);
  });

  it('buys the demo’s first guides from its location, one insured, each with its label', async () => {
    // The demo exit's guide leaves from a warehouse (no location): checked below; the demo's
    // international export (demo-international.int.test.ts) goes abroad.
    const guides = (
      await ctx.db.select().from(shipments).where(isNotNull(shipments.locationId))
    ).filter((guide) => guide.destination.country === 'MX');
    expect(guides).toHaveLength(DEMO_GUIDES.length);
    expect(guides.every((guide) => guide.purchaseState === 'purchased')).toBe(true);
    expect(guides.map((guide) => guide.carrierKey).sort()).toEqual(
      DEMO_GUIDES.map((guide) => guide.carrier).sort(),
    );
    expect(guides.filter((guide) => guide.declaredValue !== null)).toHaveLength(1);
    expect(await ctx.db.$count(shipmentLabels)).toBe(DEMO_GUIDES.length + 2);
    expect(await ctx.db.select({ zip: locations.zip }).from(locations)).toEqual([{ zip: '06700' }]);
  });

  it('dates the demo’s first guides and deposit over the last month, so its charts have days', async () => {
    const [organization] = await ctx.db.select().from(organizations);
    const charts = await ctx.app.services.dashboard.charts(organization!.id, '30d');
    // Each guide its own day (the demo exit's guide is today's).
    const days = new Set(charts.shipments_per_day.map((row) => row.day));
    expect(days.size).toBeGreaterThanOrEqual(DEMO_GUIDES.length);
    expect(new Set(charts.spend_per_day.map((row) => row.day)).size).toBeGreaterThanOrEqual(
      DEMO_GUIDES.length,
    );
    // The opening deposit came first: the balance before the month was the demo's whole.
    const [owner] = await ctx.db.select().from(users).where(eq(users.email, DEMO_LOGINS[0].email));
    const summary = await ctx.app.services.dashboard.summary(organization!.id, owner!.id, '7d');
    expect(summary.previous.balance_centavos).toBeGreaterThan(0);
  });

  it('gives the demo warehouse entries on the way, partly received and received, stock whole', async () => {
    const rows = await ctx.db.select({ status: entries.status }).from(entries);
    expect(rows.map((row) => row.status).sort()).toEqual(['partial', 'pending', 'received']);
    expect(await verifyStock(ctx.db)).toEqual([]);
  });

  it('ships one demo exit with a guide from CEDIS Tultitlán and keeps the other processing', async () => {
    const rows = await ctx.db.execute<{
      status: string;
      location_id: string | null;
      phone: string | null;
    }>(sql`
      select e.status, s.location_id, s.origin->>'phone' as phone
      from exits e left join shipments s on s.id = e.shipment_id
      order by e.number`);
    // The guide's sender is the warehouse, with its contact phone.
    expect(rows.rows).toEqual([
      { status: 'shipped', location_id: null, phone: '5558994310' },
      { status: 'processing', location_id: null, phone: null },
    ]);
    expect(await verifyStock(ctx.db)).toEqual([]);
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
