import { expect } from 'vitest';
import type { Config } from '../src/config';
import { freePort } from '../src/platform/embedded-postgres';
import { stockedMerchant } from '../src/modules/inventory/inventory.test-support';
import { toExternalOrder } from '../src/modules/stores/mercadolibre/mercadolibre-orders';
import type { SandboxChaos } from '../src/modules/stores/store-sandbox-deliveries';
import { createTestApp } from './test-app';
import { callAs, type TestUser } from './users';

/**
 * The real app listening on a port, its APP_URL pointing at itself: the stores' adapters call
 * the sandbox stores over HTTP and the sandboxes deliver webhooks to the app, as in `npm start`.
 */
export async function listeningApp(overrides: Partial<Config> = {}) {
  const port = await freePort();
  const ctx = await createTestApp({ APP_URL: `http://127.0.0.1:${port}`, ...overrides });
  await ctx.app.listen({ host: '127.0.0.1', port });
  return ctx;
}
export type ChainContext = Awaited<ReturnType<typeof listeningApp>>;

/** Runs every due job, the clock moved past retries' backoff, `rounds` times. */
export async function runJobs(ctx: ChainContext, rounds = 1, advanceMs = 60_000) {
  for (let round = 0; round < rounds; round += 1) {
    ctx.clock.advance(advanceMs);
    await ctx.app.jobs.runDue(ctx.clock.now(), 10_000);
  }
}

/** A funded merchant with a default location keeping `units` of each SKU. */
export async function merchantWithStock(ctx: ChainContext, skus: string[], units = 50) {
  return stockedMerchant(ctx, { skus, onHand: units, funds: 5_000_000, active: true });
}

/**
 * Connects a sandbox Shopify shop the way a merchant does: the connect call, the consent
 * screen's «Instalar» posted, and the callback's query handed back to the API.
 */
export async function connectShopify(ctx: ChainContext, user: TestUser, domain: string) {
  await ctx.app.services.shopifySandbox!.createShop({ domain, name: `Tienda ${domain}` });
  const started = await callAs(ctx.app, user, 'POST', '/stores', {
    platform: 'shopify',
    shop_domain: domain,
  });
  expect(started.statusCode, started.body).toBe(200);
  const url = new URL(started.json().data.authorize_url as string);
  const approved = await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(url.searchParams),
    redirect: 'manual',
  });
  expect(approved.status).toBe(302);
  const callback = new URL(approved.headers.get('location')!);
  const completed = await callAs(ctx.app, user, 'POST', '/stores/authorizations', {
    platform: 'shopify',
    query: Object.fromEntries(callback.searchParams),
  });
  expect(completed.statusCode, completed.body).toBe(200);
  return completed.json().data as { id: string; backfill: unknown };
}

/** An order as a sandbox store holds it, in the terms the orders list shows. */
export interface SandboxOrderState {
  externalId: string;
  number: string;
  cancelled: boolean;
  paymentState: string;
  lines: { sku: string | null; quantity: number }[];
}

export interface ConnectedStore {
  id: string;
  /** The platform's id of the store: a shop domain, a seller, a site. */
  externalId: string;
}

/**
 * One sandbox store platform as the cross-part tests drive it: connect a store as a merchant
 * does, set its chaos switches, place, pay and cancel orders as the store's admin would, read
 * back what it holds, and run its reconciliation.
 */
export interface StoreDriver {
  platform: string;
  connect(user: TestUser, name: string): Promise<ConnectedStore>;
  setChaos(store: ConnectedStore, chaos: SandboxChaos): Promise<void>;
  createOrder(
    store: ConnectedStore,
    order: { lines: { sku: string; quantity: number; price: number }[]; paid: boolean },
  ): Promise<string>;
  markPaid(store: ConnectedStore, order: string): Promise<void>;
  cancel(store: ConnectedStore, order: string): Promise<void>;
  orders(store: ConnectedStore): Promise<SandboxOrderState[]>;
  reconcile(store: ConnectedStore): Promise<void>;
}

const SHOPIFY_PAYMENT: Record<string, string> = {
  PENDING: 'pending',
  PAID: 'paid',
  PARTIALLY_REFUNDED: 'partially_refunded',
  REFUNDED: 'refunded',
};

