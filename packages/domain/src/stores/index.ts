export * from './schemas';
export * from './contract';
