export * from './accounts';
export * from './catalog';
export * from './contract';
