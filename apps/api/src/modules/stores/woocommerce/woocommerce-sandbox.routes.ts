import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { escape } from '../shopify/shopify-sandbox.html';
import { registerWooSandboxAdmin } from './woocommerce-sandbox.admin';
import {
  SHIPMENT_TRACKING_PLUGIN,
  WOOCOMMERCE_SANDBOX_PATH,
  type SandboxWooSite,
  type WooCommerceSandbox,
} from './woocommerce-sandbox';
import { oauthValid } from './woocommerce-signatures';

const SITE = `${WOOCOMMERCE_SANDBOX_PATH}/site/:slug/wp-json`;
const API = `${SITE}/wc/v3`;
const hide = { schema: { hide: true } };

const wooError = (reply: FastifyReply, status: number, code: string, message: string) =>
  reply.status(status).send({ code, message, data: { status } });

/**
 * The WooCommerce sandbox store's HTTP side, beside the app and outside /api/v1 (as the card
 * sandbox, decision 013): the REST API v3 endpoints the adapter uses (orders, notes, webhooks,
 * system status), the Shipment Tracking extension's endpoint, and the admin page. It stands in
 * for a merchant's WordPress site, so it is in no contract.
 */
export const wooCommerceSandboxRoutes: FastifyPluginAsync<{
  wooCommerceSandbox?: WooCommerceSandbox | null;
  origin?: string;
}> = async (app, { wooCommerceSandbox: sandbox }) => {
  if (!sandbox) return;
  // The admin page's forms post url-encoded; only in this plugin.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  /** The site the request's keys open: HTTP Basic (over HTTPS) or OAuth 1.0a query signing. */
  const authed = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<SandboxWooSite | null> => {
    const { slug } = request.params as { slug: string };
    const query = request.query as Record<string, string>;
    const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '');
    let site: SandboxWooSite | null = null;
    if (basic) {
      const [key, secret] = Buffer.from(basic[1]!, 'base64').toString().split(':');
      const owner = await sandbox.siteOfKey(slug, key ?? '');
      site = owner && owner.consumerSecret === secret ? owner : null;
    } else if (query.oauth_consumer_key) {
      const owner = await sandbox.siteOfKey(slug, query.oauth_consumer_key);
      const url = `${owner?.url ?? ''}${request.url.split('?')[0]!.slice(`${WOOCOMMERCE_SANDBOX_PATH}/site/${slug}`.length)}`;
      site = owner && oauthValid(request.method, url, query, owner.consumerSecret) ? owner : null;
    }
    if (!site) {
      void wooError(
        reply,
        401,
        'woocommerce_rest_authentication_error',
        'Consumer key is invalid.',
      );
    }
    return site;
  };
  const idOf = (request: FastifyRequest) => Number((request.params as { id: string }).id);

  // WordPress's REST index: public, the site's title and tagline as stored (HTML-escaped on
  // save), its URLs and the namespaces its plugins add; `_fields` keeps only the fields named.
  app.get(`${SITE}/`, hide, async (request, reply) => {
    const site = await sandbox.site((request.params as { slug: string }).slug);
    if (!site) {
      return wooError(reply, 404, 'rest_no_route', 'No route was found matching the URL.');
    }
    const index: Record<string, unknown> = {
      name: escape(site.name),
      description: '',
      url: site.url,
      home: site.url,
      gmt_offset: -6,
      timezone_string: 'America/Mexico_City',
      namespaces: ['wp/v2', 'wc/v3', ...(site.shipmentTracking ? ['wc-shipment-tracking/v3'] : [])],
    };
    const fields = (request.query as { _fields?: string })._fields?.split(',');
    return fields
      ? Object.fromEntries(fields.filter((f) => Object.hasOwn(index, f)).map((f) => [f, index[f]]))
      : index;
  });

  app.get(`${API}/system_status`, hide, async (request, reply) => {
    const site = await authed(request, reply);
    if (!site) return reply;
    const plugins = [{ plugin: 'woocommerce/woocommerce.php', name: 'WooCommerce' }];
    if (site.shipmentTracking) {
      plugins.push({ plugin: SHIPMENT_TRACKING_PLUGIN, name: 'WooCommerce Shipment Tracking' });
    }
    return { environment: { site_url: site.url }, active_plugins: plugins };
  });

  app.get(`${API}/orders`, hide, async (request, reply) => {
    const site = await authed(request, reply);
    if (!site) return reply;
    const query = request.query as Record<string, string>;
    const perPage = Math.min(Math.max(Number(query.per_page ?? 10) || 10, 1), 100);
    const page = Math.max(Number(query.page ?? 1) || 1, 1);
    const { orders, total } = await sandbox.listOrders(site, {
      modifiedAfter: query.modified_after,
      statuses: query.status && query.status !== 'any' ? query.status.split(',') : undefined,
      page,
      perPage,
    });
    return reply
      .header('x-wp-total', String(total))
      .header('x-wp-totalpages', String(Math.ceil(total / perPage)))
      .send(orders);
  });

  app.get(`${API}/orders/:id`, hide, async (request, reply) => {
    const site = await authed(request, reply);
    if (!site) return reply;
    const order = await sandbox.order(site.slug, idOf(request));
    if (!order)
      return wooError(reply, 404, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
    return order;
  });

  app.put(`${API}/orders/:id`, hide, async (request, reply) => {
    const site = await authed(request, reply);
    if (!site) return reply;
    const body = (request.body ?? {}) as {
      status?: string;
      meta_data?: { key: string; value: unknown }[];
    };
    const order = await sandbox.updateOrder(site.slug, idOf(request), {
      status: body.status,
      metaData: body.meta_data?.map((meta) => ({ id: 0, ...meta })),
    });
    if (!order)
      return wooError(reply, 404, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
    return order;
  });

  app.post(`${API}/orders/:id/notes`, hide, async (request, reply) => {
    const site = await authed(request, reply);
    if (!site) return reply;
    const body = (request.body ?? {}) as { note?: string; customer_note?: boolean };
    if (!(await sandbox.order(site.slug, idOf(request)))) {
      return wooError(reply, 404, 'woocommerce_rest_order_invalid_id', 'Invalid order ID.');
    }
    if (!body.note)
      return wooError(reply, 400, 'rest_missing_callback_param', 'Missing parameter(s): note');
    const note = await sandbox.addNote(site, idOf(request), body.note, body.customer_note === true);
    return reply.status(201).send(note);
  });

  app.post(
    `${SITE}/wc-shipment-tracking/v3/orders/:id/shipment-trackings`,
    hide,
    async (request, reply) => {
      const site = await authed(request, reply);
      if (!site) return reply;
      // Without the extension WordPress knows no such route.
      if (!site.shipmentTracking) {
        return wooError(
          reply,
          404,
          'rest_no_route',
          'No route was found matching the URL and request method.',
        );
      }
      if (!(await sandbox.order(site.slug, idOf(request)))) {
        return wooError(reply, 404, 'woocommerce_rest_order_invalid_id', 'Invalid order ID.');
      }
      const body = (request.body ?? {}) as Record<string, string | undefined>;
      if (!body.tracking_number) {
        return wooError(
          reply,
          400,
          'rest_missing_callback_param',
          'Missing parameter(s): tracking_number',
        );
      }
      const tracking = await sandbox.addTracking(site, idOf(request), {
        number: body.tracking_number,
        provider: body.custom_tracking_provider ?? body.tracking_provider ?? '',
        link: (body.custom_tracking_link ?? '').replace('%1$s', body.tracking_number),
      });
      return reply.status(201).send(tracking);
    },
  );

  app.get(`${API}/webhooks`, hide, async (request, reply) => {
    const site = await authed(request, reply);
    if (!site) return reply;
    const webhooks = await sandbox.webhooksOf(site.slug);
    return reply
      .header('x-wp-total', String(webhooks.length))
      .header('x-wp-totalpages', '1')
      .send(
        // WooCommerce never answers a webhook's secret back.
        webhooks.map(({ secret: _secret, ...webhook }) => webhook),
      );
  });

  app.post(`${API}/webhooks`, hide, async (request, reply) => {
    const site = await authed(request, reply);
    if (!site) return reply;
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    if (!body.topic || !body.delivery_url) {
      return wooError(
        reply,
        400,
        'rest_missing_callback_param',
        'Missing parameter(s): topic, delivery_url',
      );
    }
    const { secret: _secret, ...webhook } = await sandbox.createWebhook(site, {
      name: body.name ?? `Webhook created on ${new Date().toUTCString()}`,
      topic: body.topic,
      delivery_url: body.delivery_url,
      secret: body.secret ?? '',
    });
    return reply.status(201).send(webhook);
  });

  app.put(`${API}/webhooks/:id`, hide, async (request, reply) => {
    const site = await authed(request, reply);
    if (!site) return reply;
    const body = (request.body ?? {}) as {
      status?: 'active' | 'paused' | 'disabled';
      secret?: string;
    };
    const webhook = await sandbox.updateWebhook(site, idOf(request), {
      ...(body.status ? { status: body.status } : {}),
      ...(body.secret ? { secret: body.secret } : {}),
    });
    if (!webhook) return wooError(reply, 404, 'woocommerce_rest_webhook_invalid_id', 'Invalid ID.');
    const { secret: _secret, ...shown } = webhook;
    return shown;
  });

  registerWooSandboxAdmin(app, sandbox);
};
