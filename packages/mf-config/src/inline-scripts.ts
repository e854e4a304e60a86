import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  EARLY_REMOTE_MAP_GLOBAL,
  FIRST_SCREEN_GLOBAL,
  FIRST_SCREEN_ID,
  RELEASE_SESSION_KEY,
  REMOTE_MAP_TIMEOUT_MS,
  ROUTES,
} from '@wayfarer/contracts';

/** An inline script's source (a `*.inline.js` file beside this one), its comments and indentation dropped. */
function readInline(file: string): string {
  return readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/^\s+/gm, '')
    .trim();
}

/**
 * The shell's inline remote preloader (remote-preload.inline.js) with the route table and the release registry's
 * names (session key, global) and time-out written in: it is inlined into every page the shell serves.
 */
export function remotePreloadScript(): string {
  const routes = JSON.stringify(ROUTES.map((r) => [r.path, r.remote, r.access]));
  return readInline('remote-preload.inline.js')
    .replace('__ROUTES__', () => routes)
    .replaceAll('__SESSION_KEY__', () => JSON.stringify(RELEASE_SESSION_KEY))
    .replaceAll('__EARLY_GLOBAL__', () => JSON.stringify(EARLY_REMOTE_MAP_GLOBAL))
    .replaceAll('__TIMEOUT_MS__', () => String(REMOTE_MAP_TIMEOUT_MS))
    .replaceAll('__FIRST_SCREEN_ID__', () => JSON.stringify(FIRST_SCREEN_ID))
    .replaceAll('__FIRST_SCREEN_GLOBAL__', () => JSON.stringify(FIRST_SCREEN_GLOBAL));
}

/** The host's ICU warm-up (intl-warmup.inline.js): Intl's first-use cost paid by a worker while scripts download. */
export function intlWarmupScript(): string {
  return readInline('intl-warmup.inline.js');
}
