import { randomBytes } from 'node:crypto';
import type { Clock } from '../../../platform/clock';
import type { SandboxWooDeliveries } from './woocommerce-sandbox.deliveries';
import type {
  WooAddress,
  WooChaos,
  WooNote,
  WooOrder,
  WooTracking,
  WooWebhook,
} from './woocommerce-sandbox.types';

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
  chaos: WooChaos;
  orders: Map<number, WooOrder>;
  notes: Map<number, WooNote[]>;
  trackings: Map<number, WooTracking[]>;
  webhooks: Map<number, WooWebhook>;
  nextId: number;
}

const NO_CHAOS: WooChaos = { duplicate: 0, reorder: 0, drop: 0, delay: 0, delayMs: 0, seed: 1 };

/** WooCommerce's GMT dates: no zone, to the second. */
const gmt = (date: Date) => date.toISOString().slice(0, 19);
const money = (value: number) => value.toFixed(2);

/**
 * The WooCommerce sandbox store (issue 22): sites with REST API keys, their orders, notes,
 * Shipment Tracking items and webhooks, in this process's memory (a sandbox, gone on restart).
 * The admin page, the REST routes, tests, the demo seed and the bench drive it through these
 * methods; order changes fire `order.created`/`order.updated` deliveries as WooCommerce does.
 */
export class WooCommerceSandbox {
  private readonly sites = new Map<string, SandboxWooSite>();

  constructor(
    private readonly deps: { clock: Clock; deliveries: SandboxWooDeliveries; origin: string },
  ) {}

  /**
   * A new site. The sandbox lives in memory: the demo seed passes the same slug and keys on
   * every start so a store connected earlier keeps working after a restart.
   */
  createSite(input: {
    name: string;
    slug?: string;
    keys?: { consumerKey: string; consumerSecret: string };
    shipmentTracking?: boolean;
  }): SandboxWooSite {
    const slug = input.slug ?? `tienda-${randomBytes(4).toString('hex')}`;
    const site: SandboxWooSite = {
      slug,
      name: input.name,
      url: `${this.deps.origin}${WOOCOMMERCE_SANDBOX_PATH}/site/${slug}`,
      consumerKey: input.keys?.consumerKey ?? `ck_${randomBytes(20).toString('hex')}`,
      consumerSecret: input.keys?.consumerSecret ?? `cs_${randomBytes(20).toString('hex')}`,
      shipmentTracking: input.shipmentTracking ?? false,
      chaos: NO_CHAOS,
      orders: new Map(),
      notes: new Map(),
      trackings: new Map(),
      webhooks: new Map(),
      nextId: 100,
    };
    this.sites.set(slug, site);
    return site;
  }

  allSites(): SandboxWooSite[] {
    return [...this.sites.values()];
  }

  site(slug: string): SandboxWooSite | null {
    return this.sites.get(slug) ?? null;
  }

  setShipmentTracking(slug: string, on: boolean): void {
    this.must(slug).shipmentTracking = on;
  }

  setChaos(slug: string, chaos: Partial<WooChaos>): void {
    const site = this.must(slug);
    site.chaos = { ...site.chaos, ...chaos };
  }

  async createOrder(slug: string, input: SandboxWooOrderInput): Promise<WooOrder> {
    const site = this.must(slug);
    const order = this.build(site, input);
    await this.deps.deliveries.emit(site, 'order.created', [order]);
    return order;
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
    const site = this.must(slug);
    const orders = Array.from({ length: count }, (_, index) => this.build(site, input(index)));
    for (const order of orders) await this.deps.deliveries.emit(site, 'order.created', [order]);
    return orders;
  }

