import { exitsContract, staffExitsContract } from '@despacho/domain';
import { authOf, organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';

/** The exits screen (`products/outs`), as `exitsContract` declares it. */
export const exitsRoutes: AppModule = async (app, { exits }) => {
  implement(app, exitsContract, {
    list: async (request) => exits.list(organizationOf(request), request.query),
    create: async (request) => ({
      data: await exits.create(organizationOf(request), request.body, {
        userId: authOf(request).userId,
      }),
    }),
    get: async (request) => ({ data: await exits.get(organizationOf(request), request.params.id) }),
    process: async (request) => ({
      data: await exits.process(organizationOf(request), request.params.id, request.body, {
        userId: authOf(request).userId,
      }),
    }),
    cancel: async (request) => ({
      data: await exits.cancel(organizationOf(request), request.params.id, {
        userId: authOf(request).userId,
      }),
    }),
  });
};

/** The staff dispatch console, as `staffExitsContract` declares it. */
export const staffExitsRoutes: AppModule = async (app, { dispatch }) => {
  implement(app, staffExitsContract, {
    queue: async (request) => dispatch.queue(request.query),
    get: async (request) => ({ data: await dispatch.get(request.params.id) }),
    quote: async (request) => ({
      data: await dispatch.quote(
        request.params.id,
        request.body,
        authOf(request).userId,
        request.language,
      ),
    }),
    ship: async (request) => ({
      data: await dispatch.ship(
        request.params.id,
        request.body,
        authOf(request).userId,
        request.language,
      ),
    }),
  });
};
