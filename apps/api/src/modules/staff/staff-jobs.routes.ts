import { staffJobsContract } from '@despacho/domain';
import { authOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';

/** `staff/jobs`, as `staffJobsContract` declares it: failed background jobs, and retrying one. */
export const staffJobsRoutes: AppModule = async (app, { staffJobs }) => {
  implement(app, staffJobsContract, {
    list: async (request) => staffJobs.list(request.query),
    retry: async (request) => ({
      data: await staffJobs.retry(request.params.id, authOf(request).userId),
    }),
  });
};
