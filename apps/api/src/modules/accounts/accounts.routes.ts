import { accountsContract } from '@despacho/domain';
import { authOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';
import { accountDetailsHandlers } from './account-details.routes';
import { accountOf, meView } from './account-view';

/** The signed-in user's own account and the account details, as `accountsContract` declares them. */
export const accountsRoutes: AppModule = async (app, deps) => {
  const { accounts } = deps;
  implement(app, accountsContract, {
    ...accountDetailsHandlers(deps),
    me: async (request) => ({ data: meView(accountOf(request)) }),
    updateProfile: async (request) => ({
      data: await accounts.updateProfile(authOf(request).userId, request.body),
    }),
    changeLanguage: async (request) => ({
      data: await accounts.changeLanguage(authOf(request).userId, request.query.language),
    }),
  });
};
