import { carriersContract, carrierView } from '@despacho/domain';
import { authOf, organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';

/** The carriers screen (`settings/carriers`) and the enabled carriers, as `carriersContract` declares them. */
export const carriersRoutes: AppModule = async (app, { carriers, carrierAccounts }) => {
  implement(app, carriersContract, {
    list: async (request) => ({
      data: await carriers.list(organizationOf(request), request.language),
    }),
    enabled: async (request) => ({
      data: (await carriers.enabledCarriers(organizationOf(request))).map((carrier) =>
        carrierView(carrier, true, request.language),
      ),
    }),
    setEnabled: async (request) => ({
      data: await carriers.setEnabled(
        organizationOf(request),
        request.params.key,
        request.body.enabled,
        request.language,
      ),
    }),
    accounts: async (request) => ({
      data: await carrierAccounts.list(organizationOf(request)),
    }),
    setAccount: async (request) => ({
      data: await carrierAccounts.update(
        organizationOf(request),
        authOf(request).userId,
        request.params.key,
        request.body,
        request.language,
      ),
    }),
    removeAccount: async (request) => ({
      data: await carrierAccounts.remove(
        organizationOf(request),
        authOf(request).userId,
        request.params.key,
      ),
    }),
  });
};
