export * from './rules';
export * from './schemas';
export * from './collections';
export * from './imports';
export * from './contract';
export * from './collections.contract';
