export * from './client';
export * from './session-storage';
export * from './site-origin';
export * from './user-store';
export * from './hooks';
export * from './theme';
export * from './query-client';
export * from './query-view';
