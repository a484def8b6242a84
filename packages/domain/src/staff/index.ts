export * from './schemas';
export * from './audit';
export * from './flows';
export * from './jobs';
export * from './providers';
export * from './contract';
