export * from './schemas';
export * from './contract';
export * from './business-hours';
export * from './tickets';
export * from './tickets.contract';
