import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { MERCADOLIBRE_SANDBOX_PATH, SANDBOX_MERCADOLIBRE_APP } from './mercadolibre-app';
import type { MercadoLibreSandbox } from './mercadolibre-sandbox';
import { consentPage, mlPage } from './mercadolibre-sandbox.html';
import { registerMlSandboxAdmin } from './mercadolibre-sandbox.admin';

const API = `${MERCADOLIBRE_SANDBOX_PATH}/api`;
const hide = { schema: { hide: true } };

/** Mercado Libre's error body. */
const fail = (reply: FastifyReply, status: number, error: string, message: string) =>
  reply.status(status).send({ message, error, status, cause: [] });

const idOf = (params: unknown) => Number((params as { id?: string }).id);

/**
 * The Mercado Libre sandbox's HTTP side, beside the app and outside /api/v1 (as the card
 * sandbox, decision 013): the consent screen, `/oauth/token`, the REST resources the adapter
 * reads and writes, `/missed_feeds`, and the admin page. It stands in for Mercado Libre's
 * servers, so it is in no contract.
 */
export const mercadoLibreSandboxRoutes: FastifyPluginAsync<{
  mercadoLibreSandbox?: MercadoLibreSandbox | null;
}> = async (app, { mercadoLibreSandbox: sandbox }) => {
  if (!sandbox) return;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get(`${MERCADOLIBRE_SANDBOX_PATH}/authorization`, hide, async (request, reply) => {
    const query = request.query as Record<string, string>;
    if (query.client_id !== SANDBOX_MERCADOLIBRE_APP.appId || !query.redirect_uri)
      return reply
        .status(400)
        .type('text/html')
        .send(mlPage('Aplicación desconocida', '<p>Esta aplicación no es la de Despacho.</p>'));
    return reply.type('text/html').send(consentPage(sandbox.listSellers(), query));
  });

  app.post(`${MERCADOLIBRE_SANDBOX_PATH}/authorization`, hide, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string>;
    const location = sandbox.approve(Number(form.seller_id), {
      clientId: form.client_id ?? '',
      redirectUri: form.redirect_uri ?? '',
      state: form.state ?? '',
    });
    if (!location) return fail(reply, 400, 'bad_request', 'Unknown seller or application');
    return reply.redirect(location, 302);
  });

  app.post(`${API}/oauth/token`, hide, async (request, reply) => {
    const token = sandbox.grant((request.body ?? {}) as Record<string, string>);
    if (!token)
      return fail(
        reply,
        400,
        'invalid_grant',
        'Error validating grant. Your authorization code or refresh token may be expired or it was already used',
      );
    return token;
  });

  /** The seller the bearer token acts for, or a 401 answered. */
  const seller = (request: FastifyRequest, reply: FastifyReply): number | null => {
    const header = request.headers.authorization ?? '';
    const id = sandbox.tokenSeller(header.startsWith('Bearer ') ? header.slice(7) : undefined);
    if (id === null) void fail(reply, 401, 'unauthorized', 'invalid access token');
    return id;
  };
  const found = <T>(reply: FastifyReply, value: T | null) =>
    value ?? fail(reply, 404, 'not_found', 'Resource not found');

  app.get(`${API}/users/me`, hide, async (request, reply) => {
    const id = seller(request, reply);
    return id === null ? reply : sandbox.user(id);
  });

  app.delete(`${API}/users/:id/applications/:appId`, hide, async (request, reply) => {
    const id = seller(request, reply);
    if (id === null) return reply;
    const params = request.params as { id: string; appId: string };
    if (Number(params.id) !== id || params.appId !== SANDBOX_MERCADOLIBRE_APP.appId)
      return fail(reply, 403, 'forbidden', 'Invalid caller.id');
    sandbox.revoke(id);
    return { user_id: id, app_id: params.appId, msg: 'Autorización eliminada' };
  });

  app.get(`${API}/orders/search`, hide, async (request, reply) => {
    const id = seller(request, reply);
    if (id === null) return reply;
    const query = request.query as Record<string, string>;
    if (Number(query.seller) !== id) return fail(reply, 403, 'forbidden', 'Invalid caller.id');
    return sandbox.search(id, {
      updatedFrom: query['order.date_last_updated.from'],
      status: query['order.status'],
      offset: Math.max(0, Number(query.offset ?? 0) || 0),
      limit: Math.min(51, Math.max(1, Number(query.limit ?? 50) || 50)),
    });
  });

  app.get(`${API}/orders/:id`, hide, async (request, reply) => {
    const id = seller(request, reply);
    return id === null ? reply : found(reply, sandbox.order(id, idOf(request.params)));
  });

  app.get(`${API}/packs/:id`, hide, async (request, reply) => {
    const id = seller(request, reply);
    return id === null ? reply : found(reply, sandbox.pack(id, idOf(request.params)));
  });

  app.get(`${API}/shipments/:id`, hide, async (request, reply) => {
    const id = seller(request, reply);
    return id === null ? reply : found(reply, sandbox.shipment(id, idOf(request.params)));
  });

  app.put(`${API}/shipments/:id`, hide, async (request, reply) => {
    const id = seller(request, reply);
    if (id === null) return reply;
    const body = (request.body ?? {}) as { tracking_number?: unknown; tracking_method?: unknown };
    if (typeof body.tracking_number !== 'string' || !body.tracking_number)
      return fail(reply, 400, 'bad_request', 'tracking_number is required');
    const outcome = await sandbox.shipmentShipped(id, idOf(request.params), {
      trackingNumber: body.tracking_number,
      trackingMethod: typeof body.tracking_method === 'string' ? body.tracking_method : null,
    });
    if (outcome === 'not_found') return found(reply, null);
    if (outcome === 'refused')
      return fail(reply, 403, 'forbidden', 'The shipment is not handled by the seller');
    return sandbox.shipment(id, idOf(request.params));
  });

  app.post(`${API}/orders/:id/feedback`, hide, async (request, reply) => {
    const id = seller(request, reply);
    if (id === null) return reply;
    const orderId = idOf(request.params);
    const body = (request.body ?? {}) as { fulfilled?: unknown };
    if (!sandbox.order(id, orderId)) return found(reply, null);
    if (body.fulfilled !== false) return { ok: true };
    const outcome = await sandbox.cancelOrder(orderId);
    if (outcome === 'refused')
      return fail(reply, 400, 'order_not_cancellable', 'The sale can no longer be cancelled');
    return { ok: true };
  });

  app.get(`${API}/missed_feeds`, hide, async (request, reply) => {
    const id = seller(request, reply);
    if (id === null) return reply;
    const query = request.query as Record<string, string>;
    if (query.app_id !== SANDBOX_MERCADOLIBRE_APP.appId)
      return fail(reply, 403, 'forbidden', 'The app does not belong to the caller');
    const offset = Math.max(0, Number(query.offset ?? 0) || 0);
    const limit = Math.min(50, Math.max(1, Number(query.limit ?? 50) || 50));
    const messages = sandbox.missedFeeds();
    return {
      messages: messages.slice(offset, offset + limit),
      total: messages.length,
      offset,
      limit,
    };
  });

  registerMlSandboxAdmin(app, sandbox);
};
