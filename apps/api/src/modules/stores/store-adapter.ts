import type { StorePlatform } from '@despacho/domain';
import type { StoreCustomerRef } from './store-order-sink';

/**
 * One interface for every online store platform (issue 22): the stores module connects, syncs
 * and pushes through it and never speaks a platform's wire format itself. Each platform's
 * adapter lives in `stores/<platform>/` beside its sandbox, which speaks the same wire format.
 * Money is in integer centavos (MXN); times are ISO-8601 strings in UTC.
 */

/** What the module keeps (encrypted) to call a store on the merchant's behalf; per platform. */
export type StoreCredentials = Record<string, unknown>;

/** A store as the platform names it, once authorized. */
export interface AuthorizedStore {
  /** The platform's own id of the store: the shop's domain, the seller's user id, the site URL. */
  externalId: string;
  name: string;
  credentials: StoreCredentials;
  /** What the merchant granted (Shopify's scopes); compared with what the app now needs. */
  scopes?: string[];
  /** The API version the credentials were granted for (Shopify), when the platform versions. */
  apiVersion?: string;
  /** When the access token expires (Mercado Libre's 6 hours); absent when it does not. */
  expiresAt?: string;
}

/** A postal address as the platforms send it, before any check against SEPOMEX. */
export interface ExternalAddress {
  name: string | null;
  company: string | null;
  phone: string | null;
  email: string | null;
  street: string | null;
  /** What the platform gives as a second line (interior number, references). */
  street2: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
}

export interface ExternalOrderLine {
  externalId: string;
  sku: string | null;
  title: string;
  quantity: number;
  /** Units the platform still expects someone to fulfil (cancelled/refunded/fulfilled ones out). */
  fulfillableQuantity: number;
  unitPrice: number;
}

/**
 * An order as the platform holds it right now, whole: syncing replaces what we knew with it
 * whenever `updatedAt` is not older than what we have (order of delivery does not matter).
 */
export interface ExternalOrder {
  externalId: string;
  /** As the merchant reads it in the store: `#1001`, a Mercado Libre pack or order id, `1234`. */
  number: string;
  createdAt: string;
  updatedAt: string;
  cancelled: boolean;
  /** Spec §4: pending, paid, refund; also partial payment (partially_paid) and partial refund. */
  paymentState: 'pending' | 'partially_paid' | 'paid' | 'partially_refunded' | 'refunded';
  currency: string;
  /** Order total, shipping and taxes included, in centavos. */
  total: number;
  customer: { name: string | null; email: string | null; phone: string | null } | null;
  shippingAddress: ExternalAddress | null;
  lines: ExternalOrderLine[];
  tags: string[];
  /**
   * The platform ships it itself (Mercado Envíos `me2`): shown as shipped by the platform and
   * never labelled here.
   */
  shippedByPlatform: boolean;
  /**
   * Whatever the adapter needs later to push a fulfilment for this order (Shopify's open
   * fulfillment orders and their line items, Mercado Libre's shipment id…); opaque to others.
   */
  fulfilmentTarget?: Record<string, unknown>;
}

/** One page of orders changed since a cursor; `next` continues the same listing. */
export interface OrderPage {
  orders: ExternalOrder[];
  next: string | null;
}

/** A verified webhook delivery, reduced to what the ingest stores and the job acts on. */
export interface VerifiedDelivery {
  /** Unique per platform delivery (X-Shopify-Event-Id, ML's notification `_id`, X-WC-Webhook-Delivery-ID). */
  eventId: string;
  /** Identifies the store the delivery is for (shop domain, ML user_id, Woo store id from the path). */
  storeExternalId: string;
  topic:
    | 'order'
    | 'order_cancelled'
    | 'shipment'
    | 'customers_data_request'
    | 'customers_redact'
    | 'shop_redact'
    | 'ping'
    | 'other';
  /** The order the delivery is about, when it names one. */
  orderExternalId: string | null;
  /**
   * The order itself, when the delivery carries it whole (Shopify, WooCommerce); Mercado Libre's
   * notifications only point at a resource, fetched by the job.
   */
  order: ExternalOrder | null;
  /** The raw payload parsed, kept for compliance topics and the history (no credentials in it). */
  payload: unknown;
  /** Who a compliance delivery (Shopify's customers/* topics) is about, read from its payload. */
  customer?: StoreCustomerRef | null;
}

