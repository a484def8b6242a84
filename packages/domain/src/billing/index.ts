export * from './invoices';
export * from './contract';
