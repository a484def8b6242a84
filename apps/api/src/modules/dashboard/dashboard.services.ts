import type { AccountDetailsService, OrganizationUsersService } from '../accounts';
import type { LocationsService } from '../addresses';
import type { NotificationsService } from '../notifications';
import type { OrdersService } from '../orders';
import type { Core } from '../services';
import type { ShipmentsService } from '../shipments';
import type { LedgerService } from '../wallet';
import { figureProviders } from './dashboard.figures';
import { firstStepChecks } from './dashboard.first-steps';
import { DashboardService } from './dashboard.service';

/** The merchant's dashboard: its figures and first steps, read from the domains they count. */
export const buildDashboard = (
  deps: Core & {
    shipments: ShipmentsService;
    notifications: NotificationsService;
    ledger: LedgerService;
    accountDetails: AccountDetailsService;
    locations: LocationsService;
    organizationUsers: OrganizationUsersService;
    orders: OrdersService;
  },
) => ({
  dashboard: new DashboardService({
    ...deps,
    figures: figureProviders(deps),
    charts: deps,
    firstSteps: firstStepChecks(deps),
  }),
});
