import { and, asc, eq, gt, gte, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ShopifySandbox } from './shopify-sandbox';
import { gid, orderNode } from './shopify-sandbox.graphql';
import {
  sandboxShopifyOrders,
  sandboxShopifyWebhooks,
  type SandboxFulfillment,
} from './shopify-sandbox.tables';

type OrderRow = typeof sandboxShopifyOrders.$inferSelect;

const TOPIC_NAMES = {
  ORDERS_CREATE: 'orders/create',
  ORDERS_UPDATED: 'orders/updated',
  ORDERS_CANCELLED: 'orders/cancelled',
} as const;

const numericId = (value: string) => Number(value.split('/').pop());

/** Shopify's search syntax, the part the adapter uses: `updated_at:>='…'`, `status:open`, `-fulfillment_status:fulfilled`. */
function searchFilters(shop: string, search: string | null | undefined): SQL[] {
  const filters: SQL[] = [eq(sandboxShopifyOrders.shop, shop)];
  for (const term of (search ?? '').match(/-?\w+:(?:[<>]=?)?(?:'[^']*'|"[^"]*"|\S+)/g) ?? []) {
    const [, negated, field, op, raw] = /^(-?)(\w+):([<>]=?)?(.*)$/.exec(term)!;
    const value = raw!.replace(/^['"]|['"]$/g, '');
    if (field === 'updated_at') {
      const at = new Date(value);
      const compare = { '>': gt, '>=': gte, '<': lt, '<=': lte }[op ?? '>='] ?? gte;
      filters.push(compare(sandboxShopifyOrders.updatedAt, at));
    } else if (field === 'status' && value === 'open') {
      filters.push(isNull(sandboxShopifyOrders.cancelledAt));
    } else if (field === 'fulfillment_status' && value === 'fulfilled') {
      const fulfilled = sql`not exists (select 1 from jsonb_array_elements(${sandboxShopifyOrders.fulfillmentOrders}) fo where fo->>'status' in ('OPEN','IN_PROGRESS','ON_HOLD'))`;
      filters.push(negated ? sql`not (${fulfilled})` : fulfilled);
    }
  }
  return filters;
}

const cursorOf = (row: OrderRow) =>
  Buffer.from(JSON.stringify([row.updatedAt.toISOString(), row.id])).toString('base64url');

/** The sandbox's GraphQL root for one shop: the queries and mutations the adapter sends. */
export function sandboxResolvers(sandbox: ShopifySandbox, shop: string, apiVersion: string) {
  const nodes = async (rows: OrderRow[]) => {
    const { locations } = await sandbox.locations(sandbox.deps.db, shop);
    return rows.map((row) => orderNode(row, locations));
  };
  return {
    shop: async () => {
      const row = await sandbox.locations(sandbox.deps.db, shop);
      return { id: gid('Shop', row.id), name: row.name, myshopifyDomain: row.domain };
    },
    order: async ({ id }: { id: string }) => {
      const row = await sandbox.order(shop, numericId(id));
      return row ? (await nodes([row]))[0] : null;
    },
    orders: async (args: { first: number; after?: string | null; query?: string | null }) => {
      const filters = searchFilters(shop, args.query);
      if (args.after) {
        const [at, id] = JSON.parse(Buffer.from(args.after, 'base64url').toString()) as [
          string,
          number,
        ];
        const after = new Date(at);
        filters.push(
          or(
            gt(sandboxShopifyOrders.updatedAt, after),
            and(eq(sandboxShopifyOrders.updatedAt, after), gt(sandboxShopifyOrders.id, id)),
          )!,
        );
      }
      const rows = await sandbox.deps.db
        .select()
        .from(sandboxShopifyOrders)
        .where(and(...filters))
        .orderBy(asc(sandboxShopifyOrders.updatedAt), asc(sandboxShopifyOrders.id))
        .limit(Math.min(args.first, 250) + 1);
      const page = rows.slice(0, Math.min(args.first, 250));
      return {
        nodes: await nodes(page),
        pageInfo: {
          hasNextPage: rows.length > page.length,
          endCursor: page.length > 0 ? cursorOf(page[page.length - 1]!) : null,
        },
      };
    },
    ordersCount: async ({ query }: { query?: string | null }) => {
      const [row] = await sandbox.deps.db
        .select({ count: sql<number>`count(*)::int` })
        .from(sandboxShopifyOrders)
        .where(and(...searchFilters(shop, query)));
      return { count: row!.count };
    },
    webhookSubscriptions: async ({ first }: { first: number }) => {
      const rows = await sandbox.deps.db
        .select()
        .from(sandboxShopifyWebhooks)
        .where(eq(sandboxShopifyWebhooks.shop, shop))
        .limit(first);
      const topics = Object.entries(TOPIC_NAMES);
      return {
        nodes: rows.map((row) => ({
          id: gid('WebhookSubscription', row.id),
          topic: topics.find(([, name]) => name === row.topic)?.[0],
          uri: row.uri,
        })),
      };
    },
    webhookSubscriptionCreate: async (args: {
      topic: keyof typeof TOPIC_NAMES;
      webhookSubscription: { uri?: string | null; callbackUrl?: string | null };
    }) => {
      const uri = args.webhookSubscription.uri ?? args.webhookSubscription.callbackUrl;
      if (!uri || !/^https?:\/\//.test(uri)) {
        return {
          webhookSubscription: null,
          userErrors: [{ field: ['webhookSubscription', 'uri'], message: 'Address is invalid' }],
        };
      }
      const id = await sandbox.nextId(sandbox.deps.db);
      const [row] = await sandbox.deps.db
        .insert(sandboxShopifyWebhooks)
        .values({
          id,
          shop,
          topic: TOPIC_NAMES[args.topic],
          uri,
          apiVersion,
          createdAt: sandbox.deps.clock.now(),
        })
        .onConflictDoNothing()
        .returning();
      return row
        ? {
            webhookSubscription: { id: gid('WebhookSubscription', id), topic: args.topic, uri },
            userErrors: [],
          }
        : {
            webhookSubscription: null,
            userErrors: [
              {
                field: ['webhookSubscription', 'uri'],
                message: 'Address for this topic has already been taken',
              },
            ],
          };
    },
    orderCancel: async ({ orderId }: { orderId: string }) => {
      const result = await sandbox.change(
        shop,
        numericId(orderId),
        (row) => sandbox.cancelled(row),
        'orders/cancelled',
      );
      return typeof result === 'string'
        ? {
            job: null,
            orderCancelUserErrors: [{ field: ['orderId'], message: result, code: 'INVALID' }],
          }
        : { job: { id: gid('Job', result.id), done: true }, orderCancelUserErrors: [] };
    },
    fulfillmentCreate: async (args: {
      fulfillment: {
        lineItemsByFulfillmentOrder: {
          fulfillmentOrderId: string;
          fulfillmentOrderLineItems?: { id: string; quantity: number }[] | null;
        }[];
        trackingInfo?: {
          number?: string | null;
          company?: string | null;
          url?: string | null;
        } | null;
      };
    }) => {
      const wanted = args.fulfillment.lineItemsByFulfillmentOrder;
      const ids = wanted.map((entry) => numericId(entry.fulfillmentOrderId));
      const [owner] = await sandbox.deps.db
        .select({ id: sandboxShopifyOrders.id })
        .from(sandboxShopifyOrders)
        .where(
          and(
            eq(sandboxShopifyOrders.shop, shop),
            sql`${sandboxShopifyOrders.fulfillmentOrders} @> ${JSON.stringify([{ id: ids[0] }])}::jsonb`,
          ),
        );
      const failure = (message: string) => ({
        fulfillment: null,
        userErrors: [{ field: ['fulfillment'], message }],
      });
      if (!owner) return failure('Fulfillment order does not exist.');
      const fulfillmentId = await sandbox.nextId(sandbox.deps.db);
      const result = await sandbox.change(shop, owner.id, (row) => {
        const chosen = ids.map((id) => row.fulfillmentOrders.find((entry) => entry.id === id));
        if (chosen.some((entry) => !entry)) return 'Fulfillment order does not exist.';
        if (new Set(chosen.map((entry) => entry!.locationId)).size > 1) {
          return 'All fulfillment orders must be assigned to the same location.';
        }
        const closed = chosen.find((entry) => !['OPEN', 'IN_PROGRESS'].includes(entry!.status));
        if (closed)
          return `Fulfillment order ${gid('FulfillmentOrder', closed.id)} has an unfulfillable status= ${closed.status}.`;
        const fulfilled: SandboxFulfillment['lines'] = [];
        const fulfillmentOrders = row.fulfillmentOrders.map((entry) => {
          const request = wanted.find(
            (candidate) => numericId(candidate.fulfillmentOrderId) === entry.id,
          );
          if (!request) return entry;
          const lines = entry.lines.map((line) => {
            const asked = request.fulfillmentOrderLineItems
              ? (request.fulfillmentOrderLineItems.find((item) => numericId(item.id) === line.id)
                  ?.quantity ?? 0)
              : line.remaining;
            fulfilled.push({
              fulfillmentOrderId: entry.id,
              lineItemId: line.lineItemId,
              quantity: asked,
            });
            return { ...line, remaining: line.remaining - asked };
          });
          const done = lines.every((line) => line.remaining === 0);
          return { ...entry, lines, status: done ? 'CLOSED' : 'IN_PROGRESS' };
        });
        if (fulfillmentOrders.some((entry) => entry.lines.some((line) => line.remaining < 0))) {
          return 'Invalid fulfillment order line item quantity requested.';
        }
        const tracking = args.fulfillment.trackingInfo ?? {};
        const fulfillment: SandboxFulfillment = {
          id: fulfillmentId,
          createdAt: sandbox.deps.clock.now().toISOString(),
          tracking: {
            number: tracking.number ?? null,
            company: tracking.company ?? null,
            url: tracking.url ?? null,
          },
          lines: fulfilled.filter((line) => line.quantity > 0),
        };
        return { fulfillmentOrders, fulfillments: [...row.fulfillments, fulfillment] };
      });
      if (typeof result === 'string') return failure(result);
      return {
        fulfillment: {
          id: gid('Fulfillment', fulfillmentId),
          status: 'SUCCESS',
          createdAt: sandbox.deps.clock.now().toISOString(),
          trackingInfo: [],
        },
        userErrors: [],
      };
    },
  };
}
