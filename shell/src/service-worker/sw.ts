/**
 * The shell's service worker, built by Workbox's InjectManifest in production builds only:
 * - precaches the shell's own files (the list Workbox writes into `self.__WB_MANIFEST`); a new build waits until the
 *   page's 'Update available: reload' prompt asks it to take over (SKIP_WAITING), so an open tab never breaks;
 * - precaches, per remote, every file of the build the page's remote map names (PRECACHE_REMOTES from the page),
 *   one cache per remote build, and serves them when the network is missing (remote-caches.ts);
 * - serves the sights downloaded for offline (one cache per pack, written by the explore remote) when the network
 *   fails, audio with HTTP Range (workbox-range-requests) so seeking works offline;
 * - keeps the last release-registry remote map and the last navigation page for offline starts.
 */
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { createPartialResponse } from 'workbox-range-requests';
import {
  OFFLINE_PACKS_CHANGED,
  OFFLINE_PACK_CACHE_PREFIX,
  PRECACHE_REMOTES,
  type PrecacheRemotesMessage,
} from '@wayfarer/contracts/browser';
import {
  REMOTE_CACHE_PREFIX,
  REMOTE_INDEX_CACHE,
  REMOTE_INDEX_URL,
  cacheForUrl,
  isRemoteFile,
  remoteCacheName,
  remoteFileUrls,
  updateIndex,
  type RemoteIndexEntry,
  type RemoteManifest,
} from './remote-caches';

/** The parts of ServiceWorkerGlobalScope used here (the project's TypeScript has the DOM library, not WebWorker). */
interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  data: unknown;
}
declare const self: {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  location: Location;
  navigator: Navigator;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (e: ExtendableMessageEvent) => void): void;
};

const REMOTE_MAP_CACHE = 'wf-remote-map';

// --- the shell -------------------------------------------------------------------------------------------------
cleanupOutdatedCaches();
// No directory index: '/' is a page with the runtime config written in; it is asked for from the network and only
// answered from the precache when the network is missing (the navigation route below).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });

registerRoute(
  new NavigationRoute(async ({ request }) => {
    // The page's first requests may be for a downloaded sight: the worker knows its packs by then.
    await packsReady.catch(() => undefined);
    try {
      return await fetch(request);
    } catch (err) {
      const page = await matchPrecache('/index.html');
      if (page) return page;
      throw err;
    }
  }),
);

// The release registry's answer (this session's remote versions), kept for a start without a connection.
registerRoute(
  ({ url }) => url.pathname.endsWith('/releases/remote-map'),
  new NetworkFirst({
    cacheName: REMOTE_MAP_CACHE,
    plugins: [{ cacheKeyWillBeUsed: async ({ request }) => request.url.split('?')[0] }],
  }),
);

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === PRECACHE_REMOTES)
    event.waitUntil(precacheRemotes((data as PrecacheRemotesMessage).remotes));
});

// --- remotes ---------------------------------------------------------------------------------------------------
async function readIndex(): Promise<RemoteIndexEntry[]> {
  const res = await (await caches.open(REMOTE_INDEX_CACHE)).match(REMOTE_INDEX_URL);
  return res ? ((await res.json()) as RemoteIndexEntry[]) : [];
}

async function writeIndex(index: RemoteIndexEntry[]): Promise<void> {
  const body = JSON.stringify(index);
  await (
    await caches.open(REMOTE_INDEX_CACHE)
  ).put(REMOTE_INDEX_URL, new Response(body, { headers: { 'Content-Type': 'application/json' } }));
}

