import type { FirstStep } from '@despacho/domain';
import type { AccountDetailsService, OrganizationUsersService } from '../accounts';
import type { LocationsService } from '../addresses';
import type { ShipmentsService } from '../shipments';
import type { LedgerService } from '../wallet';

export type StepCheck = (organizationId: string) => Promise<boolean>;

/** Each first step is done when the data of the domain that owns it says so. */
export function firstStepChecks(services: {
  accountDetails: Pick<AccountDetailsService, 'taxInfo'>;
  locations: Pick<LocationsService, 'list'>;
  ledger: Pick<LedgerService, 'balance' | 'purchases'>;
  shipments: Pick<ShipmentsService, 'countMade'>;
  organizationUsers: Pick<OrganizationUsersService, 'count'>;
}): Record<FirstStep, StepCheck> {
  return {
    tax_information: async (organizationId) =>
      (await services.accountDetails.taxInfo(organizationId)) !== null,
    origin_address: async (organizationId) =>
      (await services.locations.list(organizationId, { page: 1, pageSize: 1 })).meta.total > 0,
    // Money was added: there is some, or some was already spent on labels.
    balance: async (organizationId) => {
      const [balance, purchases] = await Promise.all([
        services.ledger.balance(organizationId),
        services.ledger.purchases(organizationId),
      ]);
      return balance.available_centavos > 0 || purchases > 0;
    },
    first_label: async (organizationId) => (await services.shipments.countMade(organizationId)) > 0,
    team: async (organizationId) => (await services.organizationUsers.count(organizationId)) > 1,
  };
}
