export * from './api-keys.rules';
export * from './api-keys.schemas';
export * from './api-keys.contract';
