import { createAdminApiClient } from '@shopify/admin-api-client';
import { shopDomainField } from '@despacho/domain';
import {
  StoreApiError,
  type AuthorizedStore,
  type ConnectRequest,
  type FulfilmentPush,
  type StoreAdapter,
  type StoreCredentials,
  type VerifiedDelivery,
} from '../store-adapter';
import {
  grantedScopes,
  SHOPIFY_SANDBOX_PATH,
  SHOPIFY_SCOPES,
  type ShopifyApp,
} from './shopify-app';
import {
  cutShort,
  orderFromGraph,
  orderFromWebhook,
  PUSHABLE_STATUSES,
  type GraphFulfillmentOrder,
  type GraphOrder,
  type WebhookOrder,
} from './shopify-orders';
import * as queries from './shopify-queries';
import { oauthQueryValid, webhookHmacValid } from './shopify-signatures';
import { ShopifyThrottle, type ThrottleStatus } from './shopify-throttle';

/** What the adapter keeps (encrypted by the stores module) for a shop. */
interface ShopifyCredentials {
  shop: string;
  accessToken: string;
}

export interface ShopifyAdapterOptions {
  /** Milliseconds since the epoch; the throttle's clock. */
  now?: () => number;
  /** How the adapter waits for a shop's bucket to refill (tests move a manual clock instead). */
  sleep?: (ms: number) => Promise<void>;
  /** THROTTLED answers waited out before giving up with `throttled`. */
  throttleRetries?: number;
  fetch?: typeof fetch;
  warn?: (message: string, detail: Record<string, unknown>) => void;
}

const WEBHOOK_TOPICS: Record<string, VerifiedDelivery['topic']> = {
  'orders/create': 'order',
  'orders/updated': 'order',
  'orders/cancelled': 'order_cancelled',
  'customers/data_request': 'customers_data_request',
  'customers/redact': 'customers_redact',
  'shop/redact': 'shop_redact',
};

function credentialsOf(credentials: StoreCredentials): ShopifyCredentials {
  const { shop, accessToken } = credentials;
  if (typeof shop !== 'string' || typeof accessToken !== 'string') {
    throw new StoreApiError('auth', 'Shopify credentials are incomplete');
  }
  return { shop, accessToken };
}

