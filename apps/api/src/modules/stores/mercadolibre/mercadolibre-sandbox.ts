import { randomBytes } from 'node:crypto';
import type { Clock } from '../../../platform/clock';
import type { SandboxChaos } from '../shopify/shopify-sandbox.tables';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  MERCADOLIBRE_SCOPES,
  SANDBOX_MERCADOLIBRE_APP,
} from './mercadolibre-app';
import type { SandboxMlDeliveries } from './mercadolibre-sandbox.deliveries';
import type { MlOrder, MlPack, MlShipment, MlToken } from './mercadolibre-wire';

export interface SandboxMlOrderInput {
  /** Prices in centavos. */
  lines: { sku: string | null; title: string; quantity: number; price: number }[];
  buyer?: { firstName: string; lastName: string };
  address?: {
    street: string;
    number: string;
    zip: string;
    city: string;
    state: string;
    neighborhood?: string;
    phone?: string;
  };
  /** Who ships: Mercado Envíos (`me2`, the default) or the seller (`me1`, `custom`). */
  mode?: 'me1' | 'me2' | 'custom';
  status?: 'paid' | 'payment_required';
  /** Several lines bought in one cart become a pack of one order per line (the default). */
  pack?: boolean;
}

interface Seller {
  id: number;
  nickname: string;
  chaos: SandboxChaos;
  draws: number;
}

interface Order extends MlOrder {
  sellerId: number;
}

interface Shipment extends MlShipment {
  sellerId: number;
  orderIds: number[];
}

interface Pack extends MlPack {
  sellerId: number;
}

const DEFAULT_CHAOS: SandboxChaos = {
  duplicate: 0,
  reorder: 0,
  drop: 0,
  delay: 0,
  delayMs: 5000,
  seed: 1,
};

/** Shipments past these cannot be cancelled by the seller any more. */
const SHIPPED = new Set(['shipped', 'delivered', 'not_delivered']);

const pesos = (centavos: number) => centavos / 100;
const token = (prefix: string) => `${prefix}-${randomBytes(18).toString('hex')}`;

/**
 * The Mercado Libre sandbox (site MLM): the sellers, orders, packs and shipments Mercado Libre
 * keeps, its OAuth grants (6-hour access tokens, single-use refresh tokens) and its
 * notifications. Held in this process's memory: a restart starts it empty. The routes, the
 * admin page, tests, the demo and the bench drive it through these methods.
 */
export class MercadoLibreSandbox {
  private readonly sellers = new Map<number, Seller>();
  private readonly orders = new Map<number, Order>();
  private readonly packs = new Map<number, Pack>();
  private readonly shipments = new Map<number, Shipment>();
  private readonly codes = new Map<
    string,
    { sellerId: number; redirectUri: string; expiresAt: number }
  >();
  private readonly accessTokens = new Map<string, { sellerId: number; expiresAt: number }>();
  private readonly refreshTokens = new Map<string, { sellerId: number; spent: boolean }>();
  private lastId = 2_000_000_000;

  constructor(private readonly deps: { clock: Clock; deliveries: SandboxMlDeliveries }) {}

  private id() {
    this.lastId += 1;
    return this.lastId;
  }

  private now() {
    return this.deps.clock.now().toISOString();
  }

  createSeller(input: { nickname: string }): { id: number } {
    const seller = {
      id: this.id(),
      nickname: input.nickname,
      chaos: { ...DEFAULT_CHAOS },
      draws: 0,
    };
    this.sellers.set(seller.id, seller);
    return { id: seller.id };
  }

  listSellers() {
    return [...this.sellers.values()].map(({ id, nickname, chaos }) => ({ id, nickname, chaos }));
  }

  setChaos(sellerId: number, chaos: Partial<SandboxChaos>): void {
    const seller = this.seller(sellerId);
    seller.chaos = { ...seller.chaos, ...chaos };
  }

  private seller(id: number): Seller {
    const seller = this.sellers.get(id);
    if (!seller) throw new Error(`Sandbox seller ${id} does not exist`);
    return seller;
  }

  // OAuth ---------------------------------------------------------------------------------

