export * from './rules';
export * from './schemas';
export * from './contract';