async function digest(text: string): Promise<string> {
  const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Index updates one at a time (pages of several tabs may ask together). */
let indexQueue: Promise<unknown> = Promise.resolve();

/** Caches one remote build completely (a failed file drops the whole cache), then points the index at it. */
async function precacheRemote(name: string, base: string, version: string | null): Promise<void> {
  const root = base.replace(/\/+$/, '');
  const manifestRes = await fetch(`${root}/mf-manifest.json`, { cache: 'no-cache', mode: 'cors' });
  if (!manifestRes.ok) throw new Error(`${name}: mf-manifest.json answered ${manifestRes.status}`);
  const text = await manifestRes.text();
  const cacheName = remoteCacheName(name, version, await digest(text));
  const complete = `${root}/__wayfarer-complete`;
  if (!(await (await caches.open(cacheName)).match(complete))) {
    const cache = await caches.open(cacheName);
    try {
      const urls = remoteFileUrls(root, JSON.parse(text) as RemoteManifest).filter(
        (u) => u !== `${root}/mf-manifest.json`,
      );
      await cache.put(
        `${root}/mf-manifest.json`,
        new Response(text, { headers: { 'Content-Type': 'application/json; charset=utf-8' } }),
      );
      // A few at a time: this runs beside the page's own loading.
      for (let i = 0; i < urls.length; i += 4)
        await Promise.all(
          urls.slice(i, i + 4).map(async (u) => {
            if (await cache.match(u)) return;
            const res = await fetch(u, { mode: 'cors', credentials: 'omit' });
            if (!res.ok) throw new Error(`${u} answered ${res.status}`);
            await cache.put(u, res);
          }),
        );
      await cache.put(complete, new Response('ok'));
    } catch (err) {
      await caches.delete(cacheName);
      throw err;
    }
  }
  const next = (indexQueue = indexQueue.then(async () => {
    const entry = { name, base: root, cache: cacheName, at: Date.now() };
    const { index, drop } = updateIndex(await readIndex(), entry, await caches.keys());
    await writeIndex(index);
    await Promise.all(drop.map((c) => caches.delete(c)));
  }));
  await next;
}

async function precacheRemotes(remotes: PrecacheRemotesMessage['remotes']): Promise<void> {
  for (const r of remotes) {
    try {
      await precacheRemote(r.name, r.base, r.version);
    } catch (err) {
      console.warn(`[sw] could not precache the ${r.name} remote`, err);
    }
  }
}

/**
 * No connection at all, as opposed to one remote's server being down (which still shows that remote's error and
 * Retry): the browser says so, or the shell's own origin does not answer either.
 */
async function offline(): Promise<boolean> {
  if (self.navigator.onLine === false) return true;
  try {
    await fetch(`${self.location.origin}/healthz`, { cache: 'no-store', signal: AbortSignal.timeout(3000) });
    return false;
  } catch {
    return true;
  }
}

// A remote's entry, manifest and hashed chunks: from the network; without one, from the build the index names
// for that URL (the entry and manifest of one build together), a hashed chunk from any build that has it.
registerRoute(
  ({ url }) => url.origin !== self.location.origin && isRemoteFile(url.pathname),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch (err) {
      if (!(await offline())) throw err;
      const entry = cacheForUrl(await readIndex(), request.url);
      const own = entry ? await (await caches.open(entry.cache)).match(request.url) : undefined;
      const hit = own ?? (await matchIn(REMOTE_CACHE_PREFIX, request));
      if (!hit) throw err;
      return hit;
    }
  },
);

// --- offline packs ---------------------------------------------------------------------------------------------
async function matchIn(prefix: string, request: Request): Promise<Response | undefined> {
  for (const name of await caches.keys()) {
    if (!name.startsWith(prefix)) continue;
    const hit = await (await caches.open(name)).match(request.url, { ignoreVary: true });
    if (hit) return hit;
  }
  return undefined;
}

/**
 * Every URL some downloaded pack holds. Only those requests are the worker's (a route must match at once, so the
 * set is kept in memory): everything else goes to the network untouched, as without a service worker.
 */
let packed = new Set<string>();
async function loadPacked(): Promise<void> {
  const next = new Set<string>();
  for (const name of await caches.keys())
    if (name.startsWith(OFFLINE_PACK_CACHE_PREFIX))
      for (const req of await (await caches.open(name)).keys()) next.add(req.url);
  packed = next;
}
let packsReady = loadPacked();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === OFFLINE_PACKS_CHANGED)
    event.waitUntil((packsReady = loadPacked()));
});

// A file of a downloaded pack (the API's answers, photos, audio, map tiles): the network; when it fails, the pack's
// copy, a Range request answered with the part asked for (seeking in the audio).
registerRoute(
  ({ url }) => packed.has(url.href),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch (err) {
      const hit = await matchIn(OFFLINE_PACK_CACHE_PREFIX, request);
      if (!hit) throw err;
      return request.headers.has('range') ? createPartialResponse(request, hit) : hit;
    }
  },
);
