import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { registerAccess } from './platform/access';
import { publicApiDocument } from './platform/api-docs';
import { registerCompression } from './platform/compression';
import { registerCsrf } from './platform/csrf';
import type { FileStore } from './platform/files';
import { answerFrameworkError, registerErrorHandler } from './platform/error-handler';
import { registerTimeouts, timeoutOptions } from './platform/http-timeouts';
import { registerLanguage } from './platform/language';
import { loggerOptions } from './platform/logger';
import { postgresRateLimitStore } from './platform/rate-limit-store';
import type { BaseDeps } from './platform/module';
import { registerMultipart } from './platform/multipart';
import { answerClientError } from './platform/request-errors';
import { registerMetrics } from './platform/metrics';
import { registerRequestMode } from './platform/request-mode';
import { registerSpa } from './platform/spa';
import { registerTextInput } from './platform/text-input';
import { sandboxPaymentsRoutes } from './modules/wallet/card-payments.routes';
import { cardProcessorSources } from './modules/wallet/card-payments.stripe';
import { shopifySandboxRoutes } from './modules/stores/shopify/shopify-sandbox.routes';
import { mercadoLibreSandboxRoutes } from './modules/stores/mercadolibre/mercadolibre-sandbox.routes';
import { wooCommerceSandboxRoutes } from './modules/stores/woocommerce/woocommerce-sandbox.routes';
import * as modules from './modules';
import { buildServices, type ServiceOverrides } from './modules/services';

/**
 * Partial uploads a dead process left behind go at start. No live upload outlives the request
 * timeout, so a `.part` idle that long is safe to remove even with another process on the same
 * files; those too young at start (a crash just before a restart) go one timeout later.
 */
function sweepPartialUploads(app: FastifyInstance, files: FileStore, requestTimeoutMs: number) {
  const sweep = () =>
    files
      .sweepPartials(requestTimeoutMs)
      .then((removed) => removed > 0 && app.log.info({ removed }, 'removed partial uploads'))
      .catch((error: unknown) => app.log.error({ err: error }, 'sweeping partial uploads'));
  let later: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    later = setTimeout(() => void sweep(), requestTimeoutMs).unref();
  });
  app.addHook('onClose', async () => clearTimeout(later));
}

/**
 * The whole HTTP application, without listening: `main.ts` listens, tests `inject()`. Its
 * services come from the composition root (`app.services`); `overrides` puts other adapters in
 * it (tests).
 */
export async function buildApp(
  base: BaseDeps,
  overrides: ServiceOverrides = {},
): Promise<FastifyInstance> {
  const trust = base.config.TRUST_PROXY;
  const app = Fastify({
    logger: loggerOptions(base.config.LOG_LEVEL, base.logStream),
    // Fastify answers a bare hop count with no trust at all, so the count becomes a function.
    trustProxy: typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust,
    bodyLimit: 1024 * 1024,
    ...timeoutOptions(base.config),
    // Signed tokens travel as path segments (`wizard/{token}`); the default cap is 100.
    routerOptions: { maxParamLength: 1024 },
    // Whatever is refused before routing answers in our envelope too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  const services = buildServices({ ...base, log: app.log }, overrides);
  const { broadcast, callers, files, guards, instance, jobs } = services;
  app.decorate('services', services);
  sweepPartialUploads(app, files, base.config.HTTP_REQUEST_TIMEOUT_MS);
  // The worker (`main.ts`, `worker.ts`) starts the poller; closing the app stops it first.
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());
  // Held from before the first request until the end, so nothing this process starts looks
  // abandoned to another one while it lives.
  app.addHook('onReady', () => instance.hold());
  app.addHook('onClose', () => instance.release());
  app.addHook('onReady', () => broadcast.start());
  app.addHook('onClose', () => broadcast.stop());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerLanguage(app);
  registerTimeouts(app);
  app.decorateRequest('auth', null);
  registerErrorHandler(app);
  registerTextInput(app);

  const cardProcessor = cardProcessorSources(base.config);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...cardProcessor.scriptSrc],
        frameSrc: ["'self'", ...cardProcessor.frameSrc],
        // Mantine sets inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...cardProcessor.connectSrc],
        frameAncestors: ["'none'"],
        // Served over plain HTTP (npm start, the e2e server): upgrading requests to https would
        // break the sandbox stores' forms, which follow their redirects with fetch.
        upgradeInsecureRequests: base.config.APP_URL.startsWith('https:') ? [] : null,
      },
    },
  });
  await registerCompression(app);
  await app.register(cookie);
  registerCsrf(app, base.config.NODE_ENV === 'production');
  // Counters in PostgreSQL: every process behind the load balancer shares them.
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(base.db, base.clock),
  });
  await registerMultipart(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Despacho API',
        version: '1.0.0',
        description: 'API de Despacho. Las respuestas de error siguen el encabezado x-language.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  // `/api/docs` is the merchants' documentation: what an API key may call, with examples.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformSpecification: (document) =>
      publicApiDocument(document, app.declaredRoutes, {
        baseUrl: base.config.APP_URL,
        rateLimit: base.config.API_KEY_RATE_LIMIT,
      }),
  });

  registerAccess(app, guards);
  registerRequestMode(app);
  // Before the modules: their routes take the latency hook only if it already exists.
  registerMetrics(app, base);
  // A completed write may have changed who may do what: the next call, to any process, reads
  // callers afresh.
  app.addHook('onResponse', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    await callers.invalidate().catch((error: unknown) => {
      request.log.warn({ err: error }, 'caller cache invalidation not broadcast');
    });
  });
  await app.register(
    async (api) => {
      // Health first: the API documentation opens on it; the rest in the index's name order.
      const { health, ...domains } = modules;
      for (const module of [health, ...Object.values(domains)]) {
        await api.register(module, services);
      }
    },
    { prefix: '/api/v1' },
  );
  // The sandbox payment provider's card endpoint stands beside the API, not in it (decision 013).
  await app.register(sandboxPaymentsRoutes, services);
  // The Shopify sandbox store, likewise beside the API (issue 22).
  await app.register(shopifySandboxRoutes, services);
  await app.register(mercadoLibreSandboxRoutes, services);
  await app.register(wooCommerceSandboxRoutes, services);

  registerSpa(app, base.config.WEB_DIST);
  return app;
}
