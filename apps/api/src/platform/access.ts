import type { RouteAccess } from '@despacho/domain';
import type { FastifyInstance } from 'fastify';
import type { authGuards } from './auth';

export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  sessionOnly?: true;
  anyKey?: true;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with the access it declared, for the test that walks them all. */
    declaredRoutes: DeclaredRoute[];
  }
}

export const API_PREFIX = '/api/v1';

/**
 * Every route under /api/v1 declares its access (`config: { access }`); one hook enforces it
 * before the body is even read. Must be registered before the modules.
 */
export function registerAccess(app: FastifyInstance, guards: ReturnType<typeof authGuards>) {
  const declared: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declared);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const { access, sessionOnly, anyKey } = route.config ?? {};
      declared.push({
        method,
        url: route.url,
        access,
        ...(sessionOnly ? { sessionOnly } : {}),
        ...(anyKey ? { anyKey } : {}),
      });
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    // Not-found answers and the docs/SPA routes live outside the API.
    if (!request.routeOptions.url?.startsWith(API_PREFIX)) return;
    await guards.enforce(request, reply, request.routeOptions.config);
  });
  // Awaited before the answer is sent, so no call made with a key goes unrecorded.
  app.addHook('onSend', async (request, reply, payload) => {
    await guards.recordKeyCall(request, reply);
    return payload;
  });
}
