import { lazy } from 'react';

// Offline packs. The download block loads with the sight's page only when it is shown (its own chunk).
export const DownloadPack = lazy(() =>
  import(/* webpackChunkName: "download-pack" */ './components/download-pack').then((m) => ({
    default: m.DownloadPack,
  })),
);
export { NeedsConnection } from './components/needs-connection';
export { useOnline } from './hooks/use-online';
export { useConnectionLost } from './hooks/use-connection-lost';
