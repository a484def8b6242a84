import {
  IDEMPOTENCY_KEY_HEADER,
  type Contract,
  type NamedOperation,
  type OperationBodyData,
  type OperationParams,
  type OperationParamsData,
  type OperationQueryData,
  type SuccessBody,
} from '@despacho/domain';
import type {
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteOptions,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The app as every module receives it: zod schemas validate and serialize. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * The request of one operation: params, query and body as its schemas parsed them; for a
 * signed webhook, as they came — the body's exact bytes.
 */
export type OperationRequest<Op extends NamedOperation> = Op extends { signed: object }
  ? FastifyRequest<{ Params: OperationParams<Op>; Body: Buffer }>
  : FastifyRequest<{
      Params: OperationParamsData<Op>;
      Querystring: OperationQueryData<Op>;
      Body: OperationBodyData<Op>;
    }>;

/**
 * What a handler returns: the answer's body, sent with the operation's status when it declares
 * only one success (201 for a create, 204 without a body); or the reply it sent itself — a
 * download (`sendDownload`), a status chosen at run time (200 for an idempotent replay).
 */
export type OperationResult<Op extends NamedOperation> =
  (SuccessBody<Op> extends undefined ? void : SuccessBody<Op>) | FastifyReply;

export type OperationHandler<Op extends NamedOperation> = (
  request: OperationRequest<Op>,
  reply: FastifyReply,
) => Promise<OperationResult<Op>>;

/** One handler per operation of the contract: none missing, none extra. */
export type ContractHandlers<C extends Contract> = { [K in keyof C]: OperationHandler<C[K]> };

/**
 * Route config some operations add to their access, by name: what the app's config decides
 * rather than the contract, e.g. a rate limit sized by `AUTH_RATE_LIMIT`.
 */
export type ContractRouteConfig<C extends Contract> = {
  [K in keyof C]?: Omit<FastifyContextConfig, 'access'>;
};

/** The Fastify schema of an operation: what the OpenAPI document and the validators read. */
function schemaOf(operation: NamedOperation): FastifySchema {
  const { summary, description, params, query, body, upload, idempotencyKey, signed } = operation;
  return {
    tags: [...(operation.tags ?? [operation.domain])],
    ...(operation.access === 'public' ? {} : { security: [{ bearer: [] }] }),
    ...(summary ? { summary } : {}),
    ...(description ? { description } : {}),
    ...(params ? { params } : {}),
    ...(query ? { querystring: query } : {}),
    ...(body ? { body } : {}),
    ...(upload ? { consumes: ['multipart/form-data'] } : {}),
    // Optional in the schema: a missing or malformed key is the handler's
    // IDEMPOTENCY_KEY_REQUIRED (`idempotencyKeyOf`), not a validation failure.
    ...(idempotencyKey
      ? { headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: z.string().optional() }) }
      : {}),
    ...(signed ? { headers: z.object({ [signed.header]: z.string() }) } : {}),
    ...(operation.responses
      ? {
          response: Object.fromEntries(
            Object.entries(operation.responses).map(([status, schema]) => [
              status,
              schema ?? z.null().describe('No Content'),
            ]),
          ),
        }
      : {}),
  };
}

/** The one success status of an operation, when it declares exactly one. */
function soleSuccess(operation: NamedOperation): number | undefined {
  const successes = Object.keys(operation.responses ?? {})
    .map(Number)
    .filter((status) => status >= 200 && status < 300);
  return successes.length === 1 ? successes[0] : undefined;
}

/**
 * Where a signed webhook is registered: a plugin of its own, since Fastify keeps content-type
 * parsers per plugin, that hands every body over as raw bytes (the signature covers them).
 */
function registerSigned(app: ZodApp, route: RouteOptions) {
  void app.register(async (raw) => {
    // Every content type, so the handler always holds bytes (`OperationRequest`'s Buffer).
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    // Nothing is trusted before the handler verifies the signature over those bytes.
    raw.route({ ...route, validatorCompiler: () => () => true });
  });
}

/**
 * Registers every operation of a domain's contract (decision 023): method, path, access and
 * schema come from its declaration, the handler from `handlers` under the same name, any further
 * route config from `routeConfig`.
 */
export function implement<C extends Contract>(
  app: ZodApp,
  contract: C,
  handlers: NoInfer<ContractHandlers<C>>,
  routeConfig: NoInfer<ContractRouteConfig<C>> = {},
) {
  const configs: Partial<Record<string, FastifyContextConfig>> = routeConfig;
  for (const [name, operation] of Object.entries(contract)) {
    // Each handler is typed by its own operation; here they are all one kind of function.
    const handler = handlers[name] as (
      request: FastifyRequest,
      reply: FastifyReply,
    ) => Promise<unknown>;
    const status = soleSuccess(operation);
    const { access, rateLimit, sessionOnly, anyKey } = operation;
    const route: RouteOptions = {
      method: operation.method,
      url: operation.path,
      // The contract's declared limit, unless the app's config sizes one (auth).
      config: {
        ...(rateLimit ? { rateLimit } : {}),
        ...configs[name],
        access,
        ...(sessionOnly ? { sessionOnly } : {}),
        ...(anyKey ? { anyKey } : {}),
      },
      schema: schemaOf(operation),
      handler: async (request, reply) => {
        if (status) reply.code(status);
        const result = await handler(request, reply);
        if (result === reply || reply.sent) return reply;
        return status === 204 ? reply.send() : result;
      },
    };
    if (operation.signed) registerSigned(app, route);
    else app.route(route);
  }
}