  /** The seller granted the app on the consent screen: the redirect with a one-time code. */
  approve(
    sellerId: number,
    query: { clientId: string; redirectUri: string; state: string },
  ): string | null {
    if (!this.sellers.has(sellerId) || query.clientId !== SANDBOX_MERCADOLIBRE_APP.appId)
      return null;
    const code = token('TG');
    this.codes.set(code, {
      sellerId,
      redirectUri: query.redirectUri,
      expiresAt: this.deps.clock.now().getTime() + 10 * 60_000,
    });
    const url = new URL(query.redirectUri);
    url.searchParams.set('code', code);
    url.searchParams.set('state', query.state);
    return url.toString();
  }

  /** `POST /oauth/token`: a code or an unspent refresh token for a new pair; else invalid_grant. */
  grant(form: Record<string, string>): MlToken | null {
    if (
      form.client_id !== SANDBOX_MERCADOLIBRE_APP.appId ||
      form.client_secret !== SANDBOX_MERCADOLIBRE_APP.clientSecret
    )
      return null;
    let sellerId: number;
    if (form.grant_type === 'authorization_code') {
      const code = this.codes.get(form.code ?? '');
      this.codes.delete(form.code ?? '');
      if (!code || code.redirectUri !== form.redirect_uri) return null;
      if (code.expiresAt < this.deps.clock.now().getTime()) return null;
      sellerId = code.sellerId;
    } else if (form.grant_type === 'refresh_token') {
      const refresh = this.refreshTokens.get(form.refresh_token ?? '');
      if (!refresh || refresh.spent) return null;
      refresh.spent = true;
      sellerId = refresh.sellerId;
    } else return null;
    const access = token('APP_USR');
    const refresh = token('TG');
    this.accessTokens.set(access, {
      sellerId,
      expiresAt: this.deps.clock.now().getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000,
    });
    this.refreshTokens.set(refresh, { sellerId, spent: false });
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      scope: MERCADOLIBRE_SCOPES.join(' '),
      user_id: sellerId,
      refresh_token: refresh,
    };
  }

  /** The seller an unexpired access token acts for. */
  tokenSeller(accessToken: string | undefined): number | null {
    const found = this.accessTokens.get(accessToken ?? '');
    return found && found.expiresAt > this.deps.clock.now().getTime() ? found.sellerId : null;
  }

  /** The seller removed the app: its tokens, access and refresh, stop working. */
  revoke(sellerId: number): void {
    for (const [key, grant] of this.accessTokens)
      if (grant.sellerId === sellerId) this.accessTokens.delete(key);
    for (const [key, grant] of this.refreshTokens)
      if (grant.sellerId === sellerId) this.refreshTokens.delete(key);
  }

  user(sellerId: number) {
    const seller = this.seller(sellerId);
    return { id: seller.id, nickname: seller.nickname, site_id: 'MLM' };
  }

  // Orders --------------------------------------------------------------------------------

  private build(seller: Seller, input: SandboxMlOrderInput) {
    const now = this.now();
    const packed = input.pack !== false && input.lines.length > 1;
    const groups = packed ? input.lines.map((line) => [line]) : [input.lines];
    const buyer = input.buyer ?? { firstName: 'Comprador', lastName: 'Sandbox' };
    const shipment: Shipment = {
      id: this.id(),
      sellerId: seller.id,
      orderIds: [],
      mode: input.mode ?? 'me2',
      status: 'ready_to_ship',
      tracking_number: null,
      tracking_method: null,
      receiver_address: input.address
        ? {
            receiver_name: `${buyer.firstName} ${buyer.lastName}`,
            receiver_phone: input.address.phone ?? null,
            street_name: input.address.street,
            street_number: input.address.number,
            comment: null,
            zip_code: input.address.zip,
            neighborhood: { name: input.address.neighborhood ?? null },
            city: { name: input.address.city },
            state: { name: input.address.state },
            country: { id: 'MX' },
          }
        : null,
    };
    const pack: Pack | null = packed
      ? {
          id: this.id(),
          sellerId: seller.id,
          status: 'active',
          orders: [],
          shipment: { id: shipment.id },
          date_created: now,
          last_updated: now,
        }
      : null;
    const orders = groups.map((lines): Order => {
      const total = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
      const status = input.status ?? 'paid';
      return {
        id: this.id(),
        sellerId: seller.id,
        status,
        date_created: now,
        date_last_updated: now,
        pack_id: pack?.id ?? null,
        shipping: { id: shipment.id },
        order_items: lines.map((line, index) => ({
          item: { id: `MLM${this.lastId}${index}`, title: line.title, seller_sku: line.sku },
          quantity: line.quantity,
          unit_price: pesos(line.price),
          currency_id: 'MXN',
        })),
        total_amount: pesos(total),
        paid_amount: status === 'paid' ? pesos(total) : 0,
        currency_id: 'MXN',
        buyer: {
          id: 900_000 + seller.draws,
          nickname: `${buyer.firstName}${buyer.lastName}`.toUpperCase(),
          first_name: buyer.firstName,
          last_name: buyer.lastName,
        },
        tags: status === 'paid' ? ['paid'] : [],
      };
    });
    shipment.orderIds = orders.map((order) => order.id);
    this.shipments.set(shipment.id, shipment);
    if (pack) {
      pack.orders = orders.map((order) => ({ id: order.id }));
      this.packs.set(pack.id, pack);
    }
    for (const order of orders) this.orders.set(order.id, order);
    return {
      externalId: String(pack?.id ?? orders[0]!.id),
      orderIds: orders.map((order) => order.id),
      shipmentId: shipment.id,
    };
  }

  /** A buyer's purchase: one order, or a pack of one order per line; notified per order. */
  async createOrder(sellerId: number, input: SandboxMlOrderInput) {
    const [created] = await this.createOrders(sellerId, [input]);
    return created!;
  }

  /**
   * Many purchases at once, their notifications queued in one statement: for the chaos test
   * over thousands of orders and the bench.
   */
  async createOrders(sellerId: number, inputs: SandboxMlOrderInput[]) {
    const seller = this.seller(sellerId);
    const created = inputs.map((input) => this.build(seller, input));
    await this.deps.deliveries.emit(
      created.flatMap((purchase) =>
        purchase.orderIds.map((id) => ({ seller, topic: 'orders_v2', resource: `/orders/${id}` })),
      ),
    );
    return created;
  }

  /** Orders of a purchase (an order id or a pack id). */
  private purchase(id: number): Order[] {
    const pack = this.packs.get(id);
    const ids = pack ? pack.orders.map((entry) => entry.id) : [id];
    return ids
      .map((orderId) => this.orders.get(orderId))
      .filter((order): order is Order => !!order);
  }

  private async touch(orders: Order[], change: (order: Order) => void) {
    const now = this.now();
    for (const order of orders) {
      change(order);
      order.date_last_updated = now;
      if (order.pack_id) this.packs.get(order.pack_id)!.last_updated = now;
    }
    const seller = this.seller(orders[0]!.sellerId);
    await this.deps.deliveries.emit(
      orders.map((order) => ({ seller, topic: 'orders_v2', resource: `/orders/${order.id}` })),
    );
  }

  /** The admin's edit: payment status or tags of every order of a purchase. */
  async updateOrder(id: number, patch: { status?: 'paid' | 'payment_required'; tags?: string[] }) {
    const orders = this.purchase(id);
    if (orders.length === 0) return false;
    await this.touch(orders, (order) => {
      if (patch.status) {
        order.status = patch.status;
        order.paid_amount = patch.status === 'paid' ? order.total_amount : 0;
      }
      if (patch.tags) order.tags = patch.tags;
    });
    return true;
  }

  /** The buyer or Mercado Libre cancels a purchase (any time before it ships). */
  async cancelOrder(id: number): Promise<'cancelled' | 'not_found' | 'refused'> {
    const orders = this.purchase(id);
    if (orders.length === 0) return 'not_found';
    const shipment = this.shipments.get(orders[0]!.shipping.id ?? 0);
    if (shipment && SHIPPED.has(shipment.status)) return 'refused';
    if (orders.every((order) => order.status === 'cancelled')) return 'refused';
    if (shipment) shipment.status = 'cancelled';
    await this.touch(orders, (order) => {
      order.status = 'cancelled';
    });
    return 'cancelled';
  }

  /**
   * `PUT /shipments/{id}` by the seller: the tracking of a shipment the seller ships (`me1`,
   * `custom`); Mercado Envíos' own (`me2`) are refused.
   */
  async shipmentShipped(
    sellerId: number,
    shipmentId: number,
    update: { trackingNumber: string; trackingMethod: string | null },
  ): Promise<'ok' | 'not_found' | 'refused'> {
    const shipment = this.shipments.get(shipmentId);
    if (!shipment || shipment.sellerId !== sellerId) return 'not_found';
    if (shipment.mode === 'me2' || shipment.status === 'cancelled') return 'refused';
    shipment.status = 'shipped';
    shipment.tracking_number = update.trackingNumber;
    shipment.tracking_method = update.trackingMethod;
    await this.deps.deliveries.emit([
      { seller: this.seller(sellerId), topic: 'shipments', resource: `/shipments/${shipmentId}` },
    ]);
    return 'ok';
  }

  // Reads, in the wire format, scoped to the token's seller -------------------------------

  order(sellerId: number, id: number): MlOrder | null {
    const order = this.orders.get(id);
    if (!order || order.sellerId !== sellerId) return null;
    const { sellerId: _seller, ...wire } = order;
    return wire;
  }

  pack(sellerId: number, id: number): MlPack | null {
    const pack = this.packs.get(id);
    if (!pack || pack.sellerId !== sellerId) return null;
    const { sellerId: _seller, ...wire } = pack;
    return wire;
  }

  shipment(sellerId: number, id: number): (MlShipment & { order_id: number }) | null {
    const shipment = this.shipments.get(id);
    if (!shipment || shipment.sellerId !== sellerId) return null;
    const { sellerId: _seller, orderIds, ...wire } = shipment;
    return { ...wire, order_id: orderIds[0]! };
  }

  /** `/orders/search`: by last update and status, oldest created first, paged by offset. */
  search(
    sellerId: number,
    query: { updatedFrom?: string; status?: string; offset: number; limit: number },
  ) {
    const from = query.updatedFrom ? Date.parse(query.updatedFrom) : null;
    const matching = [...this.orders.values()]
      .filter(
        (order) =>
          order.sellerId === sellerId &&
          (from === null || Date.parse(order.date_last_updated) >= from) &&
          (!query.status || order.status === query.status),
      )
      .sort((a, b) => a.date_created.localeCompare(b.date_created) || a.id - b.id);
    return {
      results: matching
        .slice(query.offset, query.offset + query.limit)
        .map((order) => this.order(sellerId, order.id)!),
      paging: { total: matching.length, offset: query.offset, limit: query.limit },
    };
  }

  /** Purchases of a seller for the admin page: orders grouped by pack, with their shipment. */
  purchases(sellerId: number) {
    const seen = new Set<number>();
    const result = [];
    for (const order of this.orders.values()) {
      if (order.sellerId !== sellerId) continue;
      const id = order.pack_id ?? order.id;
      if (seen.has(id)) continue;
      seen.add(id);
      result.push({
        id,
        orders: this.purchase(id),
        shipment: this.shipments.get(order.shipping.id ?? 0) ?? null,
      });
    }
    return result;
  }

  /** The tracking the seller pushed to a shipment. */
  trackingOf(shipmentId: number) {
    const shipment = this.shipments.get(shipmentId);
    return shipment
      ? {
          status: shipment.status,
          number: shipment.tracking_number,
          method: shipment.tracking_method,
        }
      : null;
  }

  flushDeliveries(now?: Date) {
    return this.deps.deliveries.flush(now);
  }

  missedFeeds(now?: Date) {
    return this.deps.deliveries.missed(now);
  }

  notifications(sellerId: number) {
    return this.deps.deliveries.of(sellerId);
  }
}
