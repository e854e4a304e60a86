export * from './request';
export * from './product';
export * from './account';
export * from './admin';
export * from './guides';
export * from './media-ingest';
export * from './trust';
export * from './releases';
