export * from './components';
export * from './page-meta';
export * from './lazy-page';
export * from './prefetch';
export * from './pending';
export * from './toast';
