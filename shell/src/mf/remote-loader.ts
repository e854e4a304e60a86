import { loadRemote, registerRemotes } from './federation';
import { REMOTE_NAMES, REMOTES, readRuntimeConfig, remoteEntryUrl } from '@wayfarer/contracts/browser';
import type { RemoteAppModule, RemoteMap, RemoteName } from '@wayfarer/contracts';
import { toChunkLoadError } from './chunk-load-error';

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
export async function registerRemoteMap(): Promise<RemoteMap> {
  const inlined = readRuntimeConfig().remotes;
  if (REMOTE_NAMES.every((name) => inlined[name])) remoteMap = inlined as RemoteMap;
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

export function getRemoteMap(): RemoteMap | null {
  return remoteMap;
}

/** Loads `<remote>/App`, turning every failure into a ChunkLoadError. */
export async function loadRemoteApp(name: RemoteName): Promise<RemoteAppModule> {
  const timeoutMs = readRuntimeConfig().chunkTimeoutMs;
  try {
    const mod = await loadRemote<RemoteAppModule>(`${name}/App`);
    if (!mod?.default) throw new Error(`${name}/App has no default export`);
    return mod;
  } catch (err) {
    throw toChunkLoadError(err, name, timeoutMs);
  }
}

/** Forgets a failed remote so the next attempt fetches its entry again (Retry). */
export function resetRemote(name: RemoteName): void {
  if (!remoteMap) return;
  registerRemotes([{ name, entry: remoteEntryUrl(remoteMap[name]) }], { force: true });
}
