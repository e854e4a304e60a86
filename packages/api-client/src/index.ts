export * from './request';
export * from './product';
