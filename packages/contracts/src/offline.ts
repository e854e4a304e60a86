import type { RemoteName } from './remotes';

/**
 * The offline contract between the explore remote (which writes offline packs) and the shell's service
 * worker (which serves them when the network is missing), and between the shell's page and its service worker.
 */

/** One Cache Storage cache per downloaded sight: `wf-pack-<sightId>`. */
export const OFFLINE_PACK_CACHE_PREFIX = 'wf-pack-';

/** The cache holding the packs' index (one JSON entry, OFFLINE_PACK_INDEX_URL). */
export const OFFLINE_PACK_INDEX_CACHE = 'wf-packs-index';
export const OFFLINE_PACK_INDEX_URL = '/__wayfarer/offline-packs.json';

/** A downloaded sight, as the Downloads page lists it. */
export interface OfflinePack {
  sightId: string;
  name: string;
  /** The guide's language, when the pack holds a guide. */
  language: string | null;
  stations: number;
  /** Bytes stored (the bodies of every response in the pack's cache). */
  bytes: number;
  files: number;
  /** ISO time of the download. */
  savedAt: string;
}

export interface OfflinePackIndex {
  packs: OfflinePack[];
}

/** The remote versions a page runs, which the service worker precaches (each remote at its map's URL). */
export interface PrecacheRemotesMessage {
  type: 'WF_PRECACHE_REMOTES';
  remotes: { name: RemoteName; base: string; version: string | null }[];
}

export const PRECACHE_REMOTES: PrecacheRemotesMessage['type'] = 'WF_PRECACHE_REMOTES';

/** A page tells the service worker that a pack was downloaded or deleted (it keeps the packs' URLs in memory). */
export const OFFLINE_PACKS_CHANGED = 'WF_OFFLINE_PACKS_CHANGED';
