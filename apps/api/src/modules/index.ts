import type { AppModule } from './services';
import { mailboxRoutes } from '../platform/mailbox.routes';
import { accountsRoutes } from './accounts/accounts.routes';
import { organizationUsersRoutes } from './accounts/organization-users.routes';
import { locationsRoutes } from './addresses/locations.routes';
import { authRoutes } from './auth/auth.routes';
import { billingRoutes } from './billing/billing.routes';
import { carriersRoutes } from './carriers/carriers.routes';
import { catalogsRoutes } from './catalogs/catalogs.routes';
import { customersRoutes } from './customers/customers.routes';
import { healthRoutes } from './health/health.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { packagesRoutes } from './packages/packages.routes';
import { staffRoutes } from './staff/staff.routes';
import { staffJobsRoutes } from './staff/staff-jobs.routes';
import { staffLabelsRoutes } from './staff/staff-labels.routes';
import { staffFlowsRoutes } from './staff/staff-flows.routes';
import { supportRoutes } from './support/support.routes';
import { verificationRoutes } from './verification/verification.routes';
import { walletRoutes } from './wallet/wallet.routes';
import { depositsRoutes, staffDepositsRoutes } from './wallet/deposits.routes';
import { cardDepositsRoutes } from './wallet/card-deposits.routes';
import { bankStatementsRoutes } from './wallet/bank-statements.routes';
import { bankTransfersRoutes } from './wallet/bank-transfers.routes';
import { speiWebhookRoutes } from './wallet/spei-webhook.routes';
import { vendorsRoutes } from './vendors/vendors.routes';
import { productsRoutes } from './products/products.routes';
import { collectionsRoutes } from './products/collections.routes';
import { productVariantsRoutes } from './products/product-variants.routes';
import { exitsRoutes, staffExitsRoutes } from './exits/exits.routes';
import { inventoryRoutes, staffWarehousesRoutes } from './inventory/inventory.routes';
import { entriesRoutes, staffReceivingRoutes } from './entries/entries.routes';
import { productImportsRoutes } from './products/product-imports.routes';
import { quotesRoutes } from './shipments/quotes.routes';
import { shipmentsRoutes } from './shipments/shipments.routes';
import { trackingRoutes } from './shipments/tracking.routes';
import { pickupsRoutes } from './shipments/pickups.routes';

/** Every business module, registered under /api/v1 in this order. */
export const modules: AppModule[] = [
  healthRoutes,
  authRoutes,
  accountsRoutes,
  organizationUsersRoutes,
  mailboxRoutes,
  dashboardRoutes,
  notificationsRoutes,
  supportRoutes,
  staffRoutes,
  staffJobsRoutes,
  staffLabelsRoutes,
  staffFlowsRoutes,
  verificationRoutes,
  catalogsRoutes,
  carriersRoutes,
  packagesRoutes,
  locationsRoutes,
  walletRoutes,
  depositsRoutes,
  staffDepositsRoutes,
  cardDepositsRoutes,
  bankTransfersRoutes,
  bankStatementsRoutes,
  speiWebhookRoutes,
  billingRoutes,
  customersRoutes,
  vendorsRoutes,
  productsRoutes,
  collectionsRoutes,
  productVariantsRoutes,
  inventoryRoutes,
  staffWarehousesRoutes,
  entriesRoutes,
  staffReceivingRoutes,
  exitsRoutes,
  staffExitsRoutes,
  productImportsRoutes,
  quotesRoutes,
  shipmentsRoutes,
  trackingRoutes,
  pickupsRoutes,
];
