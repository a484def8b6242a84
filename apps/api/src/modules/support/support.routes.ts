import { supportContract } from '@despacho/domain';
import { authOf, organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';

/** The consultant chat as any user of an organization sees it, as `supportContract` declares it. */
export const supportRoutes: AppModule = async (app, { support }) => {
  implement(app, supportContract, {
    conversation: async (request) => ({
      data: await support.openConversation(organizationOf(request)),
    }),
    sendMessage: async (request) => ({
      data: await support.postMerchantMessage(
        organizationOf(request),
        authOf(request).userId,
        request.body.body,
      ),
    }),
  });
};
