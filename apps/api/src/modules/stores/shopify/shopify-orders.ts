import type { ExternalAddress, ExternalOrder } from '../store-adapter';

/**
 * Shopify's orders read as the stores module's `ExternalOrder`: from the GraphQL Admin API (with
 * their fulfillment orders) and from webhook payloads (Shopify's JSON order resource).
 */

/** A decimal amount as Shopify writes it (`"1234.5"`) in integer centavos, without floats. */
export function centavosOf(amount: string | number | null | undefined): number {
  const [whole = '0', fraction = ''] = String(amount ?? '0').split('.');
  const sign = whole.startsWith('-') ? -1 : 1;
  return sign * (Math.abs(Number(whole)) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2)));
}

const PAYMENT_STATES: Record<string, ExternalOrder['paymentState']> = {
  PAID: 'paid',
  PARTIALLY_PAID: 'partially_paid',
  PARTIALLY_REFUNDED: 'partially_refunded',
  REFUNDED: 'refunded',
};

function paymentState(status: string | null | undefined): ExternalOrder['paymentState'] {
  return PAYMENT_STATES[(status ?? '').toUpperCase()] ?? 'pending';
}

/** Fulfillment orders whose remaining units someone may still fulfil (closed ones never). */
export const FULFILLABLE_STATUSES = new Set(['OPEN', 'IN_PROGRESS', 'ON_HOLD', 'SCHEDULED']);
/** Those a fulfilment may be created for right now. */
export const PUSHABLE_STATUSES = new Set(['OPEN', 'IN_PROGRESS']);

interface GraphAddress {
  name: string | null;
  company: string | null;
  phone: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  province: string | null;
  zip: string | null;
  countryCodeV2: string | null;
}

export interface GraphFulfillmentOrder {
  id: string;
  status: string;
  assignedLocation: { name?: string; location: { id: string } | null };
  fulfillmentHolds?: { reason: string }[];
  lineItems: {
    pageInfo?: { hasNextPage: boolean };
    nodes: { id: string; remainingQuantity: number; lineItem: { id: string } }[];
  };
}

export interface GraphOrder {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  displayFinancialStatus: string | null;
  currencyCode: string;
  totalPriceSet: { shopMoney: { amount: string } };
  email: string | null;
  phone: string | null;
  tags: string[];
  shippingAddress: GraphAddress | null;
  lineItems: {
    pageInfo?: { hasNextPage: boolean };
    nodes: {
      id: string;
      sku: string | null;
      title: string;
      currentQuantity: number;
      originalUnitPriceSet: { shopMoney: { amount: string } };
    }[];
  };
  fulfillmentOrders: { pageInfo?: { hasNextPage: boolean }; nodes: GraphFulfillmentOrder[] };
}

/** Whether a connection of the order was cut short by the query's page sizes. */
export function cutShort(order: GraphOrder): boolean {
  return Boolean(
    order.lineItems.pageInfo?.hasNextPage ||
    order.fulfillmentOrders.pageInfo?.hasNextPage ||
    order.fulfillmentOrders.nodes.some((entry) => entry.lineItems.pageInfo?.hasNextPage),
  );
}

function address(source: GraphAddress | null, email: string | null): ExternalAddress | null {
  if (!source) return null;
  return {
    name: source.name,
    company: source.company,
    phone: source.phone,
    email,
    street: source.address1,
    street2: source.address2,
    neighborhood: null,
    city: source.city,
    state: source.province,
    zip: source.zip,
    country: source.countryCodeV2,
  };
}

function customer(name: string | null | undefined, email: string | null, phone: string | null) {
  return name || email || phone ? { name: name ?? null, email, phone } : null;
}

/** An order read through the GraphQL Admin API, its fulfillment orders kept as the push target. */
export function orderFromGraph(order: GraphOrder): ExternalOrder {
  const fulfillable = new Map<string, number>();
  for (const fulfillmentOrder of order.fulfillmentOrders.nodes) {
    if (!FULFILLABLE_STATUSES.has(fulfillmentOrder.status)) continue;
    for (const line of fulfillmentOrder.lineItems.nodes) {
      const id = line.lineItem.id;
      fulfillable.set(id, (fulfillable.get(id) ?? 0) + line.remainingQuantity);
    }
  }
  return {
    externalId: order.id,
    number: order.name,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    cancelled: order.cancelledAt !== null,
    paymentState: paymentState(order.displayFinancialStatus),
    currency: order.currencyCode,
    total: centavosOf(order.totalPriceSet.shopMoney.amount),
    customer: customer(order.shippingAddress?.name, order.email, order.phone),
    shippingAddress: address(order.shippingAddress, order.email),
    lines: order.lineItems.nodes.map((line) => ({
      externalId: line.id,
      sku: line.sku || null,
      title: line.title,
      quantity: line.currentQuantity,
      fulfillableQuantity: order.cancelledAt ? 0 : (fulfillable.get(line.id) ?? 0),
      unitPrice: centavosOf(line.originalUnitPriceSet.shopMoney.amount),
    })),
    tags: order.tags,
    shippedByPlatform: false,
    fulfilmentTarget: {
      fulfillmentOrders: order.fulfillmentOrders.nodes.map((fulfillmentOrder) => ({
        id: fulfillmentOrder.id,
        status: fulfillmentOrder.status,
        location: fulfillmentOrder.assignedLocation.name ?? null,
        holds: (fulfillmentOrder.fulfillmentHolds ?? []).map((hold) => hold.reason),
      })),
    },
  };
}

/** Shopify's JSON order resource as webhooks carry it (the fields read here). */
export interface WebhookOrder {
  id: number;
  admin_graphql_api_id: string;
  name: string;
  created_at: string;
  updated_at: string;
  cancelled_at: string | null;
  financial_status: string | null;
  currency: string;
  total_price: string;
  email: string | null;
  phone: string | null;
  tags: string;
  shipping_address: {
    name: string | null;
    company: string | null;
    phone: string | null;
    address1: string | null;
    address2: string | null;
    city: string | null;
    province: string | null;
    zip: string | null;
    country_code: string | null;
  } | null;
  line_items: {
    admin_graphql_api_id: string;
    sku: string | null;
    title: string;
    current_quantity: number;
    fulfillable_quantity: number;
    price: string;
  }[];
}

/**
 * An order as a webhook carries it. Webhook payloads have no fulfillment orders: a push reads
 * them live, so nothing is lost by their absence here.
 */
export function orderFromWebhook(order: WebhookOrder): ExternalOrder {
  const shipping = order.shipping_address;
  return {
    externalId: order.admin_graphql_api_id,
    number: order.name,
    createdAt: new Date(order.created_at).toISOString(),
    updatedAt: new Date(order.updated_at).toISOString(),
    cancelled: order.cancelled_at !== null,
    paymentState: paymentState(order.financial_status),
    currency: order.currency,
    total: centavosOf(order.total_price),
    customer: customer(shipping?.name, order.email, order.phone),
    shippingAddress: shipping
      ? address({ ...shipping, countryCodeV2: shipping.country_code }, order.email)
      : null,
    lines: order.line_items.map((line) => ({
      externalId: line.admin_graphql_api_id,
      sku: line.sku || null,
      title: line.title,
      quantity: line.current_quantity,
      fulfillableQuantity: order.cancelled_at ? 0 : line.fulfillable_quantity,
      unitPrice: centavosOf(line.price),
    })),
    tags: order.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    shippedByPlatform: false,
  };
}
