import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function same(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double-submit CSRF protection (spec §7): the browser gets a readable random cookie and echoes
 * it in a header on every unsafe call. Bearer tokens already defeat CSRF; this guards any call a
 * browser makes with its cookies. Clients without the cookie (API users, tests) are not affected.
 */
export function registerCsrf(app: FastifyInstance, secure: boolean) {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(CSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        secure,
        httpOnly: false,
      });
      return;
    }
    if (SAFE_METHODS.has(request.method)) return;
    const header = request.headers[CSRF_HEADER];
    if (typeof header !== 'string' || !same(header, cookie)) throw new AppError('FORBIDDEN');
  });
}
