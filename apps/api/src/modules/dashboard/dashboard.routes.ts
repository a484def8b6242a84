import { dashboardSummarySchema } from '@despacho/domain';
import { z } from 'zod';
import { authOf, organizationOf } from '../../platform/auth';
import type { AppModule } from '../services';

/** `GET dashboard/summary`: the figures of the merchant's home screen. */
export const dashboardRoutes: AppModule = async (app, deps) => {
  const { dashboard } = deps;
  app.get(
    '/dashboard/summary',
    {
      config: { access: 'dashboard' },
      schema: {
        tags: ['dashboard'],
        security: [{ bearer: [] }],
        response: { 200: z.object({ data: dashboardSummarySchema }) },
      },
    },
    async (request) => ({
      data: await dashboard.summary(organizationOf(request), authOf(request).userId),
    }),
  );
};
