import { mailboxContract } from '@despacho/domain';
import type { FastifyRequest } from 'fastify';
import { isIP } from 'node:net';
import type { Config } from '../config';
import { notFound } from './errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { implement } from './contract-routes';
import type { Outbox } from './outbox';
import { sameSecret } from './same-secret';

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || (isIP(v4) === 4 && v4.startsWith('127.'));
}

/**
 * Who may read the mailbox: a request from this machine that no proxy forwarded (the socket's
 * peer, never a header the client can write), or one carrying DEV_MAILBOX_TOKEN. A staging
 * server with NODE_ENV unset thus does not publish every user's codes to the internet.
 */
export function mayReadMailbox(
  request: FastifyRequest,
  config: Pick<Config, 'DEV_MAILBOX_TOKEN'>,
): boolean {
  const token = request.headers['x-dev-mailbox-token'];
  if (config.DEV_MAILBOX_TOKEN && typeof token === 'string') {
    return sameSecret(token, config.DEV_MAILBOX_TOKEN);
  }
  const forwarded = request.headers['x-forwarded-for'] ?? request.headers.forwarded;
  return forwarded === undefined && isLoopback(request.socket.remoteAddress);
}

/**
 * `GET dev/mailbox` (`mailboxContract`): what the app "sent", for the Mailbox page and the
 * end-to-end tests that read SMS codes and links from it. Never registered in production, where
 * the path answers 404; elsewhere it answers 404 too unless `mayReadMailbox`.
 */
export const mailboxRoutes: FastifyPluginAsyncZod<{
  config: Pick<Config, 'NODE_ENV' | 'DEV_MAILBOX_TOKEN'>;
  outbox: Outbox;
}> = async (app, { config, outbox }) => {
  if (config.NODE_ENV === 'production') return;
  // On this plugin's own routes only, before the query is validated, as a route hook would.
  app.addHook('onRequest', async (request) => {
    if (!mayReadMailbox(request, config)) throw notFound();
  });
  implement(app, mailboxContract, {
    list: async (request) => {
      const rows = await outbox.recent(request.query.recipient);
      return {
        data: rows.map((row) => ({
          id: row.id,
          channel: row.channel,
          recipient: row.recipient,
          subject: row.subject,
          body: row.body,
          created_at: row.createdAt.toISOString(),
        })),
      };
    },
  });
};
