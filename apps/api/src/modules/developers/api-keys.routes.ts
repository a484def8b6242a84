import { apiKeysContract } from '@despacho/domain';
import type { FastifyRequest } from 'fastify';
import { authOf, organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';

const manager = (request: FastifyRequest) => ({
  userId: authOf(request).userId,
  organizationId: organizationOf(request),
});

/** The API keys of the `development` screen, as `apiKeysContract` declares them. */
export const apiKeysRoutes: AppModule = async (app, { apiKeys }) => {
  implement(app, apiKeysContract, {
    listApiKeys: async (request) => apiKeys.list(manager(request), request.query),
    createApiKey: async (request) => ({
      data: await apiKeys.create(manager(request), request.body),
    }),
    getApiKey: async (request) => ({
      data: await apiKeys.get(manager(request), request.params.id),
    }),
    rotateApiKey: async (request) => ({
      data: await apiKeys.rotate(manager(request), request.params.id),
    }),
    revokeApiKey: async (request) => ({
      data: await apiKeys.revoke(manager(request), request.params.id),
    }),
  });
};
