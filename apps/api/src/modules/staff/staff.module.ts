import { moduleOf } from '../module-routes';
import { staffRoutes } from './staff.routes';
import { staffJobsRoutes } from './staff-jobs.routes';
import { staffLabelsRoutes } from './staff-labels.routes';
import { staffFlowsRoutes } from './staff-flows.routes';
import { staffProvidersRoutes } from './staff-providers.routes';

/** Every route of the staff domain, as `modules/index.ts` registers it. */
export const staffModule = moduleOf(
  staffRoutes,
  staffJobsRoutes,
  staffLabelsRoutes,
  staffFlowsRoutes,
  staffProvidersRoutes,
);
