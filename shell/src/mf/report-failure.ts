import { readRuntimeConfig } from '@wayfarer/contracts/browser';
import type { LoadFailurePhase, RemoteName } from '@wayfarer/contracts';
import { releaseSessionId, remoteVersion } from './remote-map';

/** Errors already reported (a load failure also reaches the remote's error boundary). */
const reported = new WeakSet<object>();

/**
 * Reports a remote that failed to load or render to the release registry (`POST <api>/releases/failures`) with
 * navigator.sendBeacon, which outlives the page: remote, the version this tab runs, phase, session. A string body
 * goes as text/plain (no CORS preflight); the API reads it as JSON. Once per error object; never throws.
 */
export function reportLoadFailure(remote: RemoteName, phase: LoadFailurePhase, err: unknown): void {
  if (typeof err === 'object' && err !== null) {
    if (reported.has(err)) return;
    reported.add(err);
  }
  try {
    const api = readRuntimeConfig().apiUrl.replace(/\/+$/, '');
    if (!api) return;
    const body = JSON.stringify({
      remote,
      version: remoteVersion(remote),
      phase,
      session: releaseSessionId(),
      message: (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 500),
    });
    const url = `${api}/releases/failures`;
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function')
      navigator.sendBeacon(url, body);
    else void fetch(url, { method: 'POST', body, keepalive: true }).catch(() => undefined);
  } catch {
    /* reporting must never break the page */
  }
}

export function wasReported(err: unknown): boolean {
  return typeof err === 'object' && err !== null && reported.has(err);
}
