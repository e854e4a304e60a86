import { REMOTE_NAMES, REMOTES, readRuntimeConfig, remoteEntryUrl } from '@wayfarer/contracts/browser';
import type { RemoteAppModule, RemoteMap, RemoteName } from '@wayfarer/contracts';
import { toChunkLoadError } from './chunk-load-error';

declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: { default: unknown };

interface Container {
  init(scope: unknown): Promise<void> | void;
  get(module: string): Promise<() => unknown>;
}

let remoteMap: RemoteMap | null = null;
const containers = new Map<RemoteName, Promise<Container>>();

function defaultMap(): RemoteMap {
  const map = {} as RemoteMap;
  for (const name of REMOTE_NAMES) map[name] = `${window.location.protocol}//${window.location.hostname}:${REMOTES[name].port}`;
  return map;
}

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
  return remoteMap;
}

export function getRemoteMap(): RemoteMap | null {
  return remoteMap;
}

function container(name: RemoteName, timeoutMs: number): Promise<Container> {
  let c = containers.get(name);
  if (!c) {
    c = new Promise<Container>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = remoteEntryUrl(remoteMap![name]);
      script.crossOrigin = 'anonymous';
      script.dataset.remote = name;
      const timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
      script.onload = async () => {
        clearTimeout(timer);
        const found = (window as unknown as Record<string, Container | undefined>)[name];
        if (!found) return reject(new Error(`${name}'s remoteEntry.js defines no container`));
        await __webpack_init_sharing__('default');
        await found.init(__webpack_share_scopes__.default);
        resolve(found);
      };
      script.onerror = () => {
        clearTimeout(timer);
        reject(new Error(`${script.src} could not be loaded`));
      };
      document.head.appendChild(script);
    });
    containers.set(name, c);
  }
  return c;
}

export async function loadRemoteApp(name: RemoteName): Promise<RemoteAppModule> {
  const timeoutMs = readRuntimeConfig().chunkTimeoutMs;
  try {
    const factory = await (await container(name, timeoutMs)).get('./App');
    const mod = factory() as RemoteAppModule;
    if (!mod?.default) throw new Error(`${name}/App has no default export`);
    return mod;
  } catch (err) {
    throw toChunkLoadError(err, name, timeoutMs);
  }
}

export function resetRemote(name: RemoteName): void {
  containers.delete(name);
  document.querySelectorAll(`script[data-remote="${name}"]`).forEach((s) => s.remove());
  delete (window as unknown as Record<string, unknown>)[name];
}
