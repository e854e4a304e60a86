import type { RemoteMap, RemoteName } from '@wayfarer/contracts';
import { REMOTE_NAMES } from '@wayfarer/contracts/browser';
import {
  REMOTE_CACHE_PREFIX,
  REMOTE_INDEX_CACHE,
  REMOTE_INDEX_URL,
  type RemoteIndexEntry,
} from '../service-worker/remote-caches';

/**
 * An offline start: the remote map the shell starts with (the registry's last answer, kept by the service
 * worker) may name a remote version the worker never cached whole (its precache was cut short). Nothing could load
 * it; the newest build the worker's index holds whole runs instead, so the page opens rather than failing. Loaded
 * lazily by remote-loader.ts, only when a remote's entry failed to load.
 */

const trim = (base: string) => base.replace(/\/+$/, '');

/** The registry version of a cached build, from its cache name (remote-caches.ts: `<prefix><name>-<version>-<digest>`). */
export function versionOfCache(name: RemoteName, cache: string): string | null {
  const prefix = `${REMOTE_CACHE_PREFIX}${name}-`;
  if (!cache.startsWith(prefix)) return null;
  const version = cache.slice(prefix.length).replace(/-[0-9a-f]{16}$/, '');
  return version && version !== 'current' ? version : null;
}

/**
 * The map with each remote whose named build is not in the index replaced by that remote's newest indexed build;
 * `versions` says the registry version of each replaced one. A remote with no cached build at all is left as named
 * (its boundary then says it needs a connection).
 */
export function completeOfflineMap(
  map: RemoteMap,
  index: RemoteIndexEntry[],
): { map: RemoteMap; versions: Partial<Record<RemoteName, string | null>> } {
  const next = { ...map };
  const versions: Partial<Record<RemoteName, string | null>> = {};
  for (const name of REMOTE_NAMES) {
    const builds = index.filter((e) => e.name === name).sort((a, b) => b.at - a.at);
    if (!builds[0] || builds.some((e) => trim(e.base) === trim(map[name]))) continue;
    next[name] = builds[0].base;
    versions[name] = versionOfCache(name, builds[0].cache);
  }
  return { map: next, versions };
}

/** The service worker's index of whole remote builds, read from the page (empty without one). */
export async function readRemoteIndex(): Promise<RemoteIndexEntry[]> {
  if (typeof caches === 'undefined') return [];
  const res = await (await caches.open(REMOTE_INDEX_CACHE)).match(REMOTE_INDEX_URL);
  const body: unknown = res ? await res.json() : [];
  return Array.isArray(body) ? (body as RemoteIndexEntry[]) : [];
}

/**
 * No connection at all (as the service worker decides it): the browser says so, or the shell's own origin does not
 * answer either. A remote's server being down while the rest answers is not offline: that remote's error shows.
 */
export async function isOffline(): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  try {
    const signal = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(3000) : undefined;
    await fetch('/healthz', { cache: 'no-store', signal });
    return false;
  } catch {
    return true;
  }
}
