/**
 * The pure rules of the service worker's remote precache: which files of a remote's build are cached,
 * under which cache name, and which caches a new version lets go. A remote version's files live in a cache of
 * their own (`wf-remote-<name>-<version>-<digest of its mf-manifest.json>`), filled completely before the index
 * points at it, so an entry is only ever served offline with the chunks of its own build.
 */

export const REMOTE_CACHE_PREFIX = 'wf-remote-';
export const REMOTE_INDEX_CACHE = 'wf-remote-index';
export const REMOTE_INDEX_URL = '/__wayfarer/remote-index.json';
/** How many builds of one remote stay cached: the newest and the one an open tab may still run. */
export const KEEP_PER_REMOTE = 2;

/** The parts of a remote's mf-manifest.json that name files (mf-config's ContainerManifestPlugin). */
export interface RemoteManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: {
    assets?: { js?: { sync?: string[]; async?: string[] }; css?: { sync?: string[]; async?: string[] } };
  }[];
  shared?: { assets?: { js?: { sync?: string[]; async?: string[] } } }[];
  routes?: Record<string, string[]>;
  /** Every script, style and media file of the build. */
  files?: string[];
}

/** One cached build of a remote, as the index records it. */
export interface RemoteIndexEntry {
  name: string;
  /** The URL the remote map names (its files are under it). */
  base: string;
  cache: string;
  /** When a page last asked for it (ms). */
  at: number;
}

const trimBase = (base: string) => base.replace(/\/+$/, '');

/** Every file of the build the manifest describes, as absolute URLs under `base`, the entry and manifest first. */
export function remoteFileUrls(base: string, manifest: RemoteManifest): string[] {
  const root = trimBase(base);
  const entry = manifest.metaData?.remoteEntry?.name || 'remoteEntry.js';
  const files = new Set<string>([entry, 'mf-manifest.json']);
  const add = (list?: string[]) => list?.forEach((f) => files.add(f));
  for (const e of manifest.exposes ?? []) {
    add(e.assets?.js?.sync);
    add(e.assets?.js?.async);
    add(e.assets?.css?.sync);
    add(e.assets?.css?.async);
  }
  for (const s of manifest.shared ?? []) add(s.assets?.js?.async);
  for (const list of Object.values(manifest.routes ?? {})) add(list);
  add(manifest.files);
  return [...files]
    .filter((f) => f && !/^[a-z]+:/i.test(f) && !f.includes('..'))
    .map((f) => `${root}/${f.replace(/^\.?\//, '')}`);
}

/** The cache of one build of a remote: its name, version (the registry's, else 'current') and manifest digest. */
export function remoteCacheName(name: string, version: string | null, digest: string): string {
  const safe = (v: string) => v.replace(/[^A-Za-z0-9._-]/g, '_');
  return `${REMOTE_CACHE_PREFIX}${safe(name)}-${safe(version ?? 'current')}-${digest.slice(0, 16)}`;
}

/**
 * The index after a page asked for `entry` (its build now fully cached): that entry first, then the remote's others
 * newest first, up to KEEP_PER_REMOTE of that remote; and the caches of the remote no entry names any more.
 */
export function updateIndex(
  index: RemoteIndexEntry[],
  entry: RemoteIndexEntry,
  cacheNames: string[],
): { index: RemoteIndexEntry[]; drop: string[] } {
  const base = trimBase(entry.base);
  const others = index.filter((e) => e.name !== entry.name);
  const same = index
    .filter((e) => e.name === entry.name && !(trimBase(e.base) === base && e.cache === entry.cache))
    .sort((a, b) => b.at - a.at);
  const kept = [{ ...entry, base }, ...same].slice(0, KEEP_PER_REMOTE);
  const named = new Set([...others, ...kept].map((e) => e.cache));
  const prefix = `${REMOTE_CACHE_PREFIX}${entry.name}-`;
  return {
    index: [...others, ...kept],
    drop: cacheNames.filter((c) => c.startsWith(prefix) && !named.has(c)),
  };
}

/** The newest cached build whose base the URL is under (the one to serve that remote's entry from offline). */
export function cacheForUrl(index: RemoteIndexEntry[], url: string): RemoteIndexEntry | null {
  let best: RemoteIndexEntry | null = null;
  for (const e of index) {
    const base = `${trimBase(e.base)}/`;
    if (!url.startsWith(base)) continue;
    // The longest base wins (`/releases/v2/` over the origin's root), then the newest.
    if (
      !best ||
      base.length > trimBase(best.base).length + 1 ||
      (base.length === trimBase(best.base).length + 1 && e.at > best.at)
    )
      best = e;
  }
  return best;
}

/** A remote's own file by its path: its entry, its manifest or a content-hashed chunk. */
export function isRemoteFile(pathname: string): boolean {
  return (
    /\/(remoteEntry\.js|mf-manifest\.json)$/.test(pathname) || /\.[0-9a-f]{16}\.(js|css)$/.test(pathname)
  );
}
