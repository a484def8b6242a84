import {
  errorMessage,
  errorStatus,
  type ApiErrorBody,
  type ErrorCode,
  type Language,
} from '@despacho/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Config } from '../config';

type TimeoutConfig = Pick<
  Config,
  'HTTP_REQUEST_TIMEOUT_MS' | 'HTTP_BODY_TIMEOUT_MS' | 'HTTP_KEEP_ALIVE_TIMEOUT_MS'
>;

/** The request each connection serves (or served last), so a timeout answers in its language. */
const serving = new WeakMap<Socket, FastifyRequest>();

/**
 * Answers `code` in the envelope straight on the connection and closes it: what is left of the
 * request will never be read, so the connection cannot serve another one.
 */
function answerAndClose(
  socket: Socket,
  code: ErrorCode,
  language: Language,
  status = errorStatus(code),
) {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({
    error: { code, message: errorMessage(code, language) },
  } satisfies ApiErrorBody);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n' +
      body,
    () => socket.destroy(),
  );
}

/**
 * Errors Node's HTTP server raises on a connection, before or outside any route: a request that
 * outlived `HTTP_REQUEST_TIMEOUT_MS` answers 408, anything the parser refuses (oversized headers,
 * a malformed request line) 431 or 400, always in the envelope.
 */
function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.debug({ err: error }, 'client error');
  const language = serving.get(socket)?.language ?? 'es';
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    answerAndClose(socket, 'REQUEST_TIMEOUT', language);
  } else {
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    answerAndClose(socket, 'VALIDATION_FAILED', language, status);
  }
}

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
    clientErrorHandler,
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
    serving.set(socket, request);
    reply.raw.on('timeout', () => {
      if (!request.raw.complete) answerAndClose(socket, 'REQUEST_TIMEOUT', request.language);
      else if (reply.raw.headersSent) socket.destroy();
    });
  });
}
