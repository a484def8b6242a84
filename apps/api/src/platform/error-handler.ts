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
import { AppError } from './errors';

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
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, wrong content type, body too large…: the client's fault, no internals.
      request.log.info({ err: error }, 'rejected request');
      const code: ErrorCode = error.statusCode === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED';
      return reply.status(error.statusCode).send({
        error: { code, message: errorMessage(code, request.language) },
      } satisfies ApiErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(request, reply, 'INTERNAL_ERROR');
  });
}
