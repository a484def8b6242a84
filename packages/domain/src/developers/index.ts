export * from './webhooks.events';
export * from './webhooks.rules';
export * from './webhooks.schemas';
export * from './webhooks.contract';
