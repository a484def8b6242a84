import { staffFlowsContract } from '@despacho/domain';
import { implement } from '../../platform/contract-routes';
import { listFlowRuns } from '../../platform/flows.list';
import type { AppModule } from '../services';

/** `staff/flows`, as `staffFlowsContract` declares it: flow runs and where each stands. */
export const staffFlowsRoutes: AppModule = async (app, { db }) => {
  implement(app, staffFlowsContract, {
    list: async (request) => listFlowRuns(db, request.query),
  });
};
