import { moduleOf } from '../module-routes';
import { accountsRoutes } from './accounts.routes';
import { organizationUsersRoutes } from './organization-users.routes';

/** Every route of the accounts domain, as `modules/index.ts` registers it. */
export const accountsModule = moduleOf(accountsRoutes, organizationUsersRoutes);
