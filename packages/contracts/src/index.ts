export * from './remotes';
export * from './routes';
export * from './runtime-config';
export * from './manifest-check';
export * from './api';
export * from './api/admin';
export * from './pricing';
export * from './account';
