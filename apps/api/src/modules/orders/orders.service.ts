import {
  type DayRange,
  type OrderCreateData,
  type OrderDetail,
  type OrderListItem,
  type OrdersQuery,
  type OrderShippingAddressInput,
  type PageMeta,
  type VariantPick,
} from '@despacho/domain';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { isUniqueViolation } from '../../platform/db-errors';
import { AppError, notFound } from '../../platform/errors';
import type { LocationsService } from '../addresses';
import type { PostalCodesService } from '../catalogs';
import type { CustomersService } from '../customers';
import type { InventoryService, StockLedger } from '../inventory';
import type { ProductVariantsService } from '../products';
import { StoreApiError } from '../stores';
import { addressIssues, typedAddress } from './orders.address';
import { saveAsCustomer } from './orders.customers';
import * as activity from './orders.activity';
import * as repository from './orders.repository';
import type { OrderLineRow, OrderRow } from './orders.repository';
import { reconcileReservation } from './orders.stock';
import type { StoresForOrders } from './orders.stores';
import { orderLines, orders, type OrderAddress } from './orders.tables';
import {
  detailView,
  fulfillmentStateOf,
  listItem,
  searchTextOf,
  type StoreNames,
} from './orders.view';
import { eq } from 'drizzle-orm';

export interface OrdersDeps {
  db: Db;
  clock: Clock;
  stock: Pick<StockLedger, 'reserve' | 'release'>;
  inventory: Pick<InventoryService, 'stockLocationOf' | 'locations'>;
  productVariants: Pick<ProductVariantsService, 'bySkus' | 'byIds' | 'assertVariants'>;
  customers: Pick<CustomersService, 'list' | 'create' | 'get' | 'findOrCreateByContact'>;
  locations: Pick<LocationsService, 'list' | 'get'>;
  postalCodes: Pick<PostalCodesService, 'lookup'>;
  stores?: StoresForOrders | undefined;
}

/** Who acts: a user of the organization, or the sync (no user). */
export interface OrderCaller {
  userId: string | null;
}

/**
 * Orders (issue 22): the list and detail, manual orders and the changes a merchant makes before
 * fulfilment (synced orders arrive through `OrderSync`). Stock moves only through inventory's verbs,
 * with the order as their cause (orders.stock.ts); a store is called only outside a transaction.
 */
export class OrdersService {
  constructor(private readonly deps: OrdersDeps) {}
  // ---- Reading ----

