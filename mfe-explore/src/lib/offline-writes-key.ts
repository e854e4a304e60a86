/** Where the queued offline writes wait across a reload (lib/persist-paused-writes.ts); no imports, for the App. */
export const OFFLINE_WRITES_STORAGE_KEY = 'wf-explore-offline-writes';
