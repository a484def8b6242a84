import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db';
import type { SandboxWooDeliveries } from './woocommerce-sandbox.deliveries';
import type {
  WooAddress,
  WooNote,
  WooOrder,
  WooTracking,
  WooWebhook,
} from './woocommerce-sandbox.types';
import type { SandboxChaos } from '../store-sandbox-deliveries';
import {
  sandboxWooOrders,
  sandboxWooSites,
  sandboxWooWebhooks,
} from './woocommerce-sandbox.tables';

/** Where the sandbox store is mounted, beside the app and outside /api/v1 (like decision 013). */
export const WOOCOMMERCE_SANDBOX_PATH = '/sandbox/woocommerce';

/** The plugin file `/system_status` lists when the Shipment Tracking extension is active. */
export const SHIPMENT_TRACKING_PLUGIN =
  'woocommerce-shipment-tracking/woocommerce-shipment-tracking.php';

export interface SandboxWooOrderInput {
  status?: string;
  customer: { firstName: string; lastName: string; email: string; phone?: string };
  address: { street: string; street2?: string; city: string; state: string; zip: string };
  lines: { sku: string; name: string; quantity: number; price: number }[];
  shippingTotal?: number;
}

export interface SandboxWooSite {
  slug: string;
  name: string;
  /** The URL a merchant types to connect it. */
  url: string;
  consumerKey: string;
  consumerSecret: string;
  shipmentTracking: boolean;
  chaos: SandboxChaos;
}

const NO_CHAOS: SandboxChaos = { duplicate: 0, reorder: 0, drop: 0, delay: 0, delayMs: 0, seed: 1 };

/** WooCommerce's GMT dates: no zone, to the second. */
const gmt = (date: Date) => date.toISOString().slice(0, 19);
const money = (value: number) => value.toFixed(2);

/**
 * The WooCommerce sandbox store (issue 22): sites with REST API keys, their orders, notes,
 * Shipment Tracking items and webhooks, kept in its own tables so a connected sandbox store
 * survives a restart. The admin page, the REST routes, tests, the demo seed and the bench drive
 * it through these methods; order changes fire `order.created`/`order.updated` deliveries as
 * WooCommerce does.
 */
