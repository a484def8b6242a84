import type { FastifyPluginAsync } from 'fastify';
import { shopDomainField } from '@despacho/domain';
import { SANDBOX_SHOPIFY_APP, SHOPIFY_SANDBOX_PATH } from './shopify-app';
import type { ShopifySandbox } from './shopify-sandbox';
import { registerSandboxAdmin } from './shopify-sandbox.admin';
import { consentPage, page } from './shopify-sandbox.html';
import { runShopifyGraphQL } from './shopify-sandbox.graphql';

const STORE = `${SHOPIFY_SANDBOX_PATH}/store/:shop`;

function formBody(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

/**
 * The Shopify sandbox store's HTTP side, beside the app and outside /api/v1 (as the card sandbox,
 * decision 013): Shopify's OAuth screens and token exchange, the GraphQL Admin API endpoint and
 * the sandbox's admin page. It stands in for Shopify's servers, so it is in no contract.
 */
export const shopifySandboxRoutes: FastifyPluginAsync<{
  shopifySandbox?: ShopifySandbox | null;
}> = async (app, { shopifySandbox: sandbox }) => {
  if (!sandbox) return;
  // Forms post url-encoded (the consent screen, the admin page); only in this plugin.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, formBody(body as string)),
  );
  const shopOf = (params: unknown) =>
    shopDomainField.safeParse((params as { shop?: string }).shop ?? '');

  app.get(`${STORE}/admin/oauth/authorize`, { schema: { hide: true } }, async (request, reply) => {
    const shop = shopOf(request.params);
    const query = request.query as Record<string, string>;
    const known = shop.success && (await sandbox.shops()).some((row) => row.domain === shop.data);
    if (!known || query.client_id !== SANDBOX_SHOPIFY_APP.apiKey || !query.redirect_uri) {
      return reply
        .status(404)
        .type('text/html')
        .send(
          page(
            'Tienda no encontrada',
            '<p>Esta tienda sandbox no existe o la app no es la de Despacho.</p>',
          ),
        );
    }
    return reply.type('text/html').send(consentPage(shop.data!, query));
  });

  app.post(`${STORE}/admin/oauth/authorize`, { schema: { hide: true } }, async (request, reply) => {
    const shop = shopOf(request.params);
    const form = request.body as Record<string, string>;
    if (!shop.success) return reply.status(404).send({ errors: 'Not Found' });
    const location = await sandbox.approve(shop.data, {
      clientId: form.client_id ?? '',
      scope: form.scope ?? '',
      redirectUri: form.redirect_uri ?? '',
      state: form.state ?? '',
    });
    return reply.redirect(location, 302);
  });

  app.post(
    `${STORE}/admin/oauth/access_token`,
    { schema: { hide: true } },
    async (request, reply) => {
      const shop = shopOf(request.params);
      const body = (request.body ?? {}) as Record<string, string>;
      const token = shop.success ? await sandbox.exchangeCode(shop.data, body) : null;
      if (!token)
        return reply.status(400).send({
          error: 'invalid_request',
          error_description: 'The authorization code was not found or was already used',
        });
      return token;
    },
  );

  app.post(
    `${STORE}/admin/api/:version/graphql.json`,
    { schema: { hide: true } },
    async (request, reply) => {
      const shop = shopOf(request.params);
      const owner = await sandbox.tokenShop(
        request.headers['x-shopify-access-token'] as string | undefined,
      );
      if (!shop.success || owner !== shop.data) {
        return reply.status(401).send({
          errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
        });
      }
      const body = request.body as {
        query?: unknown;
        variables?: Record<string, unknown> | null;
      } | null;
      if (typeof body?.query !== 'string')
        return reply
          .status(400)
          .send({ errors: { query: 'Required parameter missing or invalid' } });
      return runShopifyGraphQL(sandbox, shop.data, {
        apiVersion: (request.params as { version: string }).version,
        query: body.query,
        variables: body.variables ?? null,
      });
    },
  );

  registerSandboxAdmin(app, sandbox);
};
