import { locationsQuerySchema } from '@despacho/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import type { DomainEvents } from '../../platform/events';
import type { ExternalOrder, StoreCustomerRef, StoreOrderSink, StoreRef } from '../stores';
import { addressIssues, externalAddress } from './orders.address';
import { customerOf } from './orders.customers';
import * as repository from './orders.repository';
import type { OrderLineRow, OrderRow } from './orders.repository';
import type { OrdersDeps, OrdersService } from './orders.service';
import { orderLines, orders, type OrderAddress } from './orders.tables';

/**
 * Where a connected store's orders arrive (the stores module calls it): each upserted by
 * (store, external id) to the platform's state unless what is held is newer, its lines mapped
 * to the catalogue by SKU (the store's remembered links first), its units reserved at the
 * organization's default stock location and released when lines shrink or it is cancelled, its
 * customer matched or saved, its address checked against SEPOMEX; and the platform's compliance
 * requests (export and erasure of a customer's data) honoured.
 */
export class OrderSync implements StoreOrderSink {
  constructor(
    private readonly deps: OrdersDeps & {
      orders: Pick<OrdersService, 'afterLinesChanged'>;
      events: DomainEvents;
    },
  ) {}

  async applyExternalOrder(
    store: StoreRef,
    external: ExternalOrder,
  ): Promise<'created' | 'updated' | 'unchanged' | 'stale'> {
    const updatedAt = new Date(external.updatedAt);
    // SEPOMEX and the catalogue are read before the transaction: it then holds one connection.
    const address = externalAddress(external.shippingAddress);
    const [issues, variants] = await Promise.all([
      addressIssues(this.deps.postalCodes, address),
      this.variantsOf(
        store,
        external.lines.flatMap((line) => (line.sku ? [line.sku] : [])),
      ),
    ]);
    // A new order's customer is matched or created once; a known order keeps its own.
    const known = await repository.findByExternalId(this.deps.db, store.id, external.externalId);
    const [customerId, defaultLocation] = known
      ? [null, null]
      : await Promise.all([
          this.matchCustomer(store.organizationId, external, address),
          this.defaultLocation(store.organizationId),
        ]);
    return this.deps.db.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const current = await repository.lockByExternalId(tx, store.id, external.externalId);
      if (current?.externalUpdatedAt && current.externalUpdatedAt > updatedAt) return 'stale';
      if (current?.externalUpdatedAt?.getTime() === updatedAt.getTime()) return 'unchanged';
      const locationId = current ? current.locationId : defaultLocation;
      const values = {
        number: external.number,
        placedAt: new Date(external.createdAt),
        externalUpdatedAt: updatedAt,
        paymentState: external.paymentState,
        customerName: external.customer?.name ?? address?.contact_name ?? null,
        customerEmail: external.customer?.email?.toLowerCase() ?? null,
        customerPhone: external.customer?.phone ?? null,
        shippingAddress: address,
        addressIssues: issues,
        currency: external.currency,
        total: external.total,
        tags: external.tags.slice(0, 20),
        shippedByPlatform: external.shippedByPlatform,
        fulfilmentTarget: external.fulfilmentTarget ?? null,
        updatedAt: now,
      };
      let row: OrderRow;
      if (current) {
        [row] = (await tx
          .update(orders)
          .set(values)
          .where(eq(orders.id, current.id))
          .returning()) as [OrderRow];
      } else {
        [row] = (await tx
          .insert(orders)
          .values({
            ...values,
            organizationId: store.organizationId,
            storeId: store.id,
            source: store.platform,
            externalId: external.externalId,
            customerId,
            locationId,
            createdAt: now,
          })
          .returning()) as [OrderRow];
      }
      const lines = await this.syncLines(tx, row, external, variants);
      const cancelled = external.cancelled && row.status === 'open';
      if (cancelled) {
        await tx
          .update(orders)
          .set({ status: 'cancelled', cancelledAt: now })
          .where(eq(orders.id, row.id));
        row.status = 'cancelled';
      }
      await this.deps.orders.afterLinesChanged(tx, row, lines, { strict: false, actorId: null });
      await repository.addEvent(tx, {
        organizationId: row.organizationId,
        orderId: row.id,
        at: now,
        code: cancelled
          ? 'order_cancelled_at_store'
          : current
            ? 'order_synced_update'
            : 'order_synced',
        values: { store: store.name },
      });
      await this.deps.events.emit(
        tx,
        row.organizationId,
        'order.synced',
        { order_id: row.id, store_id: store.id, number: row.number },
        `order:${row.id}`,
      );
      return current ? 'updated' : 'created';
    });
  }

  async exportCustomerData(store: StoreRef, customer: StoreCustomerRef) {
    const rows = await this.customerOrders(this.deps.db, store, customer);
    return {
      orders: rows.map((row) => ({
        number: row.number,
        placed_at: row.placedAt.toISOString(),
        customer: { name: row.customerName, email: row.customerEmail, phone: row.customerPhone },
        shipping_address: row.shippingAddress,
      })),
    };
  }

  async redactCustomer(store: StoreRef, customer: StoreCustomerRef): Promise<number> {
    return this.deps.db.transaction(async (tx) => {
      const rows = await this.customerOrders(tx, store, customer);
      return this.redact(
        tx,
        rows.map((row) => row.id),
      );
    });
  }

  async redactStore(store: StoreRef): Promise<number> {
    return this.deps.db.transaction(async (tx) => {
      const rows = await repository.ordersOfStore(tx, store.id, null);
      return this.redact(
        tx,
        rows.map((row) => row.id),
      );
    });
  }

  /** How many orders each of the organization's stores brought (the stores screen shows it). */
  async countOrders(organizationId: string, storeIds: string[]): Promise<Record<string, number>> {
    const rows = await this.deps.db
      .select({ storeId: orders.storeId, count: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.organizationId, organizationId), inArray(orders.storeId, storeIds)))
      .groupBy(orders.storeId);
    return Object.fromEntries(rows.map((row) => [row.storeId!, row.count]));
  }

  /**
   * Replaces the order's lines with the platform's (matched by the line's external id); a line
   * the platform dropped keeps what was fulfilled and wants nothing more.
   */
  private async syncLines(
    tx: DbOrTx,
    row: OrderRow,
    external: ExternalOrder,
    variants: Map<string, { id: string; productId: string }>,
  ): Promise<OrderLineRow[]> {
    const existing = await repository.findLines(tx, row.id);
    const byExternal = new Map(existing.map((line) => [line.externalId, line]));
    const seen = new Set<string>();
    const result: OrderLineRow[] = [];
    for (const [position, line] of external.lines.entries()) {
      seen.add(line.externalId);
      const current = byExternal.get(line.externalId);
      const mapped = line.sku ? variants.get(line.sku.toLowerCase()) : undefined;
      // The platform's wanted units: what it still expects fulfilled plus what we fulfilled.
      const quantity = Math.max(
        current?.fulfilledQuantity ?? 0,
        line.fulfillableQuantity + (current?.fulfilledQuantity ?? 0),
      );
      if (current) {
        const variantId = current.variantId ?? mapped?.id ?? null;
        const [updated] = await tx
          .update(orderLines)
          .set({
            position,
            sku: line.sku,
            title: line.title,
            quantity,
            unitPrice: line.unitPrice,
            variantId,
            productId: current.variantId ? current.productId : (mapped?.productId ?? null),
          })
          .where(eq(orderLines.id, current.id))
          .returning();
        // Shrunk below what it holds: the reservation follows first (the check allows no more).
        result.push(updated!);
      } else {
        const [inserted] = await tx
          .insert(orderLines)
          .values({
            organizationId: row.organizationId,
            orderId: row.id,
            position,
            externalId: line.externalId,
            sku: line.sku,
            title: line.title,
            quantity,
            unitPrice: line.unitPrice,
            variantId: mapped?.id ?? null,
            productId: mapped?.productId ?? null,
          })
          .returning();
        result.push(inserted!);
      }
    }
    for (const line of existing) {
      if (seen.has(line.externalId ?? '')) continue;
      const [updated] = await tx
        .update(orderLines)
        .set({ quantity: line.fulfilledQuantity })
        .where(eq(orderLines.id, line.id))
        .returning();
      result.push(updated!);
    }
    return result;
  }

  /** Variants by lower-cased SKU: the store's remembered links first, then the catalogue's SKUs. */
  private async variantsOf(store: StoreRef, skus: string[]) {
    const unique = [...new Set(skus)];
    const [links, bySku] = await Promise.all([
      repository.skuLinks(this.deps.db, store.organizationId, store.id, unique),
      this.deps.productVariants.bySkus(store.organizationId, unique),
    ]);
    const linked = await this.deps.productVariants.byIds(store.organizationId, [...links.values()]);
    const byId = new Map(linked.map((variant) => [variant.id, variant]));
    const result = new Map<string, { id: string; productId: string }>();
    for (const variant of bySku) {
      if (variant.sku)
        result.set(variant.sku.toLowerCase(), { id: variant.id, productId: variant.product_id });
    }
    for (const [sku, variantId] of links) {
      const variant = byId.get(variantId);
      if (variant) result.set(sku.toLowerCase(), { id: variant.id, productId: variant.product_id });
    }
    return result;
  }

  /**
   * Where a synced order's units are reserved: the stock location of the organization's default
   * address-book location when it keeps stock; else nowhere (the merchant keeps no stock here).
   */
  private async defaultLocation(organizationId: string): Promise<string | null> {
    const { data } = await this.deps.locations.list(
      organizationId,
      locationsQuerySchema.parse({ pageSize: 1 }),
    );
    const location = data[0];
    if (!location?.is_default) return null;
    return this.deps.inventory.stockLocationOf(organizationId, location.id);
  }

  /**
   * The address book's customer with the order's email or phone, or a new one when valid; the
   * customers module creates it once even when two orders of a new buyer are applied at once.
   */
  private matchCustomer(
    organizationId: string,
    external: ExternalOrder,
    address: OrderAddress | null,
  ): Promise<string | null> {
    const email = external.customer?.email?.toLowerCase() || undefined;
    const phone = external.customer?.phone?.replace(/\D/g, '').slice(-10) || undefined;
    return this.deps.customers.findOrCreateByContact(organizationId, { email, phone }, () =>
      address
        ? customerOf({
            ...address,
            email: email ?? address.email ?? '',
            phone: phone ?? address.phone ?? '',
          })
        : null,
    );
  }

  /** The store's orders the compliance request names (by id, email or phone). */
  private async customerOrders(db: DbOrTx, store: StoreRef, customer: StoreCustomerRef) {
    const rows = await repository.ordersOfStore(db, store.id, null);
    const email = customer.email?.toLowerCase();
    return rows.filter(
      (row) =>
        customer.orderExternalIds.includes(row.externalId ?? '') ||
        (email && row.customerEmail === email) ||
        (customer.phone && row.customerPhone === customer.phone),
    );
  }

  private async redact(tx: DbOrTx, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    await tx
      .update(orders)
      .set({
        customerName: null,
        customerEmail: null,
        customerPhone: null,
        shippingAddress: null,
        customerId: null,
        searchText: sql`split_part(${orders.searchText}, ' ', 1)`,
      })
      .where(and(inArray(orders.id, ids)));
    return ids.length;
  }
}
