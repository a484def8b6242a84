import {
  okResultSchema,
  passwordChangeSchema,
  passwordResetRequestResultSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  tokenQuerySchema,
  tokenValidResultSchema,
} from '@despacho/domain';
import { z } from 'zod';
import { authOf } from '../../platform/auth';
import type { AuthRouteGroup } from './auth.routes';
import { authRateLimit } from '../../platform/rate-limit';

const tags = ['auth'];
const ok = { data: { ok: true as const } };
const okAnswer = z.object({ data: okResultSchema });

/** Recovery by mailed link (no sign-in) and the signed-in password change. */
export const passwordRoutes: AuthRouteGroup = (app, deps, { passwords }) => {
  app.post(
    '/auth/password/reset',
    {
      config: { access: 'public', ...authRateLimit(deps.config) },
      schema: {
        tags,
        body: passwordResetRequestSchema,
        response: { 200: z.object({ data: passwordResetRequestResultSchema }) },
      },
    },
    async (request) => {
      await passwords.requestReset(request.body.email);
      return { data: { sent: true as const } };
    },
  );

  app.get(
    '/auth/verify_token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        querystring: tokenQuerySchema,
        response: { 200: z.object({ data: tokenValidResultSchema }) },
      },
    },
    async (request) => {
      await passwords.check(request.query.token);
      return { data: { valid: true as const } };
    },
  );

  app.put(
    '/auth/password',
    {
      config: { access: 'public' },
      schema: {
        tags,
        querystring: tokenQuerySchema,
        body: passwordResetSchema,
        response: { 200: okAnswer },
      },
    },
    async (request) => {
      await passwords.reset(request.query.token, request.body.password);
      return ok;
    },
  );

  app.put(
    '/auth/password/reset',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        security: [{ bearer: [] }],
        body: passwordChangeSchema,
        response: { 200: okAnswer },
      },
    },
    async (request) => {
      const { userId, sessionFamily } = authOf(request);
      await passwords.change(userId, sessionFamily, request.body);
      return ok;
    },
  );
};
