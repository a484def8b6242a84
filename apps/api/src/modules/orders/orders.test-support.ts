import type { StorePlatform } from '@despacho/domain';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { createTestApp } from '../../../test/test-app';
import type { TestUser } from '../../../test/users';
import type { Db } from '../../platform/db';
import {
  StoreApiError,
  type ExternalOrder,
  type FulfilmentPush,
  type StoreOrderSink,
  type StoreRef,
} from '../stores';
import { monterreyAddress } from '../shipments/guides.test-support';
import type { StoresForOrders } from './orders.stores';

/**
 * The stores side for the orders' tests, until the stores module is merged: it keeps the sink
 * it is handed, knows its stores by organization, records every push and cancel, and fails the
 * next N pushes with the kind a test sets.
 */
export class FakeStores implements StoresForOrders {
  sink: StoreOrderSink | null = null;
  readonly stores = new Map<string, StoreRef>();
  readonly pushes: { storeId: string; push: FulfilmentPush }[] = [];
  readonly cancels: { storeId: string; externalId: string }[] = [];
  failPushes: { times: number; kind: StoreApiError['kind'] } = { times: 0, kind: 'unavailable' };
  refuseCancel = false;

  deliverOrdersTo(sink: StoreOrderSink) {
    this.sink = sink;
  }

  add(organizationId: string, platform: StorePlatform = 'shopify'): StoreRef {
    const store = { id: randomUUID(), organizationId, platform, name: `Tienda ${platform}` };
    this.stores.set(store.id, store);
    return store;
  }

  async get(organizationId: string, storeId: string) {
    const store = this.stores.get(storeId);
    if (!store || store.organizationId !== organizationId)
      throw new StoreApiError('not_found', 'no store');
    return { id: store.id, name: store.name, platform: store.platform };
  }

  async pushFulfilment(organizationId: string, storeId: string, push: FulfilmentPush) {
    await this.get(organizationId, storeId);
    this.pushes.push({ storeId, push });
    if (this.failPushes.times > 0) {
      this.failPushes.times -= 1;
      throw new StoreApiError(this.failPushes.kind, 'the store said no');
    }
    return { externalId: `F-${this.pushes.length}` };
  }

  async cancelAtStore(organizationId: string, storeId: string, externalId: string) {
    await this.get(organizationId, storeId);
    if (this.refuseCancel) throw new StoreApiError('refused', 'already shipped');
    this.cancels.push({ storeId, externalId });
  }

  /** The sink as the stores module would call it. */
  apply(store: StoreRef, order: ExternalOrder) {
    return this.sink!.applyExternalOrder(store, order);
  }
}

/** A store's order as a platform sends it: one line per SKU given. */
export function externalOrder(
  lines: { sku: string | null; quantity: number; id?: string }[],
  overrides: Partial<ExternalOrder> = {},
): ExternalOrder {
  return {
    externalId: 'ext-1',
    number: '#1001',
    createdAt: '2026-03-01T10:00:00Z',
    updatedAt: '2026-03-01T10:00:00Z',
    cancelled: false,
    paymentState: 'paid',
    currency: 'MXN',
    total: 50_000,
    customer: { name: 'Lucía Compradora', email: 'lucia@prueba.mx', phone: '8133334444' },
    shippingAddress: {
      name: 'Lucía Compradora',
      company: null,
      phone: '8133334444',
      email: 'lucia@prueba.mx',
      street: 'Avenida Escondida 1500',
      street2: null,
      neighborhood: 'Centro',
      city: 'Monterrey',
      state: 'Nuevo León',
      zip: '64000',
      country: 'MX',
    },
    lines: lines.map((line, index) => ({
      externalId: line.id ?? `line-${index}`,
      sku: line.sku,
      title: `Producto ${line.sku ?? index}`,
      quantity: line.quantity,
      fulfillableQuantity: line.quantity,
      unitPrice: 10_000,
    })),
    tags: [],
    shippedByPlatform: false,
    ...overrides,
  };
}

/** Reserved and on-hand units of a variant at a stock location. */
export async function balanceOf(db: Db, variantId: string, locationId: string) {
  const result = await db.execute<{ on_hand: number; reserved: number }>(sql`
    select on_hand, reserved from stock_balances
     where variant_id = ${variantId} and location_id = ${locationId}`);
  return result.rows[0] ?? { on_hand: 0, reserved: 0 };
}

/**
 * A manual order of the organization with one unit, fulfilled with a guide, and a bulk run
 * over a second order (left running): the ids the cross-organization walk tries from another
 * organization. The organization is funded and `locationId` keeps stock.
 */
export async function createTenantOrder(
  ctx: Awaited<ReturnType<typeof createTestApp>>,
  owner: TestUser,
  organizationId: string,
  place: { locationId: string; variantId: string; packageId: string },
) {
  const stockLocationId = await ctx.app.services.inventory.stockLocationOf(
    organizationId,
    place.locationId,
  );
  await ctx.app.services.stock.adjust(organizationId, {
    cause: { type: 'adjustment', id: `count-${randomUUID()}` },
    location: stockLocationId!,
    lines: [{ variant_id: place.variantId, on_hand: 2 }],
  });
  const post = async (url: string, body: object, status = 201) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: owner.headers({ 'idempotency-key': randomUUID() }),
      payload: body,
    });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
    return response.json().data;
  };
  const order = () =>
    post('/orders', {
      shipping_address: monterreyAddress,
      lines: [{ variant_id: place.variantId, quantity: 1, unit_price: 10_000 }],
      shipping_price: 0,
      payment_state: 'paid',
      location_id: place.locationId,
    });
  const first = await order();
  const request = {
    origin_id: place.locationId,
    parcels: [{ length: 30, width: 20, height: 15, weight: 1 }],
    lines: [{ line_id: first.lines[0].id, quantity: 1 }],
  };
  const quote = await post(`/orders/${first.id}/quote`, request);
  const fulfilment = await post(`/orders/${first.id}/fulfillments`, {
    ...request,
    quote_id: quote.id,
    rate_id: quote.rates[0].id,
  });
  const second = await order();
  const bulk = await post(
    '/orders/bulk-labels',
    {
      order_ids: [second.id],
      rule: 'cheapest',
      origin_id: place.locationId,
      package_id: place.packageId,
    },
    202,
  );
  return {
    orderId: first.id as string,
    orderLineId: first.lines[0].id as string,
    fulfillmentId: fulfilment.id as string,
    bulkLabelsId: bulk.id as string,
  };
}
