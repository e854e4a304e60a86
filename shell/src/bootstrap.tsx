import { createRoot } from 'react-dom/client';
import '@wayfarer/ui/styles.css';
import './app/shell.css';
import { startUserStore } from '@wayfarer/session';
import { registerRemoteMap } from './mf/remote-loader';
import { App } from './app/app';

async function start() {
  await registerRemoteMap();
  startUserStore();
  createRoot(document.getElementById('root')!).render(<App />);
}

void start();
