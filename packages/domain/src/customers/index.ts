export * from './tax-id';
export * from './schemas';
export * from './contract';