  async list(
    organizationId: string,
    query: OrdersQuery,
  ): Promise<{ data: OrderListItem[]; meta: PageMeta }> {
    const { rows, total } = await repository.findPage(this.deps.db, organizationId, query);
    const stores = await this.storeNames(organizationId, rows);
    return {
      data: rows.map((row) => listItem(row, stores)),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  summary(organizationId: string) {
    const since = new Date(this.deps.clock.now().getTime() - 30 * 86_400_000);
    return repository.summary(this.deps.db, organizationId, since);
  }

  /** The dashboard's figure: orders placed on the Mexico City days of `days`, not cancelled. */
  countPlaced(organizationId: string, days: DayRange): Promise<number> {
    return activity.countPlaced(this.deps.db, organizationId, days);
  }

  /** The dashboard's chart: orders placed per day of `days` by store (null: typed by hand). */
  async placedPerDay(organizationId: string, days: DayRange) {
    const rows = await activity.placedPerDay(this.deps.db, organizationId, days);
    const stores = await this.storeNames(organizationId, rows);
    return rows.map(({ storeId, ...row }) => {
      const store = storeId ? stores.get(storeId) : undefined;
      return { ...row, store: store ? { id: store.id, name: store.name } : null };
    });
  }

  async get(organizationId: string, id: string, db: DbOrTx = this.deps.db): Promise<OrderDetail> {
    const row = await repository.findOrder(db, organizationId, id);
    if (!row) throw notFound();
    const [lines, fulfillments, events, stores] = await Promise.all([
      repository.findLines(db, id),
      repository.findFulfillments(db, id),
      repository.findEvents(db, id),
      this.storeNames(organizationId, [row]),
    ]);
    return detailView(row, {
      lines,
      fulfillments,
      events,
      stores,
      canCancelAtStore: row.storeId !== null && row.status === 'open' && Boolean(this.deps.stores),
    });
  }

  /** The movement history names an order's stock moves by its number. */
  async numbersOf(organizationId: string, causeIds: string[]): Promise<Map<string, string>> {
    const orderOf = (causeId: string) => causeId.split('.')[0]!;
    const rows = await repository.numbersOf(
      this.deps.db,
      organizationId,
      [...new Set(causeIds.map(orderOf))].filter((id) => /^[0-9a-f-]{36}$/.test(id)),
    );
    const numbers = new Map(rows.map((row) => [row.id, row.number]));
    return new Map(
      causeIds.flatMap((id) => {
        const number = numbers.get(orderOf(id));
        return number ? [[id, number] as const] : [];
      }),
    );
  }

  // ---- Changes ----

  /** A manual order; the same Idempotency-Key answers the order it created. */
  async create(
    organizationId: string,
    input: OrderCreateData,
    caller: OrderCaller & { idempotencyKey: string },
  ): Promise<OrderDetail> {
    const earlier = await repository.findByIdempotencyKey(
      this.deps.db,
      organizationId,
      caller.idempotencyKey,
    );
    if (earlier) return this.get(organizationId, earlier.id);
    const address = typedAddress(input.shipping_address);
    const [issues, variants, locationId] = await Promise.all([
      addressIssues(this.deps.postalCodes, address),
      this.deps.productVariants.byIds(
        organizationId,
        input.lines.map((line) => line.variant_id),
      ),
      this.deps.inventory.stockLocationOf(organizationId, input.location_id),
      // Another organization's location or customer is not found (404), never stored.
      this.deps.locations.get(organizationId, input.location_id),
      input.customer_id && this.deps.customers.get(organizationId, input.customer_id),
    ]);
    const byId = new Map(variants.map((variant) => [variant.id, variant]));
    if (input.lines.some((line) => !byId.has(line.variant_id))) throw notFound();
    const customerId =
      input.customer_id ??
      (await saveAsCustomer(this.deps.customers, organizationId, input.shipping_address));
    const id = await this.insertManual(organizationId, input, caller, {
      address,
      issues,
      byId,
      locationId,
      customerId,
    }).catch(async (error: unknown) => {
      // The same key sent twice at once: the second answers the first's order.
      if (!isUniqueViolation(error, 'orders_manual_key_unique')) throw error;
      const winner = await repository.findByIdempotencyKey(
        this.deps.db,
        organizationId,
        caller.idempotencyKey,
      );
      return winner!.id;
    });
    return this.get(organizationId, id);
  }

  private insertManual(
    organizationId: string,
    input: OrderCreateData,
    caller: OrderCaller & { idempotencyKey: string },
    checked: {
      address: OrderAddress;
      issues: string[];
      byId: Map<string, VariantPick>;
      locationId: string | null;
      customerId: string | null;
    },
  ): Promise<string> {
    const { address, issues, byId, locationId, customerId } = checked;
    return this.deps.db.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const number = await repository.nextManualNumber(tx, organizationId);
      const lines = input.lines.map((line, position) => {
        const variant = byId.get(line.variant_id)!;
        return {
          position,
          sku: variant.sku,
          title: variant.title
            ? `${variant.product_name} (${variant.title})`
            : variant.product_name,
          quantity: line.quantity,
          unitPrice: line.unit_price,
          variantId: variant.id,
          productId: variant.product_id,
        };
      });
      const total =
        input.shipping_price + lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
      const [row] = (await tx
        .insert(orders)
        .values({
          organizationId,
          source: 'manual',
          number,
          placedAt: now,
          paymentState: input.payment_state,
          customerId,
          customerName: address.contact_name,
          customerEmail: address.email,
          customerPhone: address.phone,
          shippingAddress: address,
          addressIssues: issues,
          locationId,
          total,
          shippingPrice: input.shipping_price,
          tags: input.tags,
          note: input.note ?? null,
          items: lines.reduce((sum, line) => sum + line.quantity, 0),
          searchText: searchTextOf(
            { number, customerName: address.contact_name, customerEmail: address.email },
            lines,
          ),
          idempotencyKey: caller.idempotencyKey,
          createdAt: now,
          updatedAt: now,
        })
        .returning()) as [OrderRow];
      const inserted = await tx
        .insert(orderLines)
        .values(lines.map((line) => ({ ...line, organizationId, orderId: row.id })))
        .returning();
      await reconcileReservation(this.deps.stock, tx, row, inserted, {
        strict: true,
        actorId: caller.userId,
      });
      await repository.addEvent(tx, {
        organizationId,
        orderId: row.id,
        at: now,
        code: 'order_created',
        values: { number },
      });
      return row.id;
    });
  }

