import { ApiError, AppError } from '@wayfarer/api-client';
import { onlineManager } from '@wayfarer/query';

/**
 * Writes a traveller makes on a sight page without a connection: TanStack Query mutations that pause
 * while offline (networkMode 'online', `onlineManager`) and are resumed when the connection returns. They share one
 * scope, so TanStack Query sends them one at a time in the order they were made; each carries a client-made UUID the
 * API honours (`idempotency_key`), so sending one again after a lost answer applies it once.
 */
export const OFFLINE_WRITES_SCOPE = { id: 'explore-offline-writes' } as const;

export { OFFLINE_WRITES_STORAGE_KEY } from './offline-writes-key';

/** What every queued write's variables carry: its key, and whether it was made offline (then shown as pending). */
export interface QueuedWrite {
  key: string;
  queued: boolean;
}

export const isOnline = (): boolean => onlineManager.isOnline();

/** A random UUID (v4) for one write. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * A queued write that met a network failure while the browser is offline is tried again: TanStack Query's retryer
 * waits for the connection, and the same key makes the second send harmless. An answer of the API (a refusal) or an
 * error of the app is final, and so is a failure while online (shown to the traveller, as before).
 */
export const retryWhileOffline = (failureCount: number, error: unknown): boolean =>
  !(error instanceof ApiError) && !(error instanceof AppError) && !isOnline() && failureCount < 20;
