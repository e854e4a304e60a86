import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROUTES } from '@wayfarer/contracts';

/**
 * The shell's inline remote preloader (remote-preload.inline.js, read here) with the route table written in, its
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
    .trim();
}
