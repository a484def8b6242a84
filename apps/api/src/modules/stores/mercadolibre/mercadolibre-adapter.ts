import { z } from 'zod';
import {
  StoreApiError,
  type ExternalOrder,
  type StoreAdapter,
  type StoreCredentials,
  type VerifiedDelivery,
} from '../store-adapter';
import { MERCADOLIBRE_SCOPES, type MercadoLibreApp } from './mercadolibre-app';
import { MercadoLibreClient } from './mercadolibre-client';
import { toExternalOrder } from './mercadolibre-orders';
import {
  mlMissedFeedsSchema,
  mlNotificationSchema,
  mlOrderSchema,
  mlPackSchema,
  mlSearchSchema,
  mlShipmentSchema,
  mlUserSchema,
  type MlNotification,
  type MlOrder,
  type MlToken,
} from './mercadolibre-wire';

const PAGE_SIZE = 50;

const credentialsSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  userId: z.number(),
});
type MlCredentials = z.infer<typeof credentialsSchema>;

function open(credentials: StoreCredentials): MlCredentials {
  const parsed = credentialsSchema.safeParse(credentials);
  if (!parsed.success) throw new StoreApiError('auth', 'Mercado Libre credentials are incomplete');
  return parsed.data;
}

const ok = z.unknown();
const TOPICS: Record<string, VerifiedDelivery['topic']> = {
  orders_v2: 'order',
  shipments: 'shipment',
};

/** The order a notification's resource names (`/orders/123`), or a shipment (`/shipments/9`). */
function pointedOrder(resource: string): string | null {
  const order = /^\/orders\/(\d+)$/.exec(resource);
  if (order) return order[1]!;
  const shipment = /^\/shipments\/(\d+)$/.exec(resource);
  return shipment ? `shipment:${shipment[1]}` : null;
}

