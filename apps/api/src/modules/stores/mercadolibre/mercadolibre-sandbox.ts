import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../../platform/clock';
import type { Db, DbOrTx } from '../../../platform/db';
import type { SandboxChaos } from '../store-sandbox-deliveries';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  MERCADOLIBRE_SCOPES,
  SANDBOX_MERCADOLIBRE_APP,
} from './mercadolibre-app';
import { INSERT_CHUNK } from '../store-sandbox-deliveries';
import type { SandboxMlDeliveries } from './mercadolibre-sandbox.deliveries';
import {
  sandboxMercadoLibreCodes,
  sandboxMercadoLibreIds,
  sandboxMercadoLibreOrders,
  sandboxMercadoLibrePacks,
  sandboxMercadoLibreSellers,
  sandboxMercadoLibreShipments,
  sandboxMercadoLibreTokens,
} from './mercadolibre-sandbox.tables';
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

type OrderRow = typeof sandboxMercadoLibreOrders.$inferSelect;
type ShipmentRow = typeof sandboxMercadoLibreShipments.$inferSelect;
type PackRow = typeof sandboxMercadoLibrePacks.$inferSelect;

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

const orderWire = (row: OrderRow): MlOrder => ({
  id: row.id,
  status: row.status,
  date_created: row.createdAt.toISOString(),
  date_last_updated: row.updatedAt.toISOString(),
  pack_id: row.packId,
  shipping: { id: row.shipmentId },
  ...row.body,
  paid_amount: row.paidAmount,
  tags: row.tags,
});

const shipmentWire = (row: ShipmentRow): MlShipment & { order_id: number } => ({
  id: row.id,
  mode: row.mode,
  status: row.status,
  tracking_number: row.trackingNumber,
  tracking_method: row.trackingMethod,
  receiver_address: row.receiverAddress ?? null,
  order_id: row.orderIds[0]!,
});

const packWire = (row: PackRow): MlPack => ({
  id: row.id,
  status: row.status,
  orders: row.orderIds.map((id) => ({ id })),
  shipment: row.shipmentId === null ? null : { id: row.shipmentId },
  date_created: row.createdAt.toISOString(),
  last_updated: row.updatedAt.toISOString(),
});

/** Inserts rows in chunks, under PostgreSQL's limit of bind parameters. */
async function insertAll<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK)
    await insert(rows.slice(start, start + INSERT_CHUNK));
}

/**
 * The Mercado Libre sandbox (site MLM): the sellers, orders, packs and shipments Mercado Libre
 * keeps, its OAuth grants (6-hour access tokens, single-use refresh tokens) and its
 * notifications, in its own tables (mercadolibre-sandbox.tables.ts), so a restart keeps a
 * connected store working. The routes, the admin page, tests, the demo and the bench drive it
 * through these methods.
 */
export class MercadoLibreSandbox {
  constructor(private readonly deps: { db: Db; clock: Clock; deliveries: SandboxMlDeliveries }) {}

  /** Mercado Libre's next `count` numeric ids, ascending. */
  private async ids(tx: DbOrTx, count: number): Promise<number[]> {
    const result = await tx.execute<{ id: string }>(
      sql`select nextval(${sql.raw(`'${sandboxMercadoLibreIds.seqName}'`)}) as id from generate_series(1, ${count})`,
    );
    return result.rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  }

  async createSeller(input: { nickname: string }): Promise<{ id: number }> {
    const [id] = await this.ids(this.deps.db, 1);
    await this.deps.db.insert(sandboxMercadoLibreSellers).values({
      id: id!,
      nickname: input.nickname,
      chaos: DEFAULT_CHAOS,
      createdAt: this.deps.clock.now(),
    });
    return { id: id! };
  }

  async listSellers() {
    return this.deps.db
      .select({
        id: sandboxMercadoLibreSellers.id,
        nickname: sandboxMercadoLibreSellers.nickname,
        chaos: sandboxMercadoLibreSellers.chaos,
      })
      .from(sandboxMercadoLibreSellers)
      .orderBy(asc(sandboxMercadoLibreSellers.createdAt), asc(sandboxMercadoLibreSellers.id));
  }

  async setChaos(sellerId: number, chaos: Partial<SandboxChaos>): Promise<void> {
    const [row] = await this.deps.db
      .update(sandboxMercadoLibreSellers)
      .set({ chaos: sql`${sandboxMercadoLibreSellers.chaos} || ${JSON.stringify(chaos)}::jsonb` })
      .where(eq(sandboxMercadoLibreSellers.id, sellerId))
      .returning({ id: sandboxMercadoLibreSellers.id });
    if (!row) throw new Error(`Sandbox seller ${sellerId} does not exist`);
  }

