import { hasPermission, LOGO_RULES, satCatalogs, type accountsContract } from '@despacho/domain';
import { authOf, organizationOf } from '../../platform/auth';
import type { ContractHandlers } from '../../platform/contract-routes';
import { AppError } from '../../platform/errors';
import type { Services } from '../services';

type DetailsOperation =
  | 'organization'
  | 'updateOrganization'
  | 'logo'
  | 'publicLogo'
  | 'uploadLogo'
  | 'removeLogo'
  | 'taxInfo'
  | 'saveTaxInfo'
  | 'depositData'
  | 'saveDepositData'
  | 'satCatalogs';

/** The account details screen (`settings/details`): the handlers of its `accountsContract` operations. */
export const accountDetailsHandlers = (
  deps: Services,
): Pick<ContractHandlers<typeof accountsContract>, DetailsOperation> => {
  const details = deps.accountDetails;
  return {
    organization: async (request) => ({
      data: await details.organization(organizationOf(request)),
    }),
    updateOrganization: async (request) => ({
      data: await details.updateOrganization(organizationOf(request), request.body),
    }),
    logo: async (request, reply) =>
      deps.files.send(reply, await details.logo(organizationOf(request))),
    publicLogo: async (request, reply) =>
      deps.files.send(reply, await details.publicLogo(request.params.fileId)),
    uploadLogo: async (request) => {
      const organizationId = organizationOf(request);
      const file = await deps.files.receive(request, {
        organizationId,
        purpose: 'logo',
        allowed: [...LOGO_RULES.kinds],
        field: LOGO_RULES.field,
        maxBytes: LOGO_RULES.maxBytes,
        uploadedBy: authOf(request).userId,
      });
      return { data: await details.useLogo(organizationId, file) };
    },
    removeLogo: async (request) => ({ data: await details.removeLogo(organizationOf(request)) }),
    taxInfo: async (request) => ({ data: await details.taxInfo(organizationOf(request)) }),
    saveTaxInfo: async (request) => ({
      data: await details.saveTaxInfo(organizationOf(request), request.body),
    }),
    depositData: async (request) => {
      const { permissions } = authOf(request);
      if (
        !hasPermission(permissions, 'settings.my_company') &&
        !hasPermission(permissions, 'finances.deposits')
      ) {
        throw new AppError('FORBIDDEN');
      }
      return { data: await details.depositData(organizationOf(request)) };
    },
    saveDepositData: async (request) => ({
      data: await details.saveDepositData(organizationOf(request), request.body, request.language),
    }),
    satCatalogs: async (request) => ({ data: satCatalogs(request.language) }),
  };
};
