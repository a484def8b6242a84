import fastifyStatic from '@fastify/static';
import { errorMessage, type ApiErrorBody } from '@despacho/domain';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Serves the built web app with history-mode fallback: any GET outside /api that is not a file
 * answers index.html, and the client router decides (including its own not-found page).
 * The build writes `.br` and `.gz` beside each asset (apps/web/vite-precompress.ts); a client
 * that accepts one gets it as it is, and the others the plain file.
 */
export function registerSpa(app: FastifyInstance, webDist: string | undefined) {
  const root = webDist ? path.resolve(webDist) : undefined;
  const enabled = root !== undefined && existsSync(path.join(root, 'index.html'));
  if (enabled) {
    void app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Our own cache headers below; the plugin's default would overwrite them.
      cacheControl: false,
      setHeaders: (res, file) => {
        // Hashed assets never change; index.html must always be fresh.
        res.setHeader(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
        // The same URL answers brotli, gzip or plain bytes: caches must key on the header.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/');
    if (enabled && request.method === 'GET' && !isApi) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({
      error: { code: 'NOT_FOUND', message: errorMessage('NOT_FOUND', request.language) },
    } satisfies ApiErrorBody);
  });
}
