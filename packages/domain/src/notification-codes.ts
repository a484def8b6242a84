/**
 * Each domain's notification codes (its `<domain>/notifications.ts`), registered with one line;
 * `notifications/texts.ts` merges them. A new code in a registered domain edits only its file.
 */
export { ACCOUNTS_NOTIFICATIONS as accounts } from './accounts/notifications';
export { VERIFICATION_NOTIFICATIONS as verification } from './verification/notifications';
export { SUPPORT_NOTIFICATIONS as support } from './support/notifications';
export { WALLET_NOTIFICATIONS as wallet } from './wallet/notifications';
export { SHIPMENTS_NOTIFICATIONS as shipments } from './shipments/notifications';
export { ENTRIES_NOTIFICATIONS as entries } from './entries/notifications';
export { EXITS_NOTIFICATIONS as exits } from './exits/notifications';
export { STORES_NOTIFICATIONS as stores } from './stores/notifications';
export { CLASSIFICATION_NOTIFICATIONS as classification } from './classification/notifications';
export { EMBARQUES_NOTIFICATIONS as embarques } from './embarques/notifications';
export { INTERNATIONAL_NOTIFICATIONS as international } from './international/notifications';
export { WEBHOOKS_NOTIFICATIONS as webhooks } from './developers/webhooks.notifications';
