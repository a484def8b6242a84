import { parseLanguage, type Language } from '@despacho/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** From `x-language` (es by default): the language of every message in the answer. */
    language: Language;
  }
}

export const requestLanguage = (request: FastifyRequest) =>
  parseLanguage(request.headers['x-language']);

export function registerLanguage(app: FastifyInstance) {
  app.decorateRequest('language', 'es');
  app.addHook('onRequest', async (request) => {
    request.language = requestLanguage(request);
  });
}