  async updateAddress(
    organizationId: string,
    id: string,
    input: OrderShippingAddressInput,
  ): Promise<OrderDetail> {
    const address = typedAddress(input);
    const issues = await addressIssues(this.deps.postalCodes, address);
    await this.deps.db.transaction(async (tx) => {
      const row = await this.openOrder(tx, organizationId, id);
      const [lines, fulfillments] = await Promise.all([
        repository.findLines(tx, id),
        repository.findFulfillments(tx, id),
      ]);
      const locked =
        lines.some((line) => line.fulfilledQuantity > 0) ||
        fulfillments.some((f) => f.state === 'bought' || f.state === 'purchasing');
      if (locked) throw new AppError('ORDER_ADDRESS_LOCKED');
      const now = this.deps.clock.now();
      await tx
        .update(orders)
        .set({ shippingAddress: address, addressIssues: issues, updatedAt: now })
        .where(eq(orders.id, row.id));
      await repository.addEvent(tx, {
        organizationId,
        orderId: id,
        at: now,
        code: 'order_address_updated',
      });
    });
    return this.get(organizationId, id);
  }

  async setTags(organizationId: string, id: string, tags: string[]): Promise<OrderDetail> {
    await this.deps.db.transaction(async (tx) => {
      const row = await repository.findOrder(tx, organizationId, id, true);
      if (!row) throw notFound();
      await tx
        .update(orders)
        .set({ tags: [...new Set(tags)], updatedAt: this.deps.clock.now() })
        .where(eq(orders.id, id));
    });
    return this.get(organizationId, id);
  }

  /**
   * Links a line to a variant and reserves its units (what is available); a store's SKU is
   * remembered so the store's next lines with it link themselves.
   */
  async linkLine(
    organizationId: string,
    id: string,
    lineId: string,
    variantId: string,
    caller: OrderCaller,
  ): Promise<OrderDetail> {
    const [variant] = await this.deps.productVariants.byIds(organizationId, [variantId]);
    if (!variant) throw notFound();
    await this.deps.db.transaction(async (tx) => {
      const row = await this.openOrder(tx, organizationId, id);
      let lines = await repository.findLines(tx, id);
      const line = lines.find((candidate) => candidate.id === lineId);
      if (!line) throw notFound();
      // The units reserved under the old variant are given back before the new ones are taken.
      lines = await reconcileReservation(this.deps.stock, tx, row, lines, {
        strict: false,
        actorId: caller.userId,
        target: (l) => (l.id === lineId ? 0 : l.reservedQuantity),
      });
      await tx
        .update(orderLines)
        .set({ variantId: variant.id, productId: variant.product_id })
        .where(eq(orderLines.id, lineId));
      lines = lines.map((l) =>
        l.id === lineId ? { ...l, variantId: variant.id, productId: variant.product_id } : l,
      );
      const now = this.deps.clock.now();
      if (row.storeId && line.sku) {
        await repository.rememberSkuLink(tx, {
          organizationId,
          storeId: row.storeId,
          sku: line.sku,
          variantId: variant.id,
          createdAt: now,
        });
      }
      await this.afterLinesChanged(tx, row, lines, { strict: false, actorId: caller.userId });
      await repository.addEvent(tx, {
        organizationId,
        orderId: id,
        at: now,
        code: 'order_line_linked',
        values: { sku: line.sku, title: line.title },
      });
    });
    return this.get(organizationId, id);
  }

