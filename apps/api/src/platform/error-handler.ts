import {
  errorMessage,
  errorStatus,
  localizeIssues,
  type ApiErrorBody,
  type ErrorCode,
  type IssueLike,
} from '@despacho/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isInvalidText } from './db-errors';
import { AppError } from './errors';
import { requestLanguage } from './language';
import { requestErrorCode } from './request-errors';
import { invalidTextError } from './text-input';

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  extra: { params?: Record<string, unknown>; fields?: Record<string, string> } = {},
) {
  const body: ApiErrorBody = {
    error: { code, message: errorMessage(code, request.language, extra.params) },
  };
  if (extra.fields) body.error.fields = extra.fields;
  if (extra.params && Object.keys(extra.params).length > 0) body.error.details = extra.params;
  return reply.status(errorStatus(code)).send(body);
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any hook runs (a malformed
 * percent-escape, a path parameter over `maxParamLength`), in our envelope and language (the
 * `onRequest` hook that reads it has not run yet).
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  request.language = requestLanguage(request);
  const code = requestErrorCode(error, request);
  if (!code) request.log.error({ err: error }, 'router error');
  return send(request, reply, code ?? 'INTERNAL_ERROR');
}

/** One place that turns every failure into the API's error envelope, in the caller's language. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // A refusal that knows its wait says it the standard way too.
      const { seconds } = error.params;
      if (errorStatus(error.code) === 429 && typeof seconds === 'number') {
        void reply.header('retry-after', seconds);
      }
      return send(request, reply, error.code, { params: error.params, fields: error.fields });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: IssueLike[] = error.validation.map((v) => ({
        ...(v.params as object),
        code: v.keyword,
        message: v.message ?? '',
        path: v.instancePath.split('/').filter(Boolean),
      }));
      return send(request, reply, 'VALIDATION_FAILED', {
        fields: localizeIssues(issues, request.language),
      });
    }
    if (error.statusCode === 429) return send(request, reply, 'RATE_LIMITED');
    // Text only the database refused (a body the route parsed itself): still the client's fault.
    if (isInvalidText(error)) {
      const { fields } = invalidTextError([], request.language);
      return send(request, reply, 'VALIDATION_FAILED', { fields });
    }
    const code = requestErrorCode(error, request);
    if (code) {
      // Malformed JSON, wrong content type, a broken form…: the client's fault, no internals.
      request.log.info({ err: error }, 'rejected request');
      return send(request, reply, code);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(request, reply, 'INTERNAL_ERROR');
  });
}
