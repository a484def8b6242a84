import { webhooksContract } from '@despacho/domain';
import { organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';

/** Outgoing webhooks (`development`), as `webhooksContract` declares them. */
export const webhooksRoutes: AppModule = async (app, { webhooks }) => {
  implement(app, webhooksContract, {
    events: async () => ({ data: webhooks.catalogue() }),
    list: async (request) => ({ data: await webhooks.list(organizationOf(request)) }),
    create: async (request) => webhooks.create(organizationOf(request), request.body),
    get: async (request) => ({
      data: await webhooks.get(organizationOf(request), request.params.id),
    }),
    update: async (request) => ({
      data: await webhooks.update(organizationOf(request), request.params.id, request.body),
    }),
    setStatus: async (request) => ({
      data: await webhooks.setStatus(
        organizationOf(request),
        request.params.id,
        request.body.enabled,
      ),
    }),
    remove: async (request) => {
      await webhooks.remove(organizationOf(request), request.params.id);
    },
    rotateSecret: async (request) =>
      webhooks.rotateSecret(organizationOf(request), request.params.id),
    sendTest: async (request) => ({
      data: await webhooks.sendTest(organizationOf(request), request.params.id),
    }),
    deliveries: async (request) =>
      webhooks.deliveries(organizationOf(request), request.params.id, request.query),
    delivery: async (request) => ({
      data: await webhooks.delivery(
        organizationOf(request),
        request.params.id,
        request.params.deliveryId,
      ),
    }),
    resend: async (request) => ({
      data: await webhooks.resend(
        organizationOf(request),
        request.params.id,
        request.params.deliveryId,
      ),
    }),
  });
};
