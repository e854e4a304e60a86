export * from './request';
export * from './product';
export * from './account';
