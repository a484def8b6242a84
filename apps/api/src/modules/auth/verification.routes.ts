import {
  resendQuerySchema,
  resendResultSchema,
  verifyCodeParamsSchema,
  verifyCodeResultSchema,
} from '@despacho/domain';
import { z } from 'zod';
import type { AuthRouteGroup } from './auth.routes';
import { authRateLimit } from '../../platform/rate-limit';

const tags = ['auth'];

/** `PATCH user/verify-code/{userId}/{code}` and `POST user/verify-code/resend?user_id=`. */
export const verificationRoutes: AuthRouteGroup = (app, deps, { verification }) => {
  app.patch(
    '/user/verify-code/:userId/:code',
    {
      config: { access: 'public', ...authRateLimit(deps.config) },
      schema: {
        tags,
        params: verifyCodeParamsSchema,
        response: { 200: z.object({ data: verifyCodeResultSchema }) },
      },
    },
    async (request) => ({
      data: await verification.verify(request.params.userId, request.params.code),
    }),
  );

  app.post(
    '/user/verify-code/resend',
    {
      config: { access: 'public', ...authRateLimit(deps.config) },
      schema: {
        tags,
        querystring: resendQuerySchema,
        response: { 200: z.object({ data: resendResultSchema }) },
      },
    },
    async (request) => ({ data: await verification.resend(request.query.user_id) }),
  );
};