/** The Mercado Libre adapter (site MLM) over its REST API, or over this product's sandbox. */
export function createMercadoLibreAdapter(
  app: MercadoLibreApp,
  options: { now?: () => number; fetch?: typeof fetch } = {},
): StoreAdapter {
  const client = new MercadoLibreClient(app, options.fetch);
  const now = options.now ?? Date.now;

  const pair = (token: MlToken) => ({
    credentials: {
      accessToken: token.access_token,
      refreshToken: token.refresh_token,
      userId: token.user_id,
    },
    expiresAt: new Date(now() + token.expires_in * 1000).toISOString(),
  });

  const get = <T extends z.ZodTypeAny>(credentials: MlCredentials, path: string, schema: T) =>
    client.call(credentials.accessToken, path, schema);

  /** A purchase whole: the order's pack (all its orders) when it has one, and its shipment. */
  async function purchase(credentials: MlCredentials, order: MlOrder): Promise<ExternalOrder> {
    const pack = order.pack_id
      ? await get(credentials, `/packs/${order.pack_id}`, mlPackSchema)
      : null;
    const orders = pack
      ? await Promise.all(
          pack.orders.map((entry) =>
            entry.id === order.id
              ? order
              : get(credentials, `/orders/${entry.id}`, mlOrderSchema).then((found) => {
                  if (!found) throw new StoreApiError('unavailable', 'A pack lost an order');
                  return found;
                }),
          ),
        )
      : [order];
    const shipmentId = pack?.shipment?.id ?? order.shipping.id;
    const shipment = shipmentId
      ? await get(credentials, `/shipments/${shipmentId}`, mlShipmentSchema)
      : null;
    return toExternalOrder(orders, pack, shipment);
  }

  /** One page of /orders/search, each order widened to its purchase (a pack once per page). */
  async function search(credentials: MlCredentials, filters: string, page: string | null) {
    const offset = Number(page ?? 0);
    const result = await get(
      credentials,
      `/orders/search?seller=${credentials.userId}&${filters}&sort=date_asc&offset=${offset}&limit=${PAGE_SIZE}`,
      mlSearchSchema,
    );
    if (!result) throw new StoreApiError('not_found', 'Mercado Libre seller not found');
    const seen = new Set<string>();
    const orders: ExternalOrder[] = [];
    for (const order of result.results) {
      const key = String(order.pack_id ?? order.id);
      if (seen.has(key)) continue;
      seen.add(key);
      orders.push(await purchase(credentials, order));
    }
    const nextOffset = offset + result.results.length;
    return {
      orders,
      next:
        nextOffset < result.paging.total && result.results.length > 0 ? String(nextOffset) : null,
      total: result.paging.total,
    };
  }

  function toDelivery(notification: MlNotification): VerifiedDelivery {
    return {
      eventId: notification._id,
      storeExternalId: String(notification.user_id),
      topic: TOPICS[notification.topic] ?? 'other',
      orderExternalId: pointedOrder(notification.resource),
      // A pointer only: the job fetches the order with the seller's token.
      order: null,
      payload: notification,
    };
  }

  return {
    platform: 'mercadolibre',
    sandbox: app.sandbox,

    authorizeUrl(_request, state, redirectUri) {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: app.appId,
        redirect_uri: redirectUri,
        state,
      });
      return `${app.authOrigin}/authorization?${query}`;
    },

    async authorize(request) {
      if (!('callbackQuery' in request))
        throw new StoreApiError('refused', 'Mercado Libre connects through its consent screen');
      const { code, error } = request.callbackQuery;
      if (error || !code)
        throw new StoreApiError(
          'refused',
          `Mercado Libre did not authorize (${error ?? 'no code'})`,
        );
      const token = await client.token({
        grant_type: 'authorization_code',
        code,
        redirect_uri: request.redirectUri,
      });
      const user = await client.call(token.access_token, '/users/me', mlUserSchema);
      if (!user) throw new StoreApiError('auth', 'Mercado Libre did not show the seller');
      const { credentials, expiresAt } = pair(token);
      return {
        externalId: String(user.id),
        name: user.nickname,
        credentials,
        scopes: token.scope.split(' ').filter(Boolean).sort(),
        expiresAt,
      };
    },

    requiredGrant: () => ({ scopes: [...MERCADOLIBRE_SCOPES] }),

    async refresh(credentials) {
      // Single use: the caller (store-sessions) serializes refreshes and stores the new pair.
      const token = await client.token({
        grant_type: 'refresh_token',
        refresh_token: open(credentials).refreshToken,
      });
      return pair(token);
    },

    listOrdersChangedSince(credentials, since, page) {
      const from = encodeURIComponent(new Date(since).toISOString());
      return search(open(credentials), `order.date_last_updated.from=${from}`, page);
    },

    listOpenOrders(credentials, page) {
      return search(open(credentials), 'order.status=paid', page);
    },

    async getOrder(credentials, externalId) {
      const seller = open(credentials);
      if (externalId.startsWith('shipment:')) {
        const shipment = await get(
          seller,
          `/shipments/${externalId.slice(9)}`,
          z.object({ order_id: z.number() }),
        );
        return shipment ? this.getOrder(credentials, String(shipment.order_id)) : null;
      }
      const order = await get(seller, `/orders/${externalId}`, mlOrderSchema);
      if (order) return purchase(seller, order);
      // A pack's id names the purchase too.
      const pack = await get(seller, `/packs/${externalId}`, mlPackSchema);
      const first = pack?.orders[0];
      if (!first) return null;
      const member = await get(seller, `/orders/${first.id}`, mlOrderSchema);
      return member ? purchase(seller, member) : null;
    },

    // The notification URL and topics are the app's settings at Mercado Libre (and the
    // sandbox's configuration), not a per-seller subscription: nothing to register.
    async registerWebhooks() {},

    /**
     * Mercado Libre signs nothing: a notification only points at a resource, which the job
     * fetches with the seller's token, so a forged one can at worst cause a read. What can be
     * checked is its shape and that it is for this app.
     */
    verifyWebhook(rawBody) {
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return null;
      }
      const parsed = mlNotificationSchema.safeParse(body);
      if (!parsed.success || String(parsed.data.application_id) !== app.appId) return null;
      return toDelivery(parsed.data);
    },

    /** The app's missed notifications (kept 2 days), those of this seller. */
    async missedDeliveries(credentials) {
      const seller = open(credentials);
      const missed: VerifiedDelivery[] = [];
      for (let offset = 0; ; offset += PAGE_SIZE) {
        const page = await get(
          seller,
          `/missed_feeds?app_id=${app.appId}&offset=${offset}&limit=${PAGE_SIZE}`,
          mlMissedFeedsSchema,
        );
        const messages = page?.messages ?? [];
        for (const message of messages) {
          if (message.user_id === seller.userId && String(message.application_id) === app.appId)
            missed.push(toDelivery(message));
        }
        if (messages.length < PAGE_SIZE) return missed;
      }
    },

    async pushFulfilment(credentials, push) {
      const seller = open(credentials);
      const target = push.order.fulfilmentTarget ?? {};
      const shipmentId = target.shipmentId as number | null | undefined;
      if (target.mode === 'me2')
        throw new StoreApiError('refused', 'Mercado Envíos (me2) ships this order itself');
      if (!shipmentId) throw new StoreApiError('refused', 'The order has no shipment to track');
      // me1/custom, as Mercado Libre documents it: the tracking number is informed on the
      // shipment first, then the seller reports it dispatched. The carrier goes unsaid: Mercado
      // Libre names it by a `service_id` of its own catalogue, which no carrier here maps to.
      await client.call(seller.accessToken, `/shipments/${shipmentId}`, ok, {
        method: 'PUT',
        body: { tracking_number: push.trackingNumber },
      });
      await client.call(seller.accessToken, `/shipments/${shipmentId}/seller_notifications`, ok, {
        method: 'POST',
        body: { status: 'shipped', substatus: null },
      });
      return { externalId: String(shipmentId) };
    },

    /** Removes the app from the seller's authorized applications: every token dies. */
    async revoke(credentials) {
      const seller = open(credentials);
      await client.call(
        seller.accessToken,
        `/users/${seller.userId}/applications/${app.appId}`,
        ok,
        {
          method: 'DELETE',
        },
      );
    },

    /**
     * A seller cancels a sale by reporting it not completed (feedback `fulfilled: false`), one
     * order at a time; Mercado Libre refuses it once the sale shipped or was already cancelled.
     */
    async cancelOrder(credentials, externalId, reason) {
      const seller = open(credentials);
      const order = await this.getOrder(credentials, externalId);
      if (!order) throw new StoreApiError('not_found', 'Mercado Libre order not found');
      const ids = (order.fulfilmentTarget?.orderIds as number[] | undefined) ?? [];
      for (const id of ids) {
        const done = await client.call(seller.accessToken, `/orders/${id}/feedback`, ok, {
          method: 'POST',
          body: {
            fulfilled: false,
            // The merchant's reason travels as the message; the listed reason stays generic.
            reason: 'OTHER_MY_RESPONSIBILITY',
            rating: 'neutral',
            message: reason.slice(0, 160),
          },
        });
        if (done === null) throw new StoreApiError('not_found', 'Mercado Libre order not found');
      }
    },
  };
}