export class WooCommerceSandbox {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      deliveries: SandboxWooDeliveries;
      origin: string;
    },
  ) {}

  /** A new site; a given slug or keys (tests, the demo) are taken as they are. */
  async createSite(input: {
    name: string;
    slug?: string;
    keys?: { consumerKey: string; consumerSecret: string };
    shipmentTracking?: boolean;
  }): Promise<SandboxWooSite> {
    const [row] = await this.deps.db
      .insert(sandboxWooSites)
      .values({
        slug: input.slug ?? `tienda-${randomBytes(4).toString('hex')}`,
        name: input.name,
        consumerKey: input.keys?.consumerKey ?? `ck_${randomBytes(20).toString('hex')}`,
        consumerSecret: input.keys?.consumerSecret ?? `cs_${randomBytes(20).toString('hex')}`,
        shipmentTracking: input.shipmentTracking ?? false,
        chaos: NO_CHAOS,
        createdAt: this.deps.clock.now(),
      })
      .returning();
    return this.siteOf(row!);
  }

  async allSites(): Promise<SandboxWooSite[]> {
    const rows = await this.deps.db
      .select()
      .from(sandboxWooSites)
      .orderBy(sandboxWooSites.createdAt, sandboxWooSites.slug);
    return rows.map((row) => this.siteOf(row));
  }

  async site(slug: string): Promise<SandboxWooSite | null> {
    const [row] = await this.deps.db
      .select()
      .from(sandboxWooSites)
      .where(eq(sandboxWooSites.slug, slug));
    return row ? this.siteOf(row) : null;
  }

  async setShipmentTracking(slug: string, on: boolean): Promise<void> {
    await this.deps.db
      .update(sandboxWooSites)
      .set({ shipmentTracking: on })
      .where(eq(sandboxWooSites.slug, slug));
  }

  async setChaos(slug: string, chaos: Partial<SandboxChaos>): Promise<void> {
    const site = await this.must(slug);
    await this.deps.db
      .update(sandboxWooSites)
      .set({ chaos: { ...site.chaos, ...chaos } })
      .where(eq(sandboxWooSites.slug, slug));
  }

  async createOrder(slug: string, input: SandboxWooOrderInput): Promise<WooOrder> {
    const [order] = await this.createOrders(slug, 1, () => input);
    return order!;
  }

  /**
   * Creates `count` orders at once (the chaos test over 2,000 orders, the bench), their
   * `order.created` deliveries queued like any other.
   */
  async createOrders(
    slug: string,
    count: number,
    input: (index: number) => SandboxWooOrderInput,
  ): Promise<WooOrder[]> {
    const site = await this.must(slug);
    const inputs = Array.from({ length: count }, (_, index) => input(index));
    const ids = await this.ids(inputs.reduce((sum, each) => sum + 1 + each.lines.length, 0));
    const orders = inputs.map((each) => this.build(each, ids));
    for (let start = 0; start < orders.length; start += 500) {
      await this.deps.db.insert(sandboxWooOrders).values(
        orders.slice(start, start + 500).map((order) => ({
          site: slug,
          id: order.id,
          status: order.status,
          dateModifiedGmt: order.date_modified_gmt,
          order,
        })),
      );
    }
    await this.deps.deliveries.emit(site, 'order.created', orders);
    return orders;
  }

  /** A change made in the store's admin: status, customer e-mail, meta data. */
  async updateOrder(
    slug: string,
    id: number,
    change: { status?: string; email?: string; metaData?: WooOrder['meta_data'] },
  ): Promise<WooOrder | null> {
    const site = await this.must(slug);
    const newMeta = (change.metaData ?? []).length;
    const ids = newMeta > 0 ? await this.ids(newMeta) : [];
    const order = await this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ order: sandboxWooOrders.order })
        .from(sandboxWooOrders)
        .where(and(eq(sandboxWooOrders.site, slug), eq(sandboxWooOrders.id, id)))
        .for('update');
      if (!row) return null;
      const order = row.order;
      if (change.status) {
        order.status = change.status;
        if (change.status === 'processing' || change.status === 'completed') {
          order.date_paid_gmt ??= gmt(this.deps.clock.now());
        }
      }
      if (change.email !== undefined) order.billing.email = change.email;
      for (const meta of change.metaData ?? []) {
        const existing = order.meta_data.find((entry) => entry.key === meta.key);
        if (existing) existing.value = meta.value;
        else order.meta_data.push({ ...meta, id: ids.shift()! });
      }
      order.date_modified_gmt = gmt(this.deps.clock.now());
      await tx
        .update(sandboxWooOrders)
        .set({ order, status: order.status, dateModifiedGmt: order.date_modified_gmt })
        .where(and(eq(sandboxWooOrders.site, slug), eq(sandboxWooOrders.id, id)));
      return order;
    });
    if (order) await this.deps.deliveries.emit(site, 'order.updated', [order]);
    return order;
  }

  cancelOrder(slug: string, id: number): Promise<WooOrder | null> {
    return this.updateOrder(slug, id, { status: 'cancelled' });
  }

  async order(slug: string, id: number): Promise<WooOrder | null> {
    return (await this.orderRow(slug, id))?.order ?? null;
  }

  /** Every order of a site with its notes and tracking items, oldest first (the admin page). */
  ordersOf(slug: string) {
    return this.deps.db
      .select({
        order: sandboxWooOrders.order,
        notes: sandboxWooOrders.notes,
        trackings: sandboxWooOrders.trackings,
      })
      .from(sandboxWooOrders)
      .where(eq(sandboxWooOrders.site, slug))
      .orderBy(sandboxWooOrders.id);
  }

  async notesOf(slug: string, id: number): Promise<WooNote[]> {
    return (await this.orderRow(slug, id))?.notes ?? [];
  }

  async trackingsOf(slug: string, id: number): Promise<WooTracking[]> {
    return (await this.orderRow(slug, id))?.trackings ?? [];
  }

  async webhooksOf(slug: string): Promise<WooWebhook[]> {
    const rows = await this.deps.db
      .select()
      .from(sandboxWooWebhooks)
      .where(eq(sandboxWooWebhooks.site, slug))
      .orderBy(sandboxWooWebhooks.id);
    return rows.map(webhookOf);
  }

  flushDeliveries(now?: Date) {
    return this.deps.deliveries.flush(now);
  }

  /** Deliveries still queued and the dropped ones (tests read the chaos from it). */
  pendingDeliveries() {
    return this.deps.deliveries.pending();
  }

  /** The site whose REST key this is; the caller checks the secret (Basic or OAuth 1.0a). */
  async siteOfKey(slug: string, consumerKey: string): Promise<SandboxWooSite | null> {
    const site = await this.site(slug);
    return site && site.consumerKey === consumerKey ? site : null;
  }

  /** `GET /orders`: modified after a GMT date, by status, oldest modified first, paged. */
  async listOrders(
    site: SandboxWooSite,
    query: { modifiedAfter?: string; statuses?: string[]; page: number; perPage: number },
  ): Promise<{ orders: WooOrder[]; total: number }> {
    const after = query.modifiedAfter ? gmt(new Date(`${query.modifiedAfter}Z`)) : null;
    const where = and(
      eq(sandboxWooOrders.site, site.slug),
      after ? gt(sandboxWooOrders.dateModifiedGmt, after) : undefined,
      query.statuses ? inArray(sandboxWooOrders.status, query.statuses) : undefined,
    );
    const [rows, [counted]] = await Promise.all([
      this.deps.db
        .select({ order: sandboxWooOrders.order })
        .from(sandboxWooOrders)
        .where(where)
        .orderBy(sandboxWooOrders.dateModifiedGmt, sandboxWooOrders.id)
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage),
      this.deps.db.select({ total: count() }).from(sandboxWooOrders).where(where),
    ]);
    return { orders: rows.map((row) => row.order), total: counted?.total ?? 0 };
  }

  /** `POST /orders/{id}/notes` (the route has checked the order exists). */
  async addNote(
    site: SandboxWooSite,
    id: number,
    note: string,
    customerNote: boolean,
  ): Promise<WooNote> {
    const [noteId] = await this.ids(1);
    const entry: WooNote = {
      id: noteId!,
      note,
      customer_note: customerNote,
      date_created_gmt: gmt(this.deps.clock.now()),
    };
    await this.deps.db
      .update(sandboxWooOrders)
      .set({ notes: sql`${sandboxWooOrders.notes} || ${JSON.stringify([entry])}::jsonb` })
      .where(and(eq(sandboxWooOrders.site, site.slug), eq(sandboxWooOrders.id, id)));
    return entry;
  }

  /** The Shipment Tracking extension's `POST` (the route has checked the order exists). */
  async addTracking(
    site: SandboxWooSite,
    id: number,
    input: { number: string; provider: string; link: string },
  ): Promise<WooTracking> {
    const entry: WooTracking = {
      tracking_id: randomBytes(16).toString('hex'),
      tracking_provider: input.provider,
      tracking_number: input.number,
      tracking_link: input.link,
      date_shipped: this.deps.clock.now().toISOString().slice(0, 10),
    };
    await this.deps.db
      .update(sandboxWooOrders)
      .set({ trackings: sql`${sandboxWooOrders.trackings} || ${JSON.stringify([entry])}::jsonb` })
      .where(and(eq(sandboxWooOrders.site, site.slug), eq(sandboxWooOrders.id, id)));
    return entry;
  }

  /** `POST /webhooks`: created active, then pinged as WooCommerce does. */
  async createWebhook(
    site: SandboxWooSite,
    input: { name: string; topic: string; delivery_url: string; secret: string },
  ): Promise<WooWebhook> {
    const [id] = await this.ids(1);
    const [row] = await this.deps.db
      .insert(sandboxWooWebhooks)
      .values({
        site: site.slug,
        id: id!,
        name: input.name,
        status: 'active',
        topic: input.topic,
        deliveryUrl: input.delivery_url,
        secret: input.secret,
        apiVersion: 'wp_api_v3',
        failureCount: 0,
        dateCreatedGmt: gmt(this.deps.clock.now()),
      })
      .returning();
    const webhook = webhookOf(row!);
    await this.deps.deliveries.ping(webhook);
    return webhook;
  }

  /** `PUT /webhooks/{id}`: re-activating one starts its failure count again. */
  async updateWebhook(
    site: SandboxWooSite,
    id: number,
    change: Partial<Pick<WooWebhook, 'status' | 'secret' | 'delivery_url'>>,
  ): Promise<WooWebhook | null> {
    const [row] = await this.deps.db
      .update(sandboxWooWebhooks)
      .set({
        ...(change.status ? { status: change.status } : {}),
        ...(change.secret !== undefined ? { secret: change.secret } : {}),
        ...(change.delivery_url !== undefined ? { deliveryUrl: change.delivery_url } : {}),
        ...(change.status === 'active' ? { failureCount: 0 } : {}),
      })
      .where(and(eq(sandboxWooWebhooks.site, site.slug), eq(sandboxWooWebhooks.id, id)))
      .returning();
    return row ? webhookOf(row) : null;
  }

  /** `count` fresh WordPress ids, ascending. */
  private async ids(count: number): Promise<number[]> {
    const rows = await this.deps.db.execute<{ id: string }>(
      sql`select nextval('sandbox_woocommerce_ids') as id from generate_series(1, ${count})`,
    );
    return rows.rows.map((row) => Number(row.id));
  }

  private async orderRow(slug: string, id: number) {
    const [row] = await this.deps.db
      .select()
      .from(sandboxWooOrders)
      .where(and(eq(sandboxWooOrders.site, slug), eq(sandboxWooOrders.id, id)));
    return row ?? null;
  }

  /** An order as WooCommerce answers it, its ids taken from the front of `ids`. */
  private build(input: SandboxWooOrderInput, ids: number[]): WooOrder {
    const now = gmt(this.deps.clock.now());
    const id = ids.shift()!;
    const status = input.status ?? 'processing';
    const address: WooAddress = {
      first_name: input.customer.firstName,
      last_name: input.customer.lastName,
      company: '',
      address_1: input.address.street,
      address_2: input.address.street2 ?? '',
      city: input.address.city,
      state: input.address.state,
      postcode: input.address.zip,
      country: 'MX',
      phone: input.customer.phone ?? '',
    };
    const lines = input.lines.map((line) => ({
      id: ids.shift()!,
      name: line.name,
      sku: line.sku,
      quantity: line.quantity,
      price: line.price,
      total: money(line.price * line.quantity),
    }));
    const shipping = input.shippingTotal ?? 0;
    return {
      id,
      number: String(id),
      status,
      currency: 'MXN',
      total: money(lines.reduce((sum, line) => sum + Number(line.total), 0) + shipping),
      shipping_total: money(shipping),
      date_created_gmt: now,
      date_modified_gmt: now,
      date_paid_gmt: status === 'processing' || status === 'completed' ? now : null,
      billing: { ...address, email: input.customer.email },
      shipping: address,
      line_items: lines,
      refunds: [],
      meta_data: [],
    };
  }

  private siteOf(row: typeof sandboxWooSites.$inferSelect): SandboxWooSite {
    return {
      slug: row.slug,
      name: row.name,
      url: `${this.deps.origin}${WOOCOMMERCE_SANDBOX_PATH}/site/${row.slug}`,
      consumerKey: row.consumerKey,
      consumerSecret: row.consumerSecret,
      shipmentTracking: row.shipmentTracking,
      chaos: row.chaos,
    };
  }

  private async must(slug: string): Promise<SandboxWooSite> {
    const site = await this.site(slug);
    if (!site) throw new Error(`No sandbox WooCommerce site ${slug}`);
    return site;
  }
}

/** A webhook row as the REST API answers it (the routes drop the secret). */
function webhookOf(row: typeof sandboxWooWebhooks.$inferSelect): WooWebhook {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    topic: row.topic,
    delivery_url: row.deliveryUrl,
    secret: row.secret,
    api_version: row.apiVersion,
    failure_count: row.failureCount,
    date_created_gmt: row.dateCreatedGmt,
  };
}
