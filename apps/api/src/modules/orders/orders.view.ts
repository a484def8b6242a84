import type {
  OrderDetail,
  OrderFlag,
  OrderFulfillmentView,
  OrderListItem,
  StorePlatform,
} from '@despacho/domain';
import type { FulfillmentRow, OrderLineRow, OrderRow } from './orders.repository';
import type { orderEvents } from './orders.tables';

export type StoreNames = Map<string, { id: string; name: string; platform: StorePlatform }>;

function flagsOf(row: OrderRow): OrderFlag[] {
  const flags: OrderFlag[] = [];
  if (row.unmappedLines > 0) flags.push('unmapped_lines');
  if (!row.shippingAddress) flags.push('address_missing');
  else if (row.addressIssues.length > 0) flags.push('address_doubtful');
  if (row.shippedByPlatform) flags.push('shipped_by_platform');
  return flags;
}

export function listItem(row: OrderRow, stores: StoreNames): OrderListItem {
  return {
    id: row.id,
    number: row.number,
    source: row.source,
    store: row.storeId ? (stores.get(row.storeId) ?? null) : null,
    placed_at: row.placedAt.toISOString(),
    customer_name: row.customerName,
    items: row.items,
    total: row.total,
    currency: row.currency,
    payment_state: row.paymentState,
    fulfillment_state: row.fulfillmentState,
    status: row.status,
    tags: row.tags,
    flags: flagsOf(row),
  };
}

export function fulfillmentView(row: FulfillmentRow): OrderFulfillmentView {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    state: row.state,
    shipment_id: row.shipmentId,
    tracking_number: row.trackingNumber,
    carrier: row.carrier,
    service: row.service,
    total: row.total,
    lines: row.lines,
    push: {
      state: row.pushState,
      attempts: row.pushAttempts,
      last_error: row.pushLastError,
      pushed_at: row.pushedAt?.toISOString() ?? null,
      next_attempt_at: row.pushNextAttemptAt?.toISOString() ?? null,
    },
    error: row.error,
  };
}

export function detailView(
  row: OrderRow,
  parts: {
    lines: OrderLineRow[];
    fulfillments: FulfillmentRow[];
    events: (typeof orderEvents.$inferSelect)[];
    stores: StoreNames;
    canCancelAtStore: boolean;
  },
): OrderDetail {
  const address = row.shippingAddress;
  const fulfilledAny = parts.lines.some((line) => line.fulfilledQuantity > 0);
  const guides = parts.fulfillments.some((f) => f.state === 'bought' || f.state === 'purchasing');
  return {
    ...listItem(row, parts.stores),
    external_id: row.externalId,
    customer:
      row.customerName || row.customerEmail || row.customerPhone || row.customerId
        ? {
            id: row.customerId,
            name: row.customerName,
            email: row.customerEmail,
            phone: row.customerPhone,
          }
        : null,
    shipping_address: address,
    address_issues: row.addressIssues,
    location_id: row.locationId,
    shipping_price: row.shippingPrice,
    note: row.note,
    lines: parts.lines.map((line) => ({
      id: line.id,
      sku: line.sku,
      title: line.title,
      variant_id: line.variantId,
      product_id: line.productId,
      quantity: line.quantity,
      fulfilled_quantity: line.fulfilledQuantity,
      remaining_quantity: Math.max(0, line.quantity - line.fulfilledQuantity),
      unit_price: line.unitPrice,
      reserved_quantity: line.reservedQuantity,
    })),
    fulfillments: parts.fulfillments.map(fulfillmentView),
    history: parts.events.map((event) => ({
      at: event.at.toISOString(),
      code: event.code,
      values: event.values,
    })),
    can_cancel_at_store: parts.canCancelAtStore,
    address_editable: row.status === 'open' && !fulfilledAny && !guides,
  };
}

/** Spec §4: unfulfilled, partial or fulfilled, from the lines' fulfilled quantities. */
export function fulfillmentStateOf(lines: OrderLineRow[]): OrderRow['fulfillmentState'] {
  const wanted = lines.filter((line) => line.quantity > 0);
  if (wanted.length === 0 || wanted.every((line) => line.fulfilledQuantity === 0)) {
    return lines.some((line) => line.fulfilledQuantity > 0) ? 'fulfilled' : 'unfulfilled';
  }
  return wanted.every((line) => line.fulfilledQuantity >= line.quantity) ? 'fulfilled' : 'partial';
}

/** Lower-cased number, customer and SKUs: what the list's search matches. */
export function searchTextOf(
  row: Pick<OrderRow, 'number' | 'customerName' | 'customerEmail'>,
  lines: { sku: string | null }[],
): string {
  return [row.number, row.customerName, row.customerEmail, ...lines.map((line) => line.sku)]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}
