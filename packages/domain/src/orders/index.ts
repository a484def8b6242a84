export * from './schemas';
export * from './contract';
export * from './bulk-csv';