  /** A change made in the store's admin: status, customer e-mail, quantities by line SKU. */
  async updateOrder(
    slug: string,
    id: number,
    change: { status?: string; email?: string; metaData?: WooOrder['meta_data'] },
  ): Promise<WooOrder | null> {
    const site = this.must(slug);
    const order = site.orders.get(id);
    if (!order) return null;
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
      else order.meta_data.push({ ...meta, id: site.nextId++ });
    }
    order.date_modified_gmt = gmt(this.deps.clock.now());
    await this.deps.deliveries.emit(site, 'order.updated', [order]);
    return order;
  }

  cancelOrder(slug: string, id: number): Promise<WooOrder | null> {
    return this.updateOrder(slug, id, { status: 'cancelled' });
  }

  order(slug: string, id: number): WooOrder | null {
    return this.site(slug)?.orders.get(id) ?? null;
  }

  notesOf(slug: string, id: number): WooNote[] {
    return this.site(slug)?.notes.get(id) ?? [];
  }

  trackingsOf(slug: string, id: number): WooTracking[] {
    return this.site(slug)?.trackings.get(id) ?? [];
  }

  webhooksOf(slug: string): WooWebhook[] {
    return [...(this.site(slug)?.webhooks.values() ?? [])];
  }

  flushDeliveries(now?: Date) {
    return this.deps.deliveries.flush(now);
  }

  /** Deliveries still queued and the dropped ones (tests read the chaos from it). */
  pendingDeliveries() {
    return this.deps.deliveries.pending();
  }

  /** The site whose REST key this is, checked against its secret (Basic or OAuth 1.0a). */
  siteOfKey(slug: string, consumerKey: string): SandboxWooSite | null {
    const site = this.site(slug);
    return site && site.consumerKey === consumerKey ? site : null;
  }

  /** `GET /orders`: modified after a GMT date, by status, oldest modified first, paged. */
  listOrders(
    site: SandboxWooSite,
    query: { modifiedAfter?: string; statuses?: string[]; page: number; perPage: number },
  ): { orders: WooOrder[]; total: number } {
    const after = query.modifiedAfter ? gmt(new Date(`${query.modifiedAfter}Z`)) : null;
    const matching = [...site.orders.values()]
      .filter((order) => !after || order.date_modified_gmt > after)
      .filter((order) => !query.statuses || query.statuses.includes(order.status))
      .sort((a, b) => a.date_modified_gmt.localeCompare(b.date_modified_gmt) || a.id - b.id);
    const start = (query.page - 1) * query.perPage;
    return { orders: matching.slice(start, start + query.perPage), total: matching.length };
  }

  async addNote(site: SandboxWooSite, id: number, note: string, customerNote: boolean) {
    const entry: WooNote = {
      id: site.nextId++,
      note,
      customer_note: customerNote,
      date_created_gmt: gmt(this.deps.clock.now()),
    };
    site.notes.set(id, [...(site.notes.get(id) ?? []), entry]);
    return entry;
  }

  addTracking(
    site: SandboxWooSite,
    id: number,
    input: { number: string; provider: string; link: string },
  ): WooTracking {
    const entry: WooTracking = {
      tracking_id: randomBytes(16).toString('hex'),
      tracking_provider: input.provider,
      tracking_number: input.number,
      tracking_link: input.link,
      date_shipped: this.deps.clock.now().toISOString().slice(0, 10),
    };
    site.trackings.set(id, [...(site.trackings.get(id) ?? []), entry]);
    return entry;
  }

  /** `POST /webhooks`: created active, then pinged as WooCommerce does. */
  async createWebhook(
    site: SandboxWooSite,
    input: { name: string; topic: string; delivery_url: string; secret: string },
  ): Promise<WooWebhook> {
    const webhook: WooWebhook = {
      ...input,
      id: site.nextId++,
      status: 'active',
      api_version: 'wp_api_v3',
      failure_count: 0,
      date_created_gmt: gmt(this.deps.clock.now()),
    };
    site.webhooks.set(webhook.id, webhook);
    await this.deps.deliveries.ping(webhook);
    return webhook;
  }

  /** `PUT /webhooks/{id}`: re-activating one starts its failure count again. */
  updateWebhook(
    site: SandboxWooSite,
    id: number,
    change: Partial<Pick<WooWebhook, 'status' | 'secret' | 'delivery_url'>>,
  ): WooWebhook | null {
    const webhook = site.webhooks.get(id);
    if (!webhook) return null;
    Object.assign(webhook, change);
    if (change.status === 'active') webhook.failure_count = 0;
    return webhook;
  }

  private build(site: SandboxWooSite, input: SandboxWooOrderInput): WooOrder {
    const now = gmt(this.deps.clock.now());
    const id = site.nextId++;
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
      id: site.nextId++,
      name: line.name,
      sku: line.sku,
      quantity: line.quantity,
      price: line.price,
      total: money(line.price * line.quantity),
    }));
    const shipping = input.shippingTotal ?? 0;
    const order: WooOrder = {
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
    site.orders.set(id, order);
    return order;
  }

  private must(slug: string): SandboxWooSite {
    const site = this.site(slug);
    if (!site) throw new Error(`No sandbox WooCommerce site ${slug}`);
    return site;
  }
}
