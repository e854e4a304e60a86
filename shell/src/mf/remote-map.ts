import { getRemoteMap } from '@wayfarer/api-client';
import { REMOTE_NAMES, readRuntimeConfig } from '@wayfarer/contracts/browser';
import type { RemoteMap, RemoteName } from '@wayfarer/contracts';

/**
 * The remote map of this tab from the release registry (issue #21): `GET <api>/releases/remote-map?session=<id>`
 * answers each remote's base URL for this session (the active version, or a canary for the share of sessions it
 * has). Asked once per page load, so an open tab keeps the versions it started with until it reloads; the session
 * id lives in sessionStorage, so a reload keeps its canary bucket. Null when the API cannot answer (the caller
 * falls back to the map the shell was served with).
 */
const SESSION_KEY = 'wf-release-session';
const TIMEOUT_MS = 2500;

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
    session = sessionStorage.getItem(SESSION_KEY);
    if (!session) {
      session = newId();
      sessionStorage.setItem(SESSION_KEY, session);
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

export async function fetchRegistryMap(): Promise<RemoteMap | null> {
  const base = readRuntimeConfig().apiUrl;
  if (!base) return null;
  try {
    const body = await getRemoteMap(releaseSessionId(), { base, timeoutMs: TIMEOUT_MS });
    const remotes: Partial<RemoteMap> | undefined = body.remotes;
    if (!remotes || !REMOTE_NAMES.every((n) => typeof remotes[n] === 'string' && remotes[n])) return null;
    versions = body.versions ?? {};
    return remotes as RemoteMap;
  } catch {
    return null;
  }
}