function shopifyDriver(ctx: ChainContext): StoreDriver {
  const sandbox = () => ctx.app.services.shopifySandbox!;
  return {
    platform: 'shopify',
    async connect(user, name) {
      const domain = `${name}.myshopify.com`;
      const { id } = await connectShopify(ctx, user, domain);
      // Throttling has tests of its own; here the test's clock would never refill the bucket.
      await sandbox().setBucket(domain, { max: 1_000_000_000, restoreRate: 1_000_000 });
      return { id, externalId: domain };
    },
    setChaos: (store, chaos) => sandbox().setChaos(store.externalId, chaos),
    async createOrder(store, order) {
      const created = await sandbox().createOrder(store.externalId, {
        email: 'cliente@example.com',
        financialStatus: order.paid ? 'PAID' : 'PENDING',
        lines: order.lines.map((line) => ({ ...line, title: line.sku })),
      });
      return String(created.id);
    },
    async markPaid(store, order) {
      await sandbox().updateOrder(store.externalId, Number(order), { financialStatus: 'PAID' });
    },
    async cancel(store, order) {
      await sandbox().cancelOrder(store.externalId, Number(order));
    },
    async orders(store) {
      return (await sandbox().orders(store.externalId)).map((row) => ({
        externalId: `gid://shopify/Order/${row.id}`,
        number: row.name,
        cancelled: row.cancelledAt !== null,
        paymentState: SHOPIFY_PAYMENT[row.financialStatus] ?? row.financialStatus,
        lines: row.lines.map((line) => ({ sku: line.sku, quantity: line.quantity })),
      }));
    },
    reconcile: (store) => ctx.app.services.storeSync.reconcile(store.id),
  };
}

function mercadoLibreDriver(ctx: ChainContext): StoreDriver {
  const sandbox = () => ctx.app.services.mercadoLibreSandbox!;
  const sellers = new Map<string, number>();
  const seller = (store: ConnectedStore) => sellers.get(store.id)!;
  return {
    platform: 'mercadolibre',
    async connect(user, name) {
      const { id: sellerId } = await sandbox().createSeller({ nickname: name.toUpperCase() });
      const started = await callAs(ctx.app, user, 'POST', '/stores', { platform: 'mercadolibre' });
      expect(started.statusCode, started.body).toBe(200);
      const url = new URL(started.json().data.authorize_url as string);
      const approved = await fetch(`${url.origin}${url.pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          ...Object.fromEntries(url.searchParams),
          seller_id: String(sellerId),
        }),
        redirect: 'manual',
      });
      expect(approved.status).toBe(302);
      const completed = await callAs(ctx.app, user, 'POST', '/stores/authorizations', {
        platform: 'mercadolibre',
        query: Object.fromEntries(new URL(approved.headers.get('location')!).searchParams),
      });
      expect(completed.statusCode, completed.body).toBe(200);
      const id = completed.json().data.id as string;
      sellers.set(id, sellerId);
      return { id, externalId: String(sellerId) };
    },
    setChaos: async (store, chaos) => sandbox().setChaos(seller(store), chaos),
    async createOrder(store, order) {
      // Shipped by the seller (me1), so the lines stay to fulfil here.
      const created = await sandbox().createOrder(seller(store), {
        lines: order.lines.map((line) => ({ ...line, title: line.sku })),
        mode: 'me1',
        status: order.paid ? 'paid' : 'payment_required',
      });
      return created.externalId;
    },
    async markPaid(_store, order) {
      await sandbox().updateOrder(Number(order), { status: 'paid' });
    },
    async cancel(_store, order) {
      await sandbox().cancelOrder(Number(order));
    },
    async orders(store) {
      // As the platform answers it, read through the adapter's own mapping of a purchase.
      const purchases = await sandbox().purchases(seller(store));
      return Promise.all(
        purchases.map(async (purchase) => {
          const external = toExternalOrder(
            purchase.orders,
            await sandbox().pack(seller(store), purchase.id),
            purchase.shipment,
          );
          return {
            externalId: external.externalId,
            number: external.number,
            cancelled: external.cancelled,
            paymentState: external.paymentState,
            lines: external.lines.map((line) => ({ sku: line.sku, quantity: line.quantity })),
          };
        }),
      );
    },
    reconcile: (store) => ctx.app.services.storeSync.reconcile(store.id),
  };
}

/** The three stores of the cross-part tests, one driver each. */
export function storeDrivers(ctx: ChainContext): StoreDriver[] {
  return [shopifyDriver(ctx), mercadoLibreDriver(ctx), shopifyDriver(ctx)];
}
