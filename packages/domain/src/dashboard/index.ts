export * from './periods';
export * from './schemas';
export * from './contract';
