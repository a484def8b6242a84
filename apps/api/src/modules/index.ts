import type { AppModule } from '../platform/module';
import { mailboxRoutes } from '../platform/mailbox.routes';
import { accountDetailsRoutes } from './accounts/account-details.routes';
import { accountsRoutes } from './accounts/accounts.routes';
import { organizationUsersRoutes } from './accounts/organization-users.routes';
import { locationsRoutes } from './addresses/locations.routes';
import { authRoutes } from './auth/auth.routes';
import { carriersRoutes } from './carriers/carriers.routes';
import { postalCodesRoutes } from './catalogs/postal-codes.routes';
import { healthRoutes } from './health/health.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { packagesRoutes } from './packages/packages.routes';
import { staffRoutes } from './staff/staff.routes';
import { supportRoutes } from './support/support.routes';
import { verificationRoutes } from './verification/verification.routes';

/** Every business module, registered under /api/v1 in this order. */
export const modules: AppModule[] = [
  healthRoutes,
  authRoutes,
  accountsRoutes,
  accountDetailsRoutes,
  organizationUsersRoutes,
  mailboxRoutes,
  dashboardRoutes,
  notificationsRoutes,
  supportRoutes,
  staffRoutes,
  verificationRoutes,
  postalCodesRoutes,
  carriersRoutes,
  packagesRoutes,
  locationsRoutes,
];