function header(headers: Record<string, string | string[] | undefined>, name: string) {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

const gidOf = (kind: string, id: number | string) => `gid://shopify/${kind}/${id}`;

interface GraphQLErrorShape {
  message: string;
  extensions?: { code?: string };
}

interface Answer<T> {
  data?: T;
  errors?: { networkStatusCode?: number; message?: string; graphQLErrors?: GraphQLErrorShape[] };
  extensions?: { cost?: { requestedQueryCost?: number; throttleStatus?: ThrottleStatus } };
}

/**
 * Shopify through the GraphQL Admin API (REST is legacy for new public apps since April 2025),
 * with the official `@shopify/admin-api-client` at the API version the configuration pins. In
 * sandbox mode the same client talks to this product's sandbox store: only the origin differs.
 */
export function createShopifyAdapter(
  app: ShopifyApp,
  options: ShopifyAdapterOptions = {},
): StoreAdapter {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise((done) => setTimeout(done, ms)));
  const throttleRetries = options.throttleRetries ?? 5;
  const fetchApi = options.fetch ?? fetch;
  const throttle = new ShopifyThrottle(now);
  /** The last cost Shopify asked for each document: the next call waits for that much. */
  const costs = new Map<string, number>();

  const shopOrigin = (shop: string) =>
    app.sandboxOrigin
      ? `${app.sandboxOrigin}${SHOPIFY_SANDBOX_PATH}/store/${shop}`
      : `https://${shop}`;
  // The client builds `https://{shop}/admin/api/{version}/graphql.json`; the sandbox answers it
  // under its own origin.
  const clientFetch: typeof fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const { host, pathname, search } = new URL(url);
    return fetchApi(app.sandboxOrigin ? `${shopOrigin(host)}${pathname}${search}` : url, init);
  };

  async function graphql<T>(
    credentials: StoreCredentials,
    document: string,
    variables: Record<string, unknown> = {},
  ): Promise<T> {
    const { shop, accessToken } = credentialsOf(credentials);
    const client = createAdminApiClient({
      storeDomain: shop,
      apiVersion: app.apiVersion,
      accessToken,
      customFetchApi: clientFetch,
      logger: (entry) => {
        if (entry.type !== 'HTTP-Response') options.warn?.('shopify client', { type: entry.type });
      },
    });
    for (let attempt = 0; ; attempt += 1) {
      const wait = throttle.waitMs(shop, costs.get(document) ?? 1);
      if (wait > 0) await sleep(wait);
      let answer: Answer<T>;
      try {
        answer = (await client.request(document, { variables })) as Answer<T>;
      } catch (error) {
        throw new StoreApiError('unavailable', `Shopify unreachable: ${(error as Error).message}`);
      }
      const cost = answer.extensions?.cost;
      if (cost?.throttleStatus) throttle.record(shop, cost.throttleStatus);
      if (cost?.requestedQueryCost) costs.set(document, cost.requestedQueryCost);
      const errors = answer.errors;
      if (!errors) return answer.data as T;
      const status = errors.networkStatusCode;
      if (status === 401 || status === 403)
        throw new StoreApiError('auth', 'Shopify refused the token');
      if (status === 404) throw new StoreApiError('not_found', 'Shopify: shop not found');
      const throttled = errors.graphQLErrors?.some((e) => e.extensions?.code === 'THROTTLED');
      if (throttled) {
        const retryAfterMs = Math.max(1, throttle.waitMs(shop, cost?.requestedQueryCost ?? 1));
        if (attempt >= throttleRetries) {
          throw new StoreApiError('throttled', 'Shopify kept throttling', retryAfterMs);
        }
        await sleep(retryAfterMs);
        continue;
      }
      if (errors.graphQLErrors?.some((e) => e.extensions?.code === 'ACCESS_DENIED')) {
        throw new StoreApiError('auth', 'Shopify: the grant lacks a scope');
      }
      if (status === 429) throw new StoreApiError('throttled', 'Shopify: too many requests', 1000);
      const detail = errors.graphQLErrors?.map((error) => error.message).join('; ');
      throw new StoreApiError(
        'unavailable',
        `Shopify: ${detail || errors.message || 'request failed'}`,
      );
    }
  }

  /** The order read again with larger sizes when a listing cut one of its connections short. */
  async function whole(credentials: StoreCredentials, order: GraphOrder) {
    if (!cutShort(order)) return orderFromGraph(order);
    const data = await graphql<{ order: GraphOrder | null }>(
      credentials,
      queries.LARGE_ORDER_QUERY,
      { id: order.id },
    );
    const large = data.order ?? order;
    if (cutShort(large)) {
      options.warn?.('shopify order larger than read', { order: order.id });
    }
    return orderFromGraph(large);
  }

  async function listOrders(credentials: StoreCredentials, search: string, page: string | null) {
    const data = await graphql<{
      orders: { nodes: GraphOrder[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
    }>(credentials, queries.ORDERS_QUERY, {
      first: queries.ORDERS_PAGE_SIZE,
      after: page,
      query: search,
    });
    return {
      orders: await Promise.all(data.orders.nodes.map((order) => whole(credentials, order))),
      next: data.orders.pageInfo.hasNextPage ? data.orders.pageInfo.endCursor : null,
    };
  }

  /** The units of each line to fulfil, taken from the order's open fulfillment orders. */
  function allocate(push: FulfilmentPush, fulfillmentOrders: GraphFulfillmentOrder[]) {
    const byLocation = new Map<string, Map<string, { id: string; quantity: number }[]>>();
    for (const wanted of push.lines) {
      let missing = wanted.quantity;
      for (const fulfillmentOrder of fulfillmentOrders) {
        if (missing === 0) break;
        if (!PUSHABLE_STATUSES.has(fulfillmentOrder.status)) continue;
        for (const line of fulfillmentOrder.lineItems.nodes) {
          if (line.lineItem.id !== wanted.externalId || line.remainingQuantity === 0) continue;
          const quantity = Math.min(missing, line.remainingQuantity);
          missing -= quantity;
          const location = fulfillmentOrder.assignedLocation.location?.id ?? '';
          const orders = byLocation.get(location) ?? new Map();
          orders.set(fulfillmentOrder.id, [
            ...(orders.get(fulfillmentOrder.id) ?? []),
            { id: line.id, quantity },
          ]);
          byLocation.set(location, orders);
          if (missing === 0) break;
        }
      }
      if (missing > 0) {
        // Only closed, cancelled or held fulfillment orders are left for it: never pushed there.
        throw new StoreApiError(
          'refused',
          `Shopify has no open fulfillment order for ${missing} unit(s) of line ${wanted.externalId}`,
        );
      }
    }
    return [...byLocation.values()];
  }

  return {
    platform: 'shopify',
    sandbox: app.sandboxOrigin !== null,

    authorizeUrl(request: ConnectRequest, state: string, redirectUri: string) {
      if (request.platform !== 'shopify') return null;
      const query = new URLSearchParams({
        client_id: app.apiKey,
        scope: SHOPIFY_SCOPES.join(','),
        redirect_uri: redirectUri,
        state,
      });
      return `${shopOrigin(request.shopDomain)}/admin/oauth/authorize?${query}`;
    },

    async authorize(request): Promise<AuthorizedStore> {
      if (!('callbackQuery' in request)) {
        throw new StoreApiError('refused', 'Shopify connects through its consent screen');
      }
      const query = request.callbackQuery;
      const shop = shopDomainField.safeParse(query.shop ?? '');
      if (!shop.success || !query.code || !oauthQueryValid(query, app.apiSecret)) {
        throw new StoreApiError('auth', 'The Shopify callback is not signed by Shopify');
      }
      let response: Response;
      try {
        response = await fetchApi(`${shopOrigin(shop.data)}/admin/oauth/access_token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            client_id: app.apiKey,
            client_secret: app.apiSecret,
            code: query.code,
          }),
        });
      } catch (error) {
        throw new StoreApiError('unavailable', `Shopify unreachable: ${(error as Error).message}`);
      }
      if (response.status >= 500)
        throw new StoreApiError('unavailable', 'Shopify token exchange failed');
      if (!response.ok) throw new StoreApiError('auth', 'Shopify refused the authorization code');
      const token = (await response.json()) as { access_token: string; scope: string };
      const credentials = { shop: shop.data, accessToken: token.access_token };
      const data = await graphql<{ shop: { name: string } }>(credentials, queries.SHOP_QUERY);
      return {
        externalId: shop.data,
        name: data.shop.name,
        credentials,
        scopes: grantedScopes(token.scope),
        apiVersion: app.apiVersion,
      };
    },

    requiredGrant: () => ({ scopes: [...SHOPIFY_SCOPES].sort(), apiVersion: app.apiVersion }),

    listOrdersChangedSince: (credentials, since, page) =>
      listOrders(credentials, `updated_at:>='${since}'`, page),

    async listOpenOrders(credentials, page) {
      const search = 'status:open -fulfillment_status:fulfilled';
      const listed = await listOrders(credentials, search, page);
      const total = page
        ? null
        : (
            await graphql<{ ordersCount: { count: number } }>(
              credentials,
              queries.ORDERS_COUNT_QUERY,
              { query: search },
            )
          ).ordersCount.count;
      return { ...listed, total };
    },

    async getOrder(credentials, externalId) {
      const data = await graphql<{ order: GraphOrder | null }>(credentials, queries.ORDER_QUERY, {
        id: externalId,
      });
      return data.order ? whole(credentials, data.order) : null;
    },

    async registerWebhooks(credentials, callbackUrl) {
      const existing = await graphql<{
        webhookSubscriptions: { nodes: { topic: string; uri: string }[] };
      }>(credentials, queries.WEBHOOKS_QUERY);
      for (const topic of queries.ORDER_TOPICS) {
        const subscribed = existing.webhookSubscriptions.nodes.some(
          (subscription) => subscription.topic === topic && subscription.uri === callbackUrl,
        );
        if (subscribed) continue;
        const created = await graphql<{
          webhookSubscriptionCreate: { userErrors: { message: string }[] };
        }>(credentials, queries.WEBHOOK_CREATE, { topic, uri: callbackUrl });
        const errors = created.webhookSubscriptionCreate.userErrors;
        if (errors.length > 0) throw new StoreApiError('refused', errors[0]!.message);
      }
    },

    verifyWebhook(rawBody, headers) {
      if (!webhookHmacValid(header(headers, 'x-shopify-hmac-sha256'), rawBody, app.apiSecret)) {
        return null;
      }
      const shop = header(headers, 'x-shopify-shop-domain');
      const eventId =
        header(headers, 'x-shopify-event-id') ?? header(headers, 'x-shopify-webhook-id');
      const topicName = header(headers, 'x-shopify-topic') ?? '';
      if (!shop || !eventId) return null;
      let payload: Record<string, unknown>;
      try {
        payload = JSON.parse(rawBody.toString('utf8')) as Record<string, unknown>;
      } catch {
        return null;
      }
      const topic = WEBHOOK_TOPICS[topicName] ?? 'other';
      const isOrder = topic === 'order' || topic === 'order_cancelled';
      const order = isOrder ? orderFromWebhook(payload as unknown as WebhookOrder) : null;
      const customer = payload.customer as { email?: string; phone?: string } | undefined;
      const orderIds = (payload.orders_requested ?? payload.orders_to_redact ?? []) as number[];
      return {
        eventId,
        storeExternalId: shop,
        topic,
        orderExternalId: order?.externalId ?? null,
        order,
        payload,
        customer: customer
          ? {
              email: customer.email ?? null,
              phone: customer.phone ?? null,
              orderExternalIds: orderIds.map((id) => gidOf('Order', id)),
            }
          : null,
      };
    },

    async pushFulfilment(credentials, push) {
      const data = await graphql<{
        order: {
          cancelledAt: string | null;
          fulfillments: { id: string; trackingInfo: { number: string | null }[] }[];
          fulfillmentOrders: { nodes: GraphFulfillmentOrder[] };
        } | null;
      }>(credentials, queries.FULFILMENT_STATE_QUERY, { id: push.order.externalId });
      if (!data.order) throw new StoreApiError('not_found', 'Shopify has no such order');
      // The same tracking already pushed (an answer lost on the way back): that fulfilment.
      const pushed = data.order.fulfillments.find((fulfillment) =>
        fulfillment.trackingInfo.some((info) => info.number === push.trackingNumber),
      );
      if (pushed) return { externalId: pushed.id };
      if (data.order.cancelledAt)
        throw new StoreApiError('refused', 'The order is cancelled at Shopify');
      const ids: string[] = [];
      // Shopify takes the fulfillment orders of one location per fulfilment.
      for (const orders of allocate(push, data.order.fulfillmentOrders.nodes)) {
        const created = await graphql<{
          fulfillmentCreate: {
            fulfillment: { id: string } | null;
            userErrors: { message: string }[];
          };
        }>(credentials, queries.FULFILLMENT_CREATE, {
          fulfillment: {
            notifyCustomer: true,
            trackingInfo: {
              number: push.trackingNumber,
              company: push.company,
              ...(push.trackingUrl ? { url: push.trackingUrl } : {}),
            },
            lineItemsByFulfillmentOrder: [...orders].map(([fulfillmentOrderId, lines]) => ({
              fulfillmentOrderId,
              fulfillmentOrderLineItems: lines,
            })),
          },
        });
        const result = created.fulfillmentCreate;
        if (!result.fulfillment) {
          throw new StoreApiError('refused', result.userErrors[0]?.message ?? 'Shopify refused it');
        }
        ids.push(result.fulfillment.id);
      }
      return { externalId: ids.join(' ') };
    },

    async cancelOrder(credentials, externalId, reason) {
      const data = await graphql<{
        orderCancel: { orderCancelUserErrors: { message: string }[] };
      }>(credentials, queries.ORDER_CANCEL, {
        orderId: externalId,
        staffNote: reason.slice(0, 255),
      });
      const errors = data.orderCancel.orderCancelUserErrors;
      if (errors.length > 0) throw new StoreApiError('refused', errors[0]!.message);
    },
  };
}
