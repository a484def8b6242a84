import { pickupsContract } from '@despacho/domain';
import { authOf, organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';

/** The pickup screen (`pickup`), as `pickupsContract` declares it. */
export const pickupsRoutes: AppModule = async (app, { pickups }) => {
  implement(app, pickupsContract, {
    availability: async (request) => ({
      data: await pickups.availability(organizationOf(request), request.query),
    }),
    list: async (request) => pickups.list(organizationOf(request), request.query),
    create: async (request) => ({
      data: await pickups.create(organizationOf(request), authOf(request).userId, request.body),
    }),
    cancel: async (request) => ({
      data: await pickups.cancel(organizationOf(request), request.params.id),
    }),
    reschedule: async (request) => ({
      data: await pickups.reschedule(organizationOf(request), request.params.id, request.body),
    }),
  });
};
