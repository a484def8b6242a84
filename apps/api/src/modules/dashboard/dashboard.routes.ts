import { dashboardContract } from '@despacho/domain';
import { authOf, organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';

/** The merchant's home screen: its figures and the first-steps checklist. */
export const dashboardRoutes: AppModule = async (app, { dashboard }) => {
  implement(app, dashboardContract, {
    summary: async (request) => ({
      data: await dashboard.summary(
        organizationOf(request),
        authOf(request).userId,
        request.query.period,
      ),
    }),
    charts: async (request) => ({
      data: await dashboard.charts(organizationOf(request), request.query.period),
    }),
    firstSteps: async (request) => ({
      data: await dashboard.firstSteps(organizationOf(request)),
    }),
    dismissFirstSteps: async (request) => ({
      data: await dashboard.dismissFirstSteps(organizationOf(request), authOf(request).userId),
    }),
  });
};
