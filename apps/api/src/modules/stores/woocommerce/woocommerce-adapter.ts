import { createHash } from 'node:crypto';
import {
  StoreApiError,
  type AuthorizedStore,
  type ConnectRequest,
  type ExternalOrder,
  type OrderPage,
  type StoreAdapter,
  type StoreCredentials,
  type VerifiedDelivery,
} from '../store-adapter';
import type { Config } from '../../../config';
import { AppError } from '../../../platform/errors';
import {
  assertReachable,
  keysOf,
  wooRequest,
  wooSiteTitle,
  type WooKeys,
  type WooReach,
  type WooRequest,
} from './woocommerce-client';
import {
  externalOrderOf,
  OPEN_STATUSES,
  SHIPPED_META,
  shippedOf,
  type WooOrderJson,
} from './woocommerce-orders';
import { WOOCOMMERCE_SANDBOX_PATH } from './woocommerce-sandbox';
import { webhookSignatureValid } from './woocommerce-signatures';

/** The topics subscribed; a trashed order arrives as `order.deleted` with its id only. */
export const WOOCOMMERCE_TOPICS = ['order.created', 'order.updated', 'order.deleted'] as const;

const PAGE_SIZE = 100;
const CLOSED_STATUSES = ['cancelled', 'refunded', 'trash', 'failed'];

export interface WooCommerceAdapterOptions {
  /** True outside production, where sites are usually the built-in sandbox store. */
  sandbox: boolean;
  /** Which non-public URLs the server may still call (the sandbox store's, outside production). */
  reach?: WooReach;
  fetch?: typeof fetch;
  now?: () => Date;
}

/**
 * The app's adapter: outside production the built-in sandbox store, served on the app's own
 * origin (a loopback address in development), is the one non-public site it may call.
 */
export function wooCommerceOptions(
  config: Pick<Config, 'NODE_ENV' | 'APP_URL'>,
): WooCommerceAdapterOptions {
  const sandbox = config.NODE_ENV !== 'production';
  const sites = new URL(`${config.APP_URL}${WOOCOMMERCE_SANDBOX_PATH}/site/`).href;
  return { sandbox, reach: { allowPrefixes: sandbox ? [sites] : [] } };
}

/** WooCommerce's GMT date format for query parameters (no zone, to the second). */
const gmt = (date: Date) => date.toISOString().slice(0, 19);
const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The WooCommerce adapter (issue 22): REST API v3 with the merchant's consumer key and secret,
 * webhooks signed with the per-store secret the stores module generates, tracking pushed as a
 * customer note and through the Shipment Tracking extension when the site runs it.
 */