  // OAuth ---------------------------------------------------------------------------------

  /** The seller granted the app on the consent screen: the redirect with a one-time code. */
  async approve(
    sellerId: number,
    query: { clientId: string; redirectUri: string; state: string },
  ): Promise<string | null> {
    if (query.clientId !== SANDBOX_MERCADOLIBRE_APP.appId || !Number.isSafeInteger(sellerId))
      return null;
    const [seller] = await this.deps.db
      .select({ id: sandboxMercadoLibreSellers.id })
      .from(sandboxMercadoLibreSellers)
      .where(eq(sandboxMercadoLibreSellers.id, sellerId));
    if (!seller) return null;
    let url: URL;
    try {
      url = new URL(query.redirectUri);
    } catch {
      return null;
    }
    const code = token('TG');
    await this.deps.db.insert(sandboxMercadoLibreCodes).values({
      code,
      sellerId,
      redirectUri: query.redirectUri,
      expiresAt: new Date(this.deps.clock.now().getTime() + 10 * 60_000),
    });
    url.searchParams.set('code', code);
    url.searchParams.set('state', query.state);
    return url.toString();
  }

  /**
   * `POST /oauth/token`: a code or an unspent refresh token for a new pair; else invalid_grant.
   * Each is spent by one statement, so two processes racing with one refresh token get one pair.
   */
  async grant(form: Record<string, string>): Promise<MlToken | null> {
    if (
      form.client_id !== SANDBOX_MERCADOLIBRE_APP.appId ||
      form.client_secret !== SANDBOX_MERCADOLIBRE_APP.clientSecret
    )
      return null;
    const now = this.deps.clock.now();
    let sellerId: number;
    if (form.grant_type === 'authorization_code') {
      const [code] = await this.deps.db
        .delete(sandboxMercadoLibreCodes)
        .where(eq(sandboxMercadoLibreCodes.code, form.code ?? ''))
        .returning();
      if (!code || code.redirectUri !== form.redirect_uri) return null;
      if (code.expiresAt < now) return null;
      sellerId = code.sellerId;
    } else if (form.grant_type === 'refresh_token') {
      const [refresh] = await this.deps.db
        .update(sandboxMercadoLibreTokens)
        .set({ spentAt: now })
        .where(
          and(
            eq(sandboxMercadoLibreTokens.token, form.refresh_token ?? ''),
            eq(sandboxMercadoLibreTokens.kind, 'refresh'),
            isNull(sandboxMercadoLibreTokens.spentAt),
          ),
        )
        .returning({ sellerId: sandboxMercadoLibreTokens.sellerId });
      if (!refresh) return null;
      sellerId = refresh.sellerId;
    } else return null;
    const access = token('APP_USR');
    const refresh = token('TG');
    await this.deps.db.insert(sandboxMercadoLibreTokens).values([
      {
        token: access,
        kind: 'access',
        sellerId,
        expiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000),
      },
      { token: refresh, kind: 'refresh', sellerId },
    ]);
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
  async tokenSeller(accessToken: string | undefined): Promise<number | null> {
    if (!accessToken) return null;
    const [found] = await this.deps.db
      .select({ sellerId: sandboxMercadoLibreTokens.sellerId })
      .from(sandboxMercadoLibreTokens)
      .where(
        and(
          eq(sandboxMercadoLibreTokens.token, accessToken),
          eq(sandboxMercadoLibreTokens.kind, 'access'),
          sql`${sandboxMercadoLibreTokens.expiresAt} > ${this.deps.clock.now().toISOString()}`,
        ),
      );
    return found?.sellerId ?? null;
  }

  /** The seller removed the app: its tokens, access and refresh, stop working. */
  async revoke(sellerId: number): Promise<void> {
    await this.deps.db
      .delete(sandboxMercadoLibreTokens)
      .where(eq(sandboxMercadoLibreTokens.sellerId, sellerId));
  }

  async user(sellerId: number) {
    const [seller] = await this.deps.db
      .select()
      .from(sandboxMercadoLibreSellers)
      .where(eq(sandboxMercadoLibreSellers.id, sellerId));
    if (!seller) throw new Error(`Sandbox seller ${sellerId} does not exist`);
    return { id: seller.id, nickname: seller.nickname, site_id: 'MLM' };
  }

  // Orders --------------------------------------------------------------------------------

