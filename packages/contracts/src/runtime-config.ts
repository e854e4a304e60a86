import { REMOTE_NAMES, type RemoteMap } from './remotes';

/** Settings the browser apps read at run time from `/runtime-config.js` (window.__WAYFARER_CONFIG__). */
export interface RuntimeConfig {
  apiUrl: string;
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** PUBLIC_SITE_ORIGIN: where sign-up e-mail links and OAuth redirects land ('' = the page's own origin). */
  publicSiteOrigin: string;
  chunkTimeoutMs: number;
  mapTileUrl: string;
  /**
   * MAP_PMTILES_URL: a self-hosted vector base map, one PMTiles file (object storage, range requests). When set it is
   * the explore map's base layer, ahead of mapTileUrl; '' = none.
   */
  mapPmtilesUrl: string;
  mapDataUrl: string;
  geocodeUrl: string;
  /**
   * The remote map (as /remotes.json), so the shell registers its remotes without another round trip and the
   * HTML can preload the current route's remote before the shell's code runs. Empty when not served.
   */
  remotes: Partial<RemoteMap>;
}

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  apiUrl: '',
  supabaseUrl: 'http://localhost:4000',
  supabaseAnonKey: '',
  publicSiteOrigin: '',
  chunkTimeoutMs: 120_000,
  mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  mapPmtilesUrl: '',
  mapDataUrl: '',
  geocodeUrl: '',
  remotes: {},
};

export const RUNTIME_CONFIG_GLOBAL = '__WAYFARER_CONFIG__';

/**
 * Reads the runtime config the page was served with, falling back to local defaults field by field.
 * Plain checks rather than zod keep the validator out of every browser bundle.
 */
export function readRuntimeConfig(): RuntimeConfig {
  const raw =
    typeof window !== 'undefined'
      ? (window as unknown as Record<string, unknown>)[RUNTIME_CONFIG_GLOBAL]
      : undefined;
  const out: RuntimeConfig = { ...DEFAULT_RUNTIME_CONFIG, remotes: {} };
  if (!raw || typeof raw !== 'object') return out;
  const r = raw as Record<string, unknown>;
  for (const key of Object.keys(DEFAULT_RUNTIME_CONFIG) as (keyof RuntimeConfig)[]) {
    const v = r[key];
    if (key === 'remotes') {
      if (v && typeof v === 'object')
        for (const name of REMOTE_NAMES) {
          const url = (v as Record<string, unknown>)[name];
          if (typeof url === 'string' && url) out.remotes[name] = url;
        }
      continue;
    }
    const d = DEFAULT_RUNTIME_CONFIG[key];
    if (Array.isArray(d)) {
      if (Array.isArray(v))
        (out as unknown as Record<string, unknown>)[key] = v.filter((x) => typeof x === 'string');
    } else if (typeof v === typeof d && (typeof v !== 'number' || (Number.isFinite(v) && v > 0))) {
      (out as unknown as Record<string, unknown>)[key] = v;
    }
  }
  return out;
}
