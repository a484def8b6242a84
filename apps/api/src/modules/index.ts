/**
 * Every business module, one line per domain: its routes (one plugin, or the domain's
 * `<domain>.module.ts` grouping them), registered under /api/v1 by `app.ts`.
 */
export { mailboxRoutes as mailbox } from '../platform/mailbox.routes';
export { smsStatusRoutes as smsStatus } from '../platform/sms-status.routes';
export { healthRoutes as health } from './health/health.routes';
export { authRoutes as auth } from './auth/auth.routes';
export { accountsModule as accounts } from './accounts/accounts.module';
export { dashboardRoutes as dashboard } from './dashboard/dashboard.routes';
export { notificationsModule as notifications } from './notifications/notifications.module';
export { supportModule as support } from './support/support.module';
export { staffModule as staff } from './staff/staff.module';
export { verificationRoutes as verification } from './verification/verification.routes';
export { catalogsRoutes as catalogs } from './catalogs/catalogs.routes';
export { carriersRoutes as carriers } from './carriers/carriers.routes';
export { packagesRoutes as packages } from './packages/packages.routes';
export { locationsRoutes as addresses } from './addresses/locations.routes';
export { walletModule as wallet } from './wallet/wallet.module';
export { billingRoutes as billing } from './billing/billing.routes';
export { customersRoutes as customers } from './customers/customers.routes';
export { vendorsRoutes as vendors } from './vendors/vendors.routes';
export { productsModule as products } from './products/products.module';
export { inventoryModule as inventory } from './inventory/inventory.module';
export { entriesModule as entries } from './entries/entries.module';
export { exitsModule as exits } from './exits/exits.module';
export { shipmentsModule as shipments } from './shipments/shipments.module';
export { storesModule as stores } from './stores/stores.module';
export { ordersRoutes as orders } from './orders/orders.routes';
export { classificationModule as classification } from './classification/classification.module';
export { embarquesModule as embarques } from './embarques/embarques.module';
export { internationalModule as international } from './international/international.module';
export { apiKeysRoutes as apiKeys } from './developers/api-keys.routes';
export { webhooksRoutes as webhooks } from './developers/webhooks.routes';
