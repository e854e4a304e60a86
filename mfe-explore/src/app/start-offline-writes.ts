import { onlineManager } from '@wayfarer/query';
import { queryClient } from '@wayfarer/session';
import { registerCommentWrites } from '../features/comments';
import { OFFLINE_WRITES_SCOPE, OFFLINE_WRITES_STORAGE_KEY } from '../lib/offline-writes';
import { persistPausedWrites } from '../lib/persist-paused-writes';

/**
 * The queue of offline writes for the page's one QueryClient: what each write does (the mutation
 * defaults) first, then the writes kept from before a reload, which are sent as soon as the connection allows.
 * Loaded lazily by the remote's App, on whatever explore page the traveller opens.
 */
export function startOfflineWrites(): void {
  // TanStack Query assumes online until an 'offline' event: a page opened without a connection says so at once.
  if (globalThis.navigator?.onLine === false) onlineManager.setOnline(false);
  registerCommentWrites(queryClient);
  persistPausedWrites(queryClient, {
    storageKey: OFFLINE_WRITES_STORAGE_KEY,
    scopeId: OFFLINE_WRITES_SCOPE.id,
  });
}
