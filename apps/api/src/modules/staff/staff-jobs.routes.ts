import { idParamsSchema, pageSchema, staffJobSchema, staffJobsQuerySchema } from '@despacho/domain';
import { z } from 'zod';
import { authOf } from '../../platform/auth';
import type { AppModule } from '../services';

const tags = ['staff'];
const security = [{ bearer: [] }];

/** `staff/jobs`: background jobs that failed (decision 021), and retrying one. Staff only. */
export const staffJobsRoutes: AppModule = async (app, deps) => {
  const service = deps.staffJobs;
  const staffOnly = { config: { access: 'staff' as const } };

  app.get(
    '/staff/jobs',
    {
      ...staffOnly,
      schema: {
        tags,
        security,
        summary: 'Background jobs waiting for a retry or failed for good, newest first',
        querystring: staffJobsQuerySchema,
        response: { 200: pageSchema(staffJobSchema) },
      },
    },
    async (request) => service.list(request.query),
  );

  app.post(
    '/staff/jobs/:id/retry',
    {
      ...staffOnly,
      schema: {
        tags,
        security,
        summary: 'Runs a job that failed for good once more, now',
        params: idParamsSchema,
        response: { 200: z.object({ data: staffJobSchema }) },
      },
    },
    async (request) => ({
      data: await service.retry(request.params.id, authOf(request).userId),
    }),
  );
};
