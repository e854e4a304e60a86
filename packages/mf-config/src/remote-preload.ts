import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  EARLY_REMOTE_MAP_GLOBAL,
  RELEASE_SESSION_KEY,
  REMOTE_MAP_TIMEOUT_MS,
  ROUTES,
} from '@wayfarer/contracts';

/**
 * The shell's inline remote preloader (remote-preload.inline.js, read here) with the route table and the release
 * registry's names (session key, global) and time-out written in, its
 * comments and indentation dropped: it is inlined into every page the shell serves.
 */
export function remotePreloadScript(): string {
  const source = readFileSync(
    path.join(path.dirname(fileURLToPath(import.meta.url)), 'remote-preload.inline.js'),
    'utf8',
  );
  const routes = JSON.stringify(ROUTES.map((r) => [r.path, r.remote]));
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/^\s+/gm, '')
    .replace('__ROUTES__', () => routes)
    .replaceAll('__SESSION_KEY__', () => JSON.stringify(RELEASE_SESSION_KEY))
    .replaceAll('__EARLY_GLOBAL__', () => JSON.stringify(EARLY_REMOTE_MAP_GLOBAL))
    .replaceAll('__TIMEOUT_MS__', () => String(REMOTE_MAP_TIMEOUT_MS))
    .trim();
}
