import { loadRemote, registerRemotes } from './federation';
import { REMOTE_NAMES, REMOTES, readRuntimeConfig, remoteEntryUrl } from '@wayfarer/contracts/browser';
import type { RemoteAppModule, RemoteMap, RemoteName } from '@wayfarer/contracts';
import { isTimeout, toChunkLoadError } from './chunk-load-error';
import { fetchRegistryMap, setRemoteVersions } from './remote-map';
import { reportLoadFailure } from './report-failure';

let remoteMap: RemoteMap | null = null;

/** Defaults when /remotes.json cannot be read: the local ports of ARCHITECTURE.md on this host. */
function defaultMap(): RemoteMap {
  const map = {} as RemoteMap;
  for (const name of REMOTE_NAMES)
    map[name] = `${window.location.protocol}//${window.location.hostname}:${REMOTES[name].port}`;
  return map;
}

/**
 * Registers every remote's entry (`<origin>/remoteEntry.js`) with the shell's container loader (federation.ts),
 * from the remote map the shell was started with: the copy inlined in /runtime-config.js (no extra round trip),
 * else /remotes.json, else local defaults. The one place the remote map is read.
 */
export function registerRemoteMap(): Promise<RemoteMap> {
  mapReady = resolveRemoteMap();
  return mapReady;
}

/** The registration under way: a remote's first load waits for it (the shell renders meanwhile). */
let mapReady: Promise<RemoteMap> | null = null;

async function resolveRemoteMap(): Promise<RemoteMap> {
  const inlined = readRuntimeConfig().remotes;
  // The release registry first (this session's versions, remote-map.ts); the served map when the API
  // cannot answer.
  const registry = await fetchRegistryMap();
  if (registry) remoteMap = registry;
  else if (REMOTE_NAMES.every((name) => inlined[name])) remoteMap = inlined as RemoteMap;
  else {
    try {
      const res = await fetch('/remotes.json', { cache: 'no-cache' });
      if (!res.ok) throw new Error(`remotes.json answered ${res.status}`);
      remoteMap = { ...defaultMap(), ...((await res.json()) as Partial<RemoteMap>) };
    } catch (err) {
      console.error('Could not read /remotes.json, using local defaults', err);
      remoteMap = defaultMap();
    }
  }
  registerRemotes(REMOTE_NAMES.map((name) => ({ name, entry: remoteEntryUrl(remoteMap![name]) })));
  return remoteMap;
}

/** The remote map once it is resolved (the registration's, or a new one started here). */
export function remoteMapReady(): Promise<RemoteMap> {
  return mapReady ?? registerRemoteMap();
}

export function getRemoteMap(): RemoteMap | null {
  return remoteMap;
}

/** Back-off before each retry of a remote entry that failed to load. */
export const ENTRY_RETRY_DELAYS_MS = [400, 1600];

/** The entry script did not load (network, 404, time-out), as opposed to its code failing once it ran. */
const isEntryFailure = (err: unknown) =>
  isTimeout(err) ||
  /remoteEntry|defines no container|Failed to (load|fetch)/i.test(
    err instanceof Error ? `${err.name} ${err.message}` : String(err),
  );

/**
 * Loads `<remote>/App`, turning every failure into a ChunkLoadError. An entry that does not load is asked for again
 * after a back-off (ENTRY_RETRY_DELAYS_MS); a failure is reported to the release registry (report-failure.ts).
 */
export async function loadRemoteApp(name: RemoteName): Promise<RemoteAppModule> {
  const timeoutMs = readRuntimeConfig().chunkTimeoutMs;
  if (mapReady) await mapReady;
  let fellBack = false;
  for (let attempt = 0; ; attempt++) {
    try {
      const mod = await loadRemote<RemoteAppModule>(`${name}/App`);
      if (!mod?.default) throw new Error(`${name}/App has no default export`);
      return mod;
    } catch (err) {
      const entry = isEntryFailure(err);
      if (entry && !fellBack && !isTimeout(err) && (await switchToCachedBuild(name))) {
        fellBack = true;
        continue;
      }
      const delay = ENTRY_RETRY_DELAYS_MS[attempt];
      if (entry && delay !== undefined && !isTimeout(err)) {
        await new Promise((r) => setTimeout(r, delay));
        resetRemote(name);
        continue;
      }
      const failure = toChunkLoadError(err, name, timeoutMs);
      reportLoadFailure(name, entry ? 'entry' : 'expose', failure);
      throw failure;
    }
  }
}

/** Forgets a failed remote so the next attempt fetches its entry again (Retry). */
export function resetRemote(name: RemoteName): void {
  if (!remoteMap) return;
  registerRemotes([{ name, entry: remoteEntryUrl(remoteMap[name]) }], { force: true });
}

/**
 * Offline, the entry of a remote build the service worker never cached whole cannot load: the newest
 * build of that remote it did cache whole runs instead (offline-map.ts, a chunk of its own: only then is it needed).
 * True when the map now names another build.
 */
async function switchToCachedBuild(name: RemoteName): Promise<boolean> {
  if (!remoteMap) return false;
  try {
    const offline = await import(/* webpackChunkName: "offline-map" */ './offline-map');
    if (!(await offline.isOffline())) return false;
    const next = offline.completeOfflineMap(remoteMap, await offline.readRemoteIndex());
    if (next.map[name] === remoteMap[name]) return false;
    remoteMap = { ...remoteMap, [name]: next.map[name] };
    setRemoteVersions({ [name]: next.versions[name] ?? null });
    resetRemote(name);
    return true;
  } catch (err) {
    console.warn('[shell] could not read the cached remote builds', err);
    return false;
  }
}
