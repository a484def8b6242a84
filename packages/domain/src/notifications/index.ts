export * from './schemas';
export * from './texts';
export * from './news';
export * from './contract';
