export * from './catalog';
export * from './contract';