  /** A buyer's purchase: one order, or a pack of one order per line; notified per order. */
  async createOrder(sellerId: number, input: SandboxMlOrderInput) {
    const [created] = await this.createOrders(sellerId, [input]);
    return created!;
  }

  /**
   * Many purchases at once, written and their notifications queued in a few statements: for
   * the chaos test over thousands of orders and the bench.
   */
  async createOrders(sellerId: number, inputs: SandboxMlOrderInput[]) {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const packed = inputs.map((input) => input.pack !== false && input.lines.length > 1);
      const needed = inputs.reduce(
        (sum, input, index) => sum + 1 + (packed[index] ? 1 + input.lines.length : 1),
        0,
      );
      const ids = await this.ids(tx, needed);
      let next = 0;
      const shipments: ShipmentRow[] = [];
      const packs: PackRow[] = [];
      const orders: OrderRow[] = [];
      const created = inputs.map((input, index) => {
        const groups = packed[index] ? input.lines.map((line) => [line]) : [input.lines];
        const buyer = input.buyer ?? { firstName: 'Comprador', lastName: 'Sandbox' };
        const status = input.status ?? 'paid';
        const shipmentId = ids[next++]!;
        const packId = packed[index] ? ids[next++]! : null;
        const orderIds = groups.map(() => ids[next++]!);
        shipments.push({
          id: shipmentId,
          sellerId,
          orderIds,
          mode: input.mode ?? 'me2',
          status: 'ready_to_ship',
          trackingNumber: null,
          trackingMethod: null,
          receiverAddress: input.address
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
        });
        if (packId !== null)
          packs.push({
            id: packId,
            sellerId,
            status: 'active',
            orderIds,
            shipmentId,
            createdAt: now,
            updatedAt: now,
          });
        groups.forEach((lines, group) => {
          const id = orderIds[group]!;
          const total = pesos(lines.reduce((sum, line) => sum + line.price * line.quantity, 0));
          orders.push({
            id,
            sellerId,
            packId,
            shipmentId,
            status,
            paidAmount: status === 'paid' ? total : 0,
            tags: status === 'paid' ? ['paid'] : [],
            body: {
              order_items: lines.map((line, position) => ({
                item: { id: `MLM${id}${position}`, title: line.title, seller_sku: line.sku },
                quantity: line.quantity,
                unit_price: pesos(line.price),
                currency_id: 'MXN',
              })),
              total_amount: total,
              currency_id: 'MXN',
              buyer: {
                id: 900_000 + (id % 100_000),
                nickname: `${buyer.firstName}${buyer.lastName}`.toUpperCase(),
                first_name: buyer.firstName,
                last_name: buyer.lastName,
              },
            },
            createdAt: now,
            updatedAt: now,
          });
        });
        return { externalId: String(packId ?? orderIds[0]!), orderIds, shipmentId };
      });
      await insertAll(shipments, (chunk) => tx.insert(sandboxMercadoLibreShipments).values(chunk));
      await insertAll(packs, (chunk) => tx.insert(sandboxMercadoLibrePacks).values(chunk));
      await insertAll(orders, (chunk) => tx.insert(sandboxMercadoLibreOrders).values(chunk));
      await this.deps.deliveries.emit(
        tx,
        orders.map((order) => ({ sellerId, topic: 'orders_v2', resource: `/orders/${order.id}` })),
      );
      return created;
    });
  }

  /** Orders of a purchase (an order id or a pack id), locked for a change when `tx` is one. */
  private async purchase(tx: DbOrTx, id: number): Promise<OrderRow[]> {
    if (!Number.isSafeInteger(id)) return [];
    return tx
      .select()
      .from(sandboxMercadoLibreOrders)
      .where(
        sql`${sandboxMercadoLibreOrders.id} = ${id} or ${sandboxMercadoLibreOrders.packId} = ${id}`,
      )
      .orderBy(asc(sandboxMercadoLibreOrders.id))
      .for('update');
  }

  /** Applies a change to a purchase's orders, touching them and their pack, and notifies. */
  private async touch(
    tx: DbOrTx,
    orders: OrderRow[],
    change: Partial<Pick<OrderRow, 'status' | 'tags'>> & { paid?: boolean },
  ) {
    const now = this.deps.clock.now();
    const ids = orders.map((order) => order.id);
    const { paid, ...columns } = change;
    await tx
      .update(sandboxMercadoLibreOrders)
      .set({
        ...columns,
        ...(paid === undefined
          ? {}
          : {
              paidAmount: paid
                ? sql`(${sandboxMercadoLibreOrders.body} ->> 'total_amount')::float8`
                : 0,
            }),
        updatedAt: now,
      })
      .where(inArray(sandboxMercadoLibreOrders.id, ids));
    const packId = orders[0]!.packId;
    if (packId !== null)
      await tx
        .update(sandboxMercadoLibrePacks)
        .set({ updatedAt: now })
        .where(eq(sandboxMercadoLibrePacks.id, packId));
    await this.deps.deliveries.emit(
      tx,
      orders.map((order) => ({
        sellerId: order.sellerId,
        topic: 'orders_v2',
        resource: `/orders/${order.id}`,
      })),
    );
  }

  /** The admin's edit: payment status or tags of every order of a purchase. */
  async updateOrder(id: number, patch: { status?: 'paid' | 'payment_required'; tags?: string[] }) {
    return this.deps.db.transaction(async (tx) => {
      const orders = await this.purchase(tx, id);
      if (orders.length === 0) return false;
      await this.touch(tx, orders, {
        ...(patch.status ? { status: patch.status, paid: patch.status === 'paid' } : {}),
        ...(patch.tags ? { tags: patch.tags } : {}),
      });
      return true;
    });
  }

  /** The buyer or Mercado Libre cancels a purchase (any time before it ships). */
  async cancelOrder(id: number): Promise<'cancelled' | 'not_found' | 'refused'> {
    return this.deps.db.transaction(async (tx) => {
      const orders = await this.purchase(tx, id);
      if (orders.length === 0) return 'not_found';
      const shipmentId = orders[0]!.shipmentId;
      const [shipment] = shipmentId
        ? await tx
            .select()
            .from(sandboxMercadoLibreShipments)
            .where(eq(sandboxMercadoLibreShipments.id, shipmentId))
            .for('update')
        : [];
      if (shipment && SHIPPED.has(shipment.status)) return 'refused';
      if (orders.every((order) => order.status === 'cancelled')) return 'refused';
      if (shipment)
        await tx
          .update(sandboxMercadoLibreShipments)
          .set({ status: 'cancelled' })
          .where(eq(sandboxMercadoLibreShipments.id, shipment.id));
      await this.touch(tx, orders, { status: 'cancelled' });
      return 'cancelled';
    });
  }

  /** A shipment of the seller's, locked, and whether the seller ships it (`me1`, `custom`). */
  private async ownShipment(tx: DbOrTx, sellerId: number, shipmentId: number) {
    if (!Number.isSafeInteger(shipmentId)) return 'not_found' as const;
    const [shipment] = await tx
      .select()
      .from(sandboxMercadoLibreShipments)
      .where(
        and(
          eq(sandboxMercadoLibreShipments.id, shipmentId),
          eq(sandboxMercadoLibreShipments.sellerId, sellerId),
        ),
      )
      .for('update');
    if (!shipment) return 'not_found' as const;
    // Mercado Envíos' own (`me2`) are not the seller's to track.
    if (shipment.mode === 'me2' || shipment.status === 'cancelled') return 'refused' as const;
    return shipment;
  }

  /**
   * `PUT /shipments/{id}` by the seller: the tracking number of a shipment the seller ships,
   * informed before its status changes.
   */
  async setTracking(
    sellerId: number,
    shipmentId: number,
    trackingNumber: string,
  ): Promise<'ok' | 'not_found' | 'refused'> {
    return this.deps.db.transaction(async (tx) => {
      const shipment = await this.ownShipment(tx, sellerId, shipmentId);
      if (typeof shipment === 'string') return shipment;
      await tx
        .update(sandboxMercadoLibreShipments)
        .set({ trackingNumber })
        .where(eq(sandboxMercadoLibreShipments.id, shipmentId));
      return 'ok';
    });
  }

  /**
   * `POST /shipments/{id}/seller_notifications` with status `shipped`: the seller reports the
   * package dispatched, which needs its tracking number informed first. Reporting it again is
   * accepted (a retried push).
   */
  async notifyShipped(
    sellerId: number,
    shipmentId: number,
  ): Promise<'ok' | 'not_found' | 'refused' | 'no_tracking'> {
    return this.deps.db.transaction(async (tx) => {
      const shipment = await this.ownShipment(tx, sellerId, shipmentId);
      if (typeof shipment === 'string') return shipment;
      if (!shipment.trackingNumber) return 'no_tracking';
      if (shipment.status === 'shipped') return 'ok';
      await tx
        .update(sandboxMercadoLibreShipments)
        .set({ status: 'shipped' })
        .where(eq(sandboxMercadoLibreShipments.id, shipmentId));
      await this.deps.deliveries.emit(tx, [
        { sellerId, topic: 'shipments', resource: `/shipments/${shipmentId}` },
      ]);
      return 'ok';
    });
  }

  // Reads, in the wire format, scoped to the token's seller -------------------------------

  async order(sellerId: number, id: number): Promise<MlOrder | null> {
    if (!Number.isSafeInteger(id)) return null;
    const [row] = await this.deps.db
      .select()
      .from(sandboxMercadoLibreOrders)
      .where(
        and(eq(sandboxMercadoLibreOrders.id, id), eq(sandboxMercadoLibreOrders.sellerId, sellerId)),
      );
    return row ? orderWire(row) : null;
  }

  async pack(sellerId: number, id: number): Promise<MlPack | null> {
    if (!Number.isSafeInteger(id)) return null;
    const [row] = await this.deps.db
      .select()
      .from(sandboxMercadoLibrePacks)
      .where(
        and(eq(sandboxMercadoLibrePacks.id, id), eq(sandboxMercadoLibrePacks.sellerId, sellerId)),
      );
    return row ? packWire(row) : null;
  }

  async shipment(sellerId: number, id: number) {
    if (!Number.isSafeInteger(id)) return null;
    const [row] = await this.deps.db
      .select()
      .from(sandboxMercadoLibreShipments)
      .where(
        and(
          eq(sandboxMercadoLibreShipments.id, id),
          eq(sandboxMercadoLibreShipments.sellerId, sellerId),
        ),
      );
    return row ? shipmentWire(row) : null;
  }

  /** `/orders/search`: by last update and status, oldest created first, paged by offset. */
  async search(
    sellerId: number,
    query: { updatedFrom?: string; status?: string; offset: number; limit: number },
  ) {
    const from = query.updatedFrom ? new Date(query.updatedFrom) : null;
    const where = and(
      eq(sandboxMercadoLibreOrders.sellerId, sellerId),
      from && !Number.isNaN(from.getTime())
        ? gte(sandboxMercadoLibreOrders.updatedAt, from)
        : undefined,
      query.status ? eq(sandboxMercadoLibreOrders.status, query.status) : undefined,
    );
    const [rows, [count]] = await Promise.all([
      this.deps.db
        .select()
        .from(sandboxMercadoLibreOrders)
        .where(where)
        .orderBy(asc(sandboxMercadoLibreOrders.createdAt), asc(sandboxMercadoLibreOrders.id))
        .offset(query.offset)
        .limit(query.limit),
      this.deps.db
        .select({ total: sql<number>`count(*)::int` })
        .from(sandboxMercadoLibreOrders)
        .where(where),
    ]);
    return {
      results: rows.map(orderWire),
      paging: { total: count!.total, offset: query.offset, limit: query.limit },
    };
  }

  /** Purchases of a seller for the admin page: orders grouped by pack, with their shipment. */
  async purchases(sellerId: number) {
    const [orders, shipments] = await Promise.all([
      this.deps.db
        .select()
        .from(sandboxMercadoLibreOrders)
        .where(eq(sandboxMercadoLibreOrders.sellerId, sellerId))
        .orderBy(asc(sandboxMercadoLibreOrders.id)),
      this.deps.db
        .select()
        .from(sandboxMercadoLibreShipments)
        .where(eq(sandboxMercadoLibreShipments.sellerId, sellerId)),
    ]);
    const shipmentOf = new Map(shipments.map((row) => [row.id, shipmentWire(row)]));
    const purchases = new Map<
      number,
      { id: number; orders: MlOrder[]; shipment: MlShipment | null }
    >();
    for (const order of orders) {
      const id = order.packId ?? order.id;
      const purchase = purchases.get(id) ?? {
        id,
        orders: [],
        shipment: shipmentOf.get(order.shipmentId ?? 0) ?? null,
      };
      purchase.orders.push(orderWire(order));
      purchases.set(id, purchase);
    }
    return [...purchases.values()];
  }

  /** The tracking the seller pushed to a shipment. */
  async trackingOf(shipmentId: number) {
    const [shipment] = await this.deps.db
      .select()
      .from(sandboxMercadoLibreShipments)
      .where(eq(sandboxMercadoLibreShipments.id, shipmentId));
    return shipment
      ? {
          status: shipment.status,
          number: shipment.trackingNumber,
          method: shipment.trackingMethod,
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
