export * from './components';
export * from './page-meta';
