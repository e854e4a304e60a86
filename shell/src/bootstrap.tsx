import { createRoot } from 'react-dom/client';
import '@wayfarer/ui/styles.css';
import './app/shell.css';
import { startUserStore } from '@wayfarer/session';
import { registerRemoteMap } from './mf/remote-loader';
import { App } from './app/app';
import { shellCatalogReady } from './i18n';
import { startPwa } from './features/pwa';

async function start() {
  // Not awaited: the release registry's answer (the session's remote map) is needed by the first remote load,
  // which waits for it (remote-loader.ts), not by the shell's own first render.
  void registerRemoteMap();
  // The shell's messages in the visitor's language are there before the first render (no English flash).
  await shellCatalogReady;
  startUserStore();
  createRoot(document.getElementById('root')!).render(<App />);
  startPwa();
}

start();
