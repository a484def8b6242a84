import {
  loginSchema,
  logoutSchema,
  okResultSchema,
  refreshResultSchema,
  refreshSchema,
  refreshVerifyQuerySchema,
  refreshVerifyResultSchema,
  sessionSchema,
} from '@despacho/domain';
import { z } from 'zod';
import type { AuthRouteGroup } from './auth.routes';
import { authRateLimit } from '../../platform/rate-limit';

const tags = ['auth'];

/** Sign-in, refresh-token rotation and logout. None needs an access token. */
export const sessionRoutes: AuthRouteGroup = (app, deps, { sessions }) => {
  app.post(
    '/auth/login',
    {
      config: { access: 'public', ...authRateLimit(deps.config) },
      schema: { tags, body: loginSchema, response: { 200: z.object({ data: sessionSchema }) } },
    },
    async (request) => ({ data: await sessions.login(request.body) }),
  );

  app.post(
    '/auth/refresh-token/create-access-token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        body: refreshSchema,
        response: { 200: z.object({ data: refreshResultSchema }) },
      },
    },
    async (request) => ({ data: await sessions.refresh(request.body.refresh_token) }),
  );

  app.get(
    '/auth/refresh-token/verify-token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        querystring: refreshVerifyQuerySchema,
        response: { 200: z.object({ data: refreshVerifyResultSchema }) },
      },
    },
    async (request) => ({ data: await sessions.check(request.query.refresh_token) }),
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'public' },
      schema: { tags, body: logoutSchema, response: { 200: z.object({ data: okResultSchema }) } },
    },
    async (request) => {
      await sessions.logout(request.body.refresh_token);
      return { data: { ok: true as const } };
    },
  );
};
