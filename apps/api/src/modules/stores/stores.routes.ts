import { storesContract } from '@despacho/domain';
import { authOf, organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';
import { credentialsEncryptionKey } from '../../platform/credentials-cipher';

/** The stores screen (`settings/marketplaces`), as `storesContract` declares it. */
export const storesRoutes: AppModule = async (app, { stores, files, config }) => {
  // Production without STORES_ENCRYPTION_KEY refuses to start, here rather than on first use.
  credentialsEncryptionKey(config);
  implement(app, storesContract, {
    list: async (request) => ({ data: await stores.list(organizationOf(request)) }),
    get: async (request) => ({
      data: await stores.get(organizationOf(request), request.params.id),
    }),
    connect: async (request) => ({
      data: await stores.connect(organizationOf(request), authOf(request).userId, request.body),
    }),
    completeAuthorization: async (request) => ({
      data: await stores.completeAuthorization(
        organizationOf(request),
        authOf(request).userId,
        request.body,
      ),
    }),
    reauthorize: async (request) => ({
      data: await stores.reauthorize(
        organizationOf(request),
        authOf(request).userId,
        request.params.id,
      ),
    }),
    setStatus: async (request) => ({
      data: await stores.setStatus(organizationOf(request), request.params.id, request.body.status),
    }),
    sync: async (request) => ({
      data: await stores.sync(organizationOf(request), request.params.id),
    }),
    customerData: async (request, reply) =>
      files.send(reply, await stores.customerData(organizationOf(request), request.params.fileId), {
        download: true,
      }),
    disconnect: async (request) => {
      await stores.disconnect(organizationOf(request), request.params.id);
    },
  });
};