  /**
   * Cancels here (stock released) and, with `at_store`, at the store afterwards, outside any
   * transaction: a refusal there leaves the order cancelled here (ORDER_STORE_CANCEL_REFUSED).
   */
  async cancel(
    organizationId: string,
    id: string,
    input: { at_store: boolean; reason?: string | null | undefined },
    caller: OrderCaller,
  ): Promise<OrderDetail> {
    const row = await this.deps.db.transaction(async (tx) => {
      const order = await this.openOrder(tx, organizationId, id);
      const fulfillments = await repository.findFulfillments(tx, id);
      if (fulfillments.some((f) => f.state === 'bought' || f.state === 'purchasing')) {
        throw new AppError('ORDER_CANCEL_NOT_ALLOWED');
      }
      const now = this.deps.clock.now();
      await tx
        .update(orders)
        .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
        .where(eq(orders.id, id));
      order.status = 'cancelled';
      await reconcileReservation(this.deps.stock, tx, order, await repository.findLines(tx, id), {
        strict: false,
        actorId: caller.userId,
      });
      await repository.addEvent(tx, {
        organizationId,
        orderId: id,
        at: now,
        code: 'order_cancelled',
        values: { reason: input.reason ?? null },
      });
      return order;
    });
    if (input.at_store && row.storeId && row.externalId) {
      const refused = await this.cancelAtStore(row, input.reason ?? '');
      if (refused) throw new AppError('ORDER_STORE_CANCEL_REFUSED');
    }
    return this.get(organizationId, id);
  }

  // ---- Helpers ----

  /** The order under its row lock, open; NOT_FOUND or ORDER_CANCELLED otherwise. */
  async openOrder(tx: DbOrTx, organizationId: string | null, id: string): Promise<OrderRow> {
    const row = await repository.findOrder(tx, organizationId, id, true);
    if (!row) throw notFound();
    if (row.status === 'cancelled') throw new AppError('ORDER_CANCELLED');
    return row;
  }

  /** The reservation, the derived state and the list's columns after the lines changed. */
  async afterLinesChanged(
    tx: DbOrTx,
    row: OrderRow,
    lines: OrderLineRow[],
    options: { strict: boolean; actorId: string | null },
  ) {
    await reconcileReservation(this.deps.stock, tx, row, lines, options);
    await tx
      .update(orders)
      .set({
        fulfillmentState: fulfillmentStateOf(lines),
        unmappedLines: lines.filter((line) => line.quantity > 0 && !line.variantId).length,
        items: lines.reduce((sum, line) => sum + line.quantity, 0),
        searchText: searchTextOf(row, lines),
      })
      .where(eq(orders.id, row.id));
  }

  private async cancelAtStore(row: OrderRow, reason: string): Promise<boolean> {
    const stores = this.deps.stores;
    if (!stores) return true;
    let result: string;
    let refused = false;
    try {
      await stores.cancelAtStore(row.organizationId, row.storeId!, row.externalId!, reason);
      result = 'ok';
    } catch (error) {
      if (!(error instanceof StoreApiError)) throw error;
      result = error.kind;
      refused = true;
    }
    await repository.addEvent(this.deps.db, {
      organizationId: row.organizationId,
      orderId: row.id,
      at: this.deps.clock.now(),
      code: 'order_store_cancel',
      values: { result },
    });
    return refused;
  }

  /** The stores' names the list shows, through the stores module (none without it). */
  async storeNames(organizationId: string, rows: Pick<OrderRow, 'storeId'>[]): Promise<StoreNames> {
    const names: StoreNames = new Map();
    const stores = this.deps.stores;
    const ids = [...new Set(rows.flatMap((row) => (row.storeId ? [row.storeId] : [])))];
    if (!stores) return names;
    await Promise.all(
      ids.map(async (id) => {
        const store = await stores.get(organizationId, id).catch(() => null);
        if (store) names.set(id, { id: store.id, name: store.name, platform: store.platform });
      }),
    );
    return names;
  }
}
