export * from './schemas';
export * from './sat-units';
export * from './sat-products';
export * from './tariff';
export * from './contract';
