/**
 * Each domain's errors (its `<domain>/errors.ts`), registered with one line; `errors.ts` merges
 * them with the platform's. The exported name is the group's, as `ERROR_GROUPS` lists it.
 */
export { AUTH_ERRORS as auth } from './auth/errors';
export { ACCOUNTS_ERRORS as accounts } from './accounts/errors';
export { VERIFICATION_ERRORS as verification } from './verification/errors';
export { CATALOGS_ERRORS as catalogs } from './catalogs/errors';
export { VENDORS_ERRORS as vendors } from './vendors/errors';
export { SUPPORT_ERRORS as support } from './support/errors';
export { WALLET_ERRORS as wallet } from './wallet/errors';
export { SHIPMENTS_ERRORS as shipments } from './shipments/errors';
export { INVENTORY_ERRORS as inventory } from './inventory/errors';
export { ENTRIES_ERRORS as entries } from './entries/errors';
export { EXITS_ERRORS as exits } from './exits/errors';
export { PRODUCTS_ERRORS as products } from './products/errors';
export { STORES_ERRORS as stores } from './stores/errors';
export { ORDERS_ERRORS as orders } from './orders/errors';
export { CLASSIFICATION_ERRORS as classification } from './classification/errors';
export { EMBARQUES_ERRORS as embarques } from './embarques/errors';
export { INTERNATIONAL_ERRORS as international } from './international/errors';
export { API_KEYS_ERRORS as api_keys } from './developers/api-keys.errors';
export { WEBHOOKS_ERRORS as webhooks } from './developers/webhooks.errors';
export { BILLING_ERRORS as billing } from './billing/errors';
