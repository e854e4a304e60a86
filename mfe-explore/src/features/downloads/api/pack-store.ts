import {
  OFFLINE_PACKS_CHANGED,
  OFFLINE_PACK_CACHE_PREFIX,
  OFFLINE_PACK_INDEX_CACHE,
  OFFLINE_PACK_INDEX_URL,
} from '@wayfarer/contracts/browser';
import type { OfflinePack, OfflinePackIndex } from '@wayfarer/contracts';
import type { PackFile } from '../utils/pack-plan';
import { parseIndex, withPack, withoutPack } from '../utils/pack-index';

/**
 * The offline packs in Cache Storage: one cache per sight (`wf-pack-<id>`) holding each file at the URL
 * the pages ask for, which the shell's service worker answers from when the network is missing, and a small index.
 */
export const packCacheName = (sightId: string) => `${OFFLINE_PACK_CACHE_PREFIX}${sightId}`;

export const offlineStorageSupported = () => typeof caches !== 'undefined';

export async function readPackIndex(): Promise<OfflinePackIndex> {
  if (!offlineStorageSupported()) return { packs: [] };
  const res = await (await caches.open(OFFLINE_PACK_INDEX_CACHE)).match(OFFLINE_PACK_INDEX_URL);
  return parseIndex(res ? await res.json().catch(() => null) : null);
}

async function writePackIndex(index: OfflinePackIndex): Promise<void> {
  await (
    await caches.open(OFFLINE_PACK_INDEX_CACHE)
  ).put(
    OFFLINE_PACK_INDEX_URL,
    new Response(JSON.stringify(index), { headers: { 'Content-Type': 'application/json' } }),
  );
}

/** Index changes one at a time (two downloads may finish together). */
let queue: Promise<unknown> = Promise.resolve();
const updateIndex = (change: (i: OfflinePackIndex) => OfflinePackIndex) => {
  const next = queue.then(async () => writePackIndex(change(await readPackIndex())));
  queue = next.catch(() => undefined);
  return next.then(tellServiceWorker);
};

/** The shell's service worker answers only the URLs of the packs it knows of: it re-reads them. */
async function tellServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  registration?.active?.postMessage({ type: OFFLINE_PACKS_CHANGED });
}

export async function deletePack(sightId: string): Promise<void> {
  await caches.delete(packCacheName(sightId));
  await updateIndex((i) => withoutPack(i, sightId));
}

const auth = (f: PackFile, token: string | null): RequestInit =>
  f.auth && token ? { headers: { Authorization: `Bearer ${token}` } } : {};

/** The sizes the servers give for the pack's files (HEAD; a file that does not say is guessed later). */
export async function fileSizes(files: PackFile[], token: string | null): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  await inBatches(
    files.filter((f) => f.kind !== 'tile'),
    async (f) => {
      const res = await fetch(f.url, { method: 'HEAD', ...auth(f, token) }).catch(() => null);
      const len = Number(res?.ok ? res.headers.get('content-length') : NaN);
      if (Number.isFinite(len) && len > 0) sizes.set(f.url, len);
    },
  );
  return sizes;
}

/** Headers a stored copy keeps: the body is stored decoded, so no encoding or length of the wire's. */
function storedHeaders(res: Response, size: number): Headers {
  const h = new Headers();
  for (const name of ['content-type', 'etag', 'last-modified', 'cache-control'])
    if (res.headers.get(name)) h.set(name, res.headers.get(name)!);
  h.set('content-length', String(size));
  if (!h.has('content-type')) h.set('content-type', 'application/octet-stream');
  return h;
}

/** One file into the pack's cache; its bytes (0 for an opaque map tile, whose size a browser does not tell). */
async function storeFile(cache: Cache, f: PackFile, token: string | null): Promise<number> {
  let res: Response;
  try {
    res = await fetch(f.url, { ...auth(f, token), mode: 'cors', credentials: 'omit' });
  } catch (err) {
    if (f.kind !== 'tile') throw err;
    // A tile server without CORS: an opaque copy still shows in the map's <img>.
    res = await fetch(f.url, { mode: 'no-cors' });
    await cache.put(f.url, res);
    return 0;
  }
  if (!res.ok) throw new Error(`${f.url} answered ${res.status}`);
  const body = await res.blob();
  await cache.put(
    f.url,
    new Response(body, { status: 200, statusText: 'OK', headers: storedHeaders(res, body.size) }),
  );
  return body.size;
}

export interface PackProgress {
  done: number;
  total: number;
  bytes: number;
}

/**
 * Downloads a pack: every file into a fresh cache (a required file that fails removes the whole pack; an optional one
 * is skipped), then the index entry. Asks for persistent storage first, so the browser keeps it when space runs low.
 */
export async function downloadPack(
  files: PackFile[],
  pack: Omit<OfflinePack, 'bytes' | 'files' | 'savedAt'>,
  token: string | null,
  onProgress: (p: PackProgress) => void,
): Promise<OfflinePack> {
  void navigator.storage?.persist?.().catch(() => false);
  const name = packCacheName(pack.sightId);
  await caches.delete(name);
  const cache = await caches.open(name);
  const progress: PackProgress = { done: 0, total: files.length, bytes: 0 };
  let stored = 0;
  onProgress({ ...progress });
  try {
    await inBatches(files, async (f) => {
      try {
        progress.bytes += await storeFile(cache, f, token);
        stored++;
      } catch (err) {
        if (!f.optional) throw err;
      }
      progress.done++;
      onProgress({ ...progress });
    });
  } catch (err) {
    await caches.delete(name);
    throw err;
  }
  const saved: OfflinePack = {
    ...pack,
    bytes: progress.bytes,
    files: stored,
    savedAt: new Date().toISOString(),
  };
  await updateIndex((i) => withPack(i, saved));
  return saved;
}

async function inBatches<T>(items: T[], run: (item: T) => Promise<void>, size = 4): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

/** What the browser lets this site store, and what it uses (navigator.storage.estimate()). */
export async function storageEstimate(): Promise<{
  usage: number;
  quota: number;
  persisted: boolean;
} | null> {
  if (!navigator.storage?.estimate) return null;
  const { usage = 0, quota = 0 } = await navigator.storage.estimate();
  const persisted = (await navigator.storage.persisted?.().catch(() => false)) ?? false;
  return { usage, quota, persisted };
}

export async function requestPersistence(): Promise<boolean> {
  return (await navigator.storage?.persist?.().catch(() => false)) ?? false;
}