export function createWooCommerceAdapter(options: WooCommerceAdapterOptions): StoreAdapter {
  const call = <T>(keys: WooKeys, request: WooRequest) =>
    wooRequest<T>(keys, request, { fetch: options.fetch, now: options.now, reach: options.reach });

  async function listPage(
    credentials: StoreCredentials,
    query: Record<string, string>,
    page: string | null,
  ): Promise<OrderPage & { total: number | null }> {
    const number = Number(page ?? '1');
    const { data, headers } = await call<WooOrderJson[]>(keysOf(credentials), {
      path: '/orders',
      query: { ...query, per_page: String(PAGE_SIZE), page: String(number) },
    });
    const pages = Number(headers.get('x-wp-totalpages') ?? '1');
    const total = headers.get('x-wp-total');
    return {
      orders: data.map(externalOrderOf),
      next: number < pages ? String(number + 1) : null,
      total: total === null ? null : Number(total),
    };
  }

  async function getOrderJson(keys: WooKeys, externalId: string): Promise<WooOrderJson | null> {
    try {
      return (await call<WooOrderJson>(keys, { path: `/orders/${encodeURIComponent(externalId)}` }))
        .data;
    } catch (error) {
      if (error instanceof StoreApiError && error.kind === 'not_found') return null;
      throw error;
    }
  }

  async function webhooksOf(keys: WooKeys) {
    const { data } = await call<
      { id: number; topic: string; delivery_url: string; status: string }[]
    >(keys, { path: '/webhooks', query: { per_page: '100' } });
    return data;
  }

  async function hasShipmentTracking(keys: WooKeys): Promise<boolean> {
    const { data } = await call<{ active_plugins?: { plugin: string }[] }>(keys, {
      path: '/system_status',
    });
    return (data.active_plugins ?? []).some((entry) =>
      entry.plugin.startsWith('woocommerce-shipment-tracking/'),
    );
  }

  return {
    platform: 'woocommerce',
    sandbox: options.sandbox,
    authorizeUrl: () => null,

    async authorize(request): Promise<AuthorizedStore> {
      if (!('platform' in request) || request.platform !== 'woocommerce') {
        throw new StoreApiError('refused', 'WooCommerce connects with REST API keys');
      }
      const connect = request as Extract<ConnectRequest, { platform: 'woocommerce' }>;
      const url = connect.url.trim().replace(/\/+$/, '');
      try {
        await assertReachable(url, options.reach ?? {});
      } catch (error) {
        // Said apart from rejected keys, so the merchant knows to fix the address.
        if (error instanceof StoreApiError && error.kind === 'refused') {
          throw new AppError('STORE_URL_NOT_PUBLIC');
        }
        throw error;
      }
      const keys = {
        url,
        consumerKey: connect.consumerKey,
        consumerSecret: connect.consumerSecret,
      };
      // One cheap authenticated read proves the keys (bad ones answer 401).
      await call(keys, { path: '/orders', query: { per_page: '1' } });
      // Named as the merchant titled the site; by its address when the site does not say.
      const title = await wooSiteTitle(url, { fetch: options.fetch, reach: options.reach });
      return {
        externalId: url,
        name: title ?? new URL(url).host + new URL(url).pathname.replace(/\/$/, ''),
        credentials: { ...keys },
      };
    },

    requiredGrant: () => ({ scopes: [] }),

    listOrdersChangedSince(credentials, since, page) {
      // `modified_after` is exclusive and to the second: one second earlier includes `since`.
      const after = gmt(new Date(new Date(since).getTime() - 1000));
      return listPage(
        credentials,
        {
          modified_after: after,
          dates_are_gmt: 'true',
          orderby: 'modified',
          order: 'asc',
          status: 'any',
        },
        page,
      );
    },

    listOpenOrders(credentials, page) {
      return listPage(
        credentials,
        { status: OPEN_STATUSES.join(','), orderby: 'id', order: 'asc' },
        page,
      );
    },

    async getOrder(credentials, externalId): Promise<ExternalOrder | null> {
      const order = await getOrderJson(keysOf(credentials), externalId);
      return order ? externalOrderOf(order) : null;
    },

    async registerWebhooks(credentials, callbackUrl) {
      const keys = keysOf(credentials);
      const secret = credentials.webhookSecret;
      if (typeof secret !== 'string') throw new StoreApiError('auth', 'No webhook secret');
      const existing = await webhooksOf(keys);
      for (const topic of WOOCOMMERCE_TOPICS) {
        const mine = existing.find(
          (hook) => hook.topic === topic && hook.delivery_url === callbackUrl,
        );
        // A disabled or paused one is switched back on; the secret is set again since it is
        // never read back.
        if (mine) {
          await call(keys, {
            method: 'PUT',
            path: `/webhooks/${mine.id}`,
            body: { status: 'active', secret },
          });
        } else {
          await call(keys, {
            method: 'POST',
            path: '/webhooks',
            body: {
              name: `Despacho ${topic}`,
              topic,
              delivery_url: callbackUrl,
              secret,
              status: 'active',
            },
          });
        }
      }
    },

    async webhooksHealthy(credentials, callbackUrl) {
      const existing = await webhooksOf(keysOf(credentials));
      return WOOCOMMERCE_TOPICS.every((topic) =>
        existing.some(
          (hook) =>
            hook.topic === topic && hook.delivery_url === callbackUrl && hook.status === 'active',
        ),
      );
    },

    verifyWebhook(rawBody, headers, storeSecret): VerifiedDelivery | null {
      if (!storeSecret) return null;
      const signature = header(headers, 'x-wc-webhook-signature');
      const text = rawBody.toString('utf8');
      // WooCommerce pings a new webhook's URL with `webhook_id=N`, unsigned and empty of data:
      // answered 200 (else the webhook is not saved) and never stored. Any other unsigned body
      // is refused below.
      const ping = /^webhook_id=(\d{1,12})$/.exec(text);
      if (!signature && ping) {
        return {
          eventId: `ping:${ping[1]}`,
          storeExternalId: '',
          topic: 'ping',
          orderExternalId: null,
          order: null,
          payload: { webhook_id: Number(ping[1]) },
        };
      }
      if (!webhookSignatureValid(signature, rawBody, storeSecret)) return null;
      const topic = header(headers, 'x-wc-webhook-topic') ?? '';
      const payload = JSON.parse(text) as Partial<WooOrderJson> & { id?: number };
      const source = (header(headers, 'x-wc-webhook-source') ?? '').replace(/\/+$/, '');
      // The delivery id is the webhook's hash of the second it fired: two changes within one
      // second share it, so the body's digest keeps them apart while a resend still matches.
      const digest = createHash('sha256').update(rawBody).digest('hex').slice(0, 24);
      const eventId = `${header(headers, 'x-wc-webhook-delivery-id') ?? 'none'}:${digest}`;
      const orderExternalId = payload.id === undefined ? null : String(payload.id);
      const base = { eventId, storeExternalId: source, orderExternalId, payload };
      if (topic === 'order.created' || topic === 'order.updated') {
        const whole =
          Array.isArray(payload.line_items) && typeof payload.date_modified_gmt === 'string';
        return {
          ...base,
          topic: 'order',
          order: whole ? externalOrderOf(payload as WooOrderJson) : null,
        };
      }
      if (topic === 'order.deleted' || topic === 'order.restored') {
        // Only the id comes: the job reads the order (trashed, or gone for good).
        return { ...base, topic: 'order', order: null };
      }
      return { ...base, topic: 'other', order: null };
    },

    async pushFulfilment(credentials, push) {
      const keys = keysOf(credentials);
      const order = await getOrderJson(keys, push.order.externalId);
      if (!order) throw new StoreApiError('not_found', 'The order is gone from the store');
      const shipped = shippedOf(order);
      const earlier = shipped.pushes[push.idempotencyKey];
      if (earlier) return { externalId: earlier };
      if (CLOSED_STATUSES.includes(order.status)) {
        throw new StoreApiError('refused', `The order is ${order.status} at the store`);
      }
      const text = `Tu pedido va en camino con ${push.company}. Guía: ${push.trackingNumber}${push.trackingUrl ? ` (${push.trackingUrl})` : ''}`;
      const { data: note } = await call<{ id: number }>(keys, {
        method: 'POST',
        path: `/orders/${order.id}/notes`,
        body: { note: text, customer_note: true },
      });
      if (await hasShipmentTracking(keys)) {
        await call(keys, {
          method: 'POST',
          namespace: 'wc-shipment-tracking/v3',
          path: `/orders/${order.id}/shipment-trackings`,
          body: {
            tracking_number: push.trackingNumber,
            custom_tracking_provider: push.company,
            custom_tracking_link: push.trackingUrl ?? '',
            date_shipped: gmt(options.now?.() ?? new Date()).slice(0, 10),
          },
        });
      }
      for (const line of push.lines) {
        shipped.lines[line.externalId] = (shipped.lines[line.externalId] ?? 0) + line.quantity;
      }
      shipped.pushes[push.idempotencyKey] = String(note.id);
      const whole = order.line_items.every(
        (line) => (shipped.lines[String(line.id)] ?? 0) >= line.quantity,
      );
      await call(keys, {
        method: 'PUT',
        path: `/orders/${order.id}`,
        body: {
          meta_data: [{ key: SHIPPED_META, value: shipped }],
          ...(whole && order.status !== 'completed' ? { status: 'completed' } : {}),
        },
      });
      return { externalId: String(note.id) };
    },

    async cancelOrder(credentials, externalId, reason) {
      const keys = keysOf(credentials);
      const order = await getOrderJson(keys, externalId);
      if (!order) throw new StoreApiError('not_found', 'The order is gone from the store');
      if (order.status === 'cancelled') return;
      if (order.status === 'completed' || order.status === 'refunded') {
        throw new StoreApiError('refused', `The order is ${order.status} at the store`);
      }
      await call(keys, {
        method: 'PUT',
        path: `/orders/${order.id}`,
        body: { status: 'cancelled' },
      });
      await call(keys, {
        method: 'POST',
        path: `/orders/${order.id}/notes`,
        body: { note: `Cancelado desde Despacho: ${reason}`, customer_note: false },
      });
    },
  };
}
