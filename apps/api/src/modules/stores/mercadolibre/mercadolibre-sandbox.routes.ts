import { z } from 'zod';
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

/** The seller's reasons for a sale not completed, as Mercado Libre lists them. */
export const SELLER_FEEDBACK_REASONS = [
  'OUT_OF_STOCK',
  'BUYER_NOT_ENOUGH_MONEY',
  'BUYER_REGRETS',
  'SELLER_REGRETS',
  'BUYER_DID_NOT_ANSWER',
  'THEY_NOT_HONORING_POLICIES',
  'OTHER_MY_RESPONSIBILITY',
  'OTHER_THEIR_RESPONSIBILITY',
  'DUBIOUS_BUYER',
  'HIGH_ML_COMISSION',
  'HIGH_TAXES',
  'SELLER_HOLIDAY',
  'UNFRIENDLY_SHIPMENT_POLICY',
] as const;

const feedbackSchema = z.discriminatedUnion('fulfilled', [
  z.object({
    fulfilled: z.literal(true),
    rating: z.literal('positive'),
    message: z.string().max(160),
  }),
  z.object({
    fulfilled: z.literal(false),
    rating: z.enum(['negative', 'neutral']),
    message: z.string().max(160),
    reason: z.enum(SELLER_FEEDBACK_REASONS),
    restock_item: z.boolean().optional(),
  }),
]);

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
    return reply.type('text/html').send(consentPage(await sandbox.listSellers(), query));
  });

  app.post(`${MERCADOLIBRE_SANDBOX_PATH}/authorization`, hide, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string>;
    const location = await sandbox.approve(Number(form.seller_id), {
      clientId: form.client_id ?? '',
      redirectUri: form.redirect_uri ?? '',
      state: form.state ?? '',
    });
    if (!location) return fail(reply, 400, 'bad_request', 'Unknown seller or application');
    return reply.redirect(location, 302);
  });

  app.post(`${API}/oauth/token`, hide, async (request, reply) => {
    const token = await sandbox.grant((request.body ?? {}) as Record<string, string>);
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
  const seller = async (request: FastifyRequest, reply: FastifyReply): Promise<number | null> => {
    const header = request.headers.authorization ?? '';
    const id = await sandbox.tokenSeller(
      header.startsWith('Bearer ') ? header.slice(7) : undefined,
    );
    if (id === null) void fail(reply, 401, 'unauthorized', 'invalid access token');
    return id;
  };
  const found = <T>(reply: FastifyReply, value: T | null) =>
    value ?? fail(reply, 404, 'not_found', 'Resource not found');

  app.get(`${API}/users/me`, hide, async (request, reply) => {
    const id = await seller(request, reply);
    return id === null ? reply : await sandbox.user(id);
  });

  app.delete(`${API}/users/:id/applications/:appId`, hide, async (request, reply) => {
    const id = await seller(request, reply);
    if (id === null) return reply;
    const params = request.params as { id: string; appId: string };
    if (Number(params.id) !== id || params.appId !== SANDBOX_MERCADOLIBRE_APP.appId)
      return fail(reply, 403, 'forbidden', 'Invalid caller.id');
    await sandbox.revoke(id);
    return { user_id: id, app_id: params.appId, msg: 'Autorización eliminada' };
  });

  app.get(`${API}/orders/search`, hide, async (request, reply) => {
    const id = await seller(request, reply);
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
    const id = await seller(request, reply);
    return id === null ? reply : found(reply, await sandbox.order(id, idOf(request.params)));
  });

  app.get(`${API}/packs/:id`, hide, async (request, reply) => {
    const id = await seller(request, reply);
    return id === null ? reply : found(reply, await sandbox.pack(id, idOf(request.params)));
  });

  app.get(`${API}/shipments/:id`, hide, async (request, reply) => {
    const id = await seller(request, reply);
    return id === null ? reply : found(reply, await sandbox.shipment(id, idOf(request.params)));
  });

  // The seller informs the tracking number of a shipment it ships (me1, custom) first...
  app.put(`${API}/shipments/:id`, hide, async (request, reply) => {
    const id = await seller(request, reply);
    if (id === null) return reply;
    const body = (request.body ?? {}) as { tracking_number?: unknown };
    if (typeof body.tracking_number !== 'string' || !body.tracking_number.trim())
      return fail(reply, 400, 'bad_request', 'tracking_number is required');
    const outcome = await sandbox.setTracking(id, idOf(request.params), body.tracking_number);
    if (outcome === 'not_found') return found(reply, null);
    if (outcome === 'refused')
      return fail(reply, 403, 'forbidden', 'The shipment is not handled by the seller');
    return sandbox.shipment(id, idOf(request.params));
  });

  // ...then reports it dispatched (status `shipped`, no substatus).
  app.post(`${API}/shipments/:id/seller_notifications`, hide, async (request, reply) => {
    const id = await seller(request, reply);
    if (id === null) return reply;
    const body = (request.body ?? {}) as { status?: unknown; substatus?: unknown };
    if (body.status !== 'shipped' || (body.substatus ?? null) !== null)
      return fail(reply, 400, 'bad_request', 'Only status shipped without substatus is supported');
    const outcome = await sandbox.notifyShipped(id, idOf(request.params));
    if (outcome === 'not_found') return found(reply, null);
    if (outcome === 'refused')
      return fail(reply, 403, 'forbidden', 'The shipment is not handled by the seller');
    if (outcome === 'no_tracking')
      return fail(reply, 400, 'bad_request', 'Inform the tracking_number before the status');
    return sandbox.shipment(id, idOf(request.params));
  });

  // Feedback on a sale: `fulfilled: false` (with a reason and a non-positive rating) is how a
  // seller reports a sale not completed, which cancels it.
  app.post(`${API}/orders/:id/feedback`, hide, async (request, reply) => {
    const id = await seller(request, reply);
    if (id === null) return reply;
    const orderId = idOf(request.params);
    if (!(await sandbox.order(id, orderId))) return found(reply, null);
    const parsed = feedbackSchema.safeParse(request.body ?? {});
    if (!parsed.success) return fail(reply, 400, 'bad_request', parsed.error.issues[0]!.message);
    if (parsed.data.fulfilled) return { ok: true };
    const outcome = await sandbox.cancelOrder(orderId);
    if (outcome === 'refused')
      return fail(reply, 400, 'order_not_cancellable', 'The sale can no longer be cancelled');
    return { ok: true };
  });

  app.get(`${API}/missed_feeds`, hide, async (request, reply) => {
    const id = await seller(request, reply);
    if (id === null) return reply;
    const query = request.query as Record<string, string>;
    if (query.app_id !== SANDBOX_MERCADOLIBRE_APP.appId)
      return fail(reply, 403, 'forbidden', 'The app does not belong to the caller');
    const offset = Math.max(0, Number(query.offset ?? 0) || 0);
    const limit = Math.min(50, Math.max(1, Number(query.limit ?? 50) || 50));
    const messages = await sandbox.missedFeeds();
    return {
      messages: messages.slice(offset, offset + limit),
      total: messages.length,
      offset,
      limit,
    };
  });

  registerMlSandboxAdmin(app, sandbox);
};
