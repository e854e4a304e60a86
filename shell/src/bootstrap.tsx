import { createRoot } from 'react-dom/client';
import '@wayfarer/ui/styles.css';
import './app/shell.css';
import { startUserStore } from '@wayfarer/session';
import { registerRemoteMap } from './mf/remote-loader';
import { App } from './app/app';
import { shellCatalogReady } from './i18n';

async function start() {
  // The shell's messages in the visitor's language are there before the first render (no English flash).
  await Promise.all([registerRemoteMap(), shellCatalogReady]);
  startUserStore();
  createRoot(document.getElementById('root')!).render(<App />);
}

void start();
