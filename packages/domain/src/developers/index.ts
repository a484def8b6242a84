export * from './api-keys.rules';
export * from './api-keys.schemas';
export * from './api-keys.contract';
export * from './webhooks.events';
export * from './webhooks.rules';
export * from './webhooks.schemas';
export * from './webhooks.contract';