/** The tracking of a guide bought here, pushed to the store as its fulfilment. */
export interface FulfilmentPush {
  order: Pick<ExternalOrder, 'externalId' | 'fulfilmentTarget'>;
  lines: { externalId: string; quantity: number }[];
  trackingNumber: string;
  company: string;
  trackingUrl: string | null;
  /** Same key, same push: the adapter sends it where the platform de-duplicates. */
  idempotencyKey: string;
}

/**
 * What an adapter throws: `kind` tells the caller what to do — `auth` (credentials revoked or
 * expired beyond refresh: the store needs re-approval), `throttled` (retry after `retryAfterMs`),
 * `not_found`, `refused` (the platform said no for good: a closed fulfillment order, a cancelled
 * order), `unavailable` (network, 5xx: retry with backoff).
 */
export class StoreApiError extends Error {
  constructor(
    readonly kind: 'auth' | 'throttled' | 'not_found' | 'refused' | 'unavailable',
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'StoreApiError';
  }
}

/** How a store is connected: an OAuth consent screen, or keys typed by the merchant. */
export type ConnectRequest =
  | { platform: 'shopify'; shopDomain: string }
  | { platform: 'mercadolibre' }
  | { platform: 'woocommerce'; url: string; consumerKey: string; consumerSecret: string };

export interface StoreAdapter {
  readonly platform: StorePlatform;
  /** True when it talks to this process's sandbox store instead of the platform. */
  readonly sandbox: boolean;

  /**
   * Where to send the merchant's browser to grant access (OAuth platforms); `state` comes back
   * on the callback. Null for key-based platforms (WooCommerce).
   */
  authorizeUrl(request: ConnectRequest, state: string, redirectUri: string): string | null;
  /**
   * Finishes the connection: exchanges the callback's query (code, shop, hmac…) for credentials,
   * verifying what the platform signs; or checks typed keys against the store.
   */
  authorize(
    request: { callbackQuery: Record<string, string>; redirectUri: string } | ConnectRequest,
  ): Promise<AuthorizedStore>;
  /** Scopes/version the app needs now; a store granted less shows "needs re-approval". */
  requiredGrant(): { scopes: string[]; apiVersion?: string };
  /**
   * Fresh credentials when they expire (Mercado Libre's 6-hour tokens, single-use refresh
   * tokens); null when they do not expire. The caller serializes refreshes per store.
   */
  refresh?(
    credentials: StoreCredentials,
  ): Promise<{ credentials: StoreCredentials; expiresAt: string } | null>;

  /** Orders updated at or after `since` (the caller overlaps its cursor), oldest first. */
  listOrdersChangedSince(
    credentials: StoreCredentials,
    since: string,
    page: string | null,
  ): Promise<OrderPage>;
  /** Open (unfulfilled or partially fulfilled, not cancelled) orders, for a new store's backfill. */
  listOpenOrders(
    credentials: StoreCredentials,
    page: string | null,
  ): Promise<OrderPage & { total: number | null }>;
  getOrder(credentials: StoreCredentials, externalId: string): Promise<ExternalOrder | null>;

  /** Subscribes the store's webhooks to `callbackUrl` (idempotent: existing ones are kept or fixed). */
  registerWebhooks(credentials: StoreCredentials, callbackUrl: string): Promise<void>;
  /** Whether the store still delivers (WooCommerce disables a webhook after 5 failures). */
  webhooksHealthy?(credentials: StoreCredentials, callbackUrl: string): Promise<boolean>;
  /**
   * Checks a delivery on its raw bytes and headers (null when the signature is missing or wrong:
   * answered 401) and reduces it to a VerifiedDelivery. `storeSecret` is the per-store webhook
   * secret for platforms that have one (WooCommerce); app-level secrets come from configuration.
   */
  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    storeSecret: string | null,
  ): VerifiedDelivery | null;
  /** Missed notifications the platform kept (Mercado Libre's `/missed_feeds`), for reconciliation. */
  missedDeliveries?(credentials: StoreCredentials): Promise<VerifiedDelivery[]>;

  /** Pushes a fulfilment with its tracking; answers the platform's id of it. */
  pushFulfilment(
    credentials: StoreCredentials,
    push: FulfilmentPush,
  ): Promise<{ externalId: string }>;
  /** Cancels the order at the store, where the platform allows it (else `refused`). */
  cancelOrder?(credentials: StoreCredentials, externalId: string, reason: string): Promise<void>;
  /** Revokes our access when the merchant disconnects (best effort). */
  revoke?(credentials: StoreCredentials): Promise<void>;
}
