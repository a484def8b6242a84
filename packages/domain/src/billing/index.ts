export * from './invoices';
export * from './contract';
export * from './cancellation';
