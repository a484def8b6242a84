import {
  DEFAULT_LANGUAGE,
  errorMessage,
  errorStatus,
  type ApiErrorBody,
  type ErrorCode,
  type Language,
} from '@despacho/domain';
import type { FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import { uploadWasCutShort } from './multipart';

/** Our code for a client error raised by Fastify or a plugin, by its HTTP status. */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'MALFORMED_REQUEST',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  431: 'HEADERS_TOO_LARGE',
};

/**
 * The multipart reader (busboy) fails with plain errors, known only by their text: a
 * `multipart/form-data` without a boundary, and a form whose body ends before its closing
 * delimiter (the file or field part "terminated early").
 */
function isMalformedMultipart(error: Error): boolean {
  return (
    error.message === 'Multipart: Boundary not found' ||
    error.message.endsWith('terminated early due to unexpected end of multipart data')
  );
}

/**
 * The code for a failure that is the request's fault but no route's (malformed JSON, a wrong
 * content type, a broken form, a body too large…), or null for a real server error. A 4xx
 * status without its own code is still the client's fault: MALFORMED_REQUEST, as is any failure
 * of a request whose form was cut short.
 */
export function requestErrorCode(
  error: Error & { statusCode?: number },
  request: FastifyRequest,
): ErrorCode | null {
  if (isMalformedMultipart(error) || uploadWasCutShort(request)) return 'MALFORMED_REQUEST';
  const status = error.statusCode;
  if (status === undefined || status < 400 || status >= 500) return null;
  return CODE_BY_STATUS[status] ?? 'MALFORMED_REQUEST';
}

/** Node's parser failures, by the code Node gives them (https://nodejs.org/api/http.html). */
function clientErrorCode(error: NodeJS.ErrnoException): ErrorCode {
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'HEADERS_TOO_LARGE';
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || error.code === 'ERR_HTTP_HEADERS_TIMEOUT') {
    return 'REQUEST_TIMEOUT';
  }
  return 'MALFORMED_REQUEST';
}

/** The request each connection serves (or served last), so a raw answer uses its language. */
const serving = new WeakMap<Socket, FastifyRequest>();

export function rememberServing(request: FastifyRequest): void {
  serving.set(request.raw.socket, request);
}

/**
 * Answers `code` in the envelope straight on the connection and closes it: what is left of the
 * request will never be read, so the connection cannot serve another one. The language is the
 * one of the request the connection serves, or Spanish (the product's default) before any.
 */
export function answerAndClose(socket: Socket, code: ErrorCode, language?: Language): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const status = errorStatus(code);
  const body = JSON.stringify({
    error: {
      code,
      message: errorMessage(code, language ?? serving.get(socket)?.language ?? DEFAULT_LANGUAGE),
    },
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
 * Fastify's `clientErrorHandler`: Node's HTTP server refused the request (headers or request
 * line over 16 kB, a broken request line, a request past HTTP_REQUEST_TIMEOUT_MS) outside any
 * route, so the answer is written raw on the socket, still in our envelope.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket) {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  answerAndClose(socket, clientErrorCode(error));
}
