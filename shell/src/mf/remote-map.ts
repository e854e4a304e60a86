import { getRemoteMap } from '@wayfarer/api-client';
import {
  EARLY_REMOTE_MAP_GLOBAL,
  RELEASE_SESSION_KEY,
  REMOTE_MAP_TIMEOUT_MS,
  REMOTE_NAMES,
  readRuntimeConfig,
} from '@wayfarer/contracts/browser';
import type { RemoteMap, RemoteMapResponse, RemoteName } from '@wayfarer/contracts';

/**
 * The remote map of this tab from the release registry: `GET <api>/releases/remote-map?session=<id>`
 * answers each remote's base URL for this session (the active version, or a canary for the share of sessions it
 * has). Asked once per page load, so an open tab keeps the versions it started with until it reloads; the session
 * id lives in sessionStorage, so a reload keeps its canary bucket. Null when the API cannot answer (the caller
 * falls back to the map the shell was served with).
 */

let versions: Partial<Record<RemoteName, string | null>> = {};
let session: string | null = null;

function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** This tab session's id (sessionStorage: kept across reloads, new in a new tab). */
export function releaseSessionId(): string {
  if (session) return session;
  try {
    session = sessionStorage.getItem(RELEASE_SESSION_KEY);
    if (!session) {
      session = newId();
      sessionStorage.setItem(RELEASE_SESSION_KEY, session);
    }
  } catch {
    session = newId();
  }
  return session;
}

/** The version of a remote this tab runs (null = the remote's current build, not a registered release). */
export function remoteVersion(name: RemoteName): string | null {
  return versions[name] ?? null;
}

/** An offline start runs another cached build of a remote than the map named (offline-map.ts): its version. */
export function setRemoteVersions(next: Partial<Record<RemoteName, string | null>>): void {
  versions = { ...versions, ...next };
}

/**
 * The answer the shell's HTML already asked for (remote-preload.inline.js), if it was asked for this session:
 * taken once, so a later registration asks the registry itself.
 */
function takeEarlyAnswer(id: string): Promise<RemoteMapResponse | null> | null {
  const w = window as unknown as Record<string, unknown>;
  const early = w[EARLY_REMOTE_MAP_GLOBAL] as { session?: unknown; answer?: unknown } | undefined;
  if (!early) return null;
  delete w[EARLY_REMOTE_MAP_GLOBAL];
  return early.session === id && early.answer instanceof Promise
    ? (early.answer as Promise<RemoteMapResponse | null>)
    : null;
}

export async function fetchRegistryMap(): Promise<RemoteMap | null> {
  const base = readRuntimeConfig().apiUrl;
  if (!base) return null;
  try {
    const id = releaseSessionId();
    const early = takeEarlyAnswer(id);
    // The HTML's answer stands, failure included (null): the registry is asked once per page load either way.
    const body = early ? await early : await getRemoteMap(id, { base, timeoutMs: REMOTE_MAP_TIMEOUT_MS });
    if (!body) return null;
    const remotes: Partial<RemoteMap> | undefined = body.remotes;
    if (!remotes || !REMOTE_NAMES.every((n) => typeof remotes[n] === 'string' && remotes[n])) return null;
    versions = body.versions ?? {};
    return remotes as RemoteMap;
  } catch {
    return null;
  }
}
