import { dashboardContract } from '@despacho/domain';
import { authOf, organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';

/** `GET dashboard/summary`: the figures of the merchant's home screen. */
export const dashboardRoutes: AppModule = async (app, { dashboard }) => {
  implement(app, dashboardContract, {
    summary: async (request) => ({
      data: await dashboard.summary(organizationOf(request), authOf(request).userId),
    }),
  });
};
