import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { answerAndClose, rememberServing } from './request-errors';

type TimeoutConfig = Pick<
  Config,
  'HTTP_REQUEST_TIMEOUT_MS' | 'HTTP_BODY_TIMEOUT_MS' | 'HTTP_KEEP_ALIVE_TIMEOUT_MS'
>;

/**
 * Fastify's server options for the timeouts of `config` (Node's defaults let a stalled client
 * hold a request, and an upload's open file, forever). `connectionTimeout` is the socket's
 * idle time: see `registerTimeouts` for what happens when it passes.
 */
export function timeoutOptions(config: TimeoutConfig) {
  const requestTimeout = config.HTTP_REQUEST_TIMEOUT_MS;
  return {
    requestTimeout,
    connectionTimeout: config.HTTP_BODY_TIMEOUT_MS,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    http: {
      requestTimeout,
      headersTimeout: Math.min(60_000, requestTimeout),
      // Node looks for overdue requests every 30 s by default: look often enough that none
      // outlives its timeout by more than a quarter of it, or a second.
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(requestTimeout / 4))),
    },
  };
}

/**
 * When a connection has been silent for `HTTP_BODY_TIMEOUT_MS`: a request still arriving is
 * answered 408 and closed; a client that stopped reading our answer is dropped; a request whose
 * body is in stays open while its handler works (a listener here keeps Node from closing it).
 */
export function registerTimeouts(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const socket = request.raw.socket;
    rememberServing(request);
    reply.raw.on('timeout', () => {
      if (!request.raw.complete) answerAndClose(socket, 'REQUEST_TIMEOUT', request.language);
      else if (reply.raw.headersSent) socket.destroy();
    });
  });
}
