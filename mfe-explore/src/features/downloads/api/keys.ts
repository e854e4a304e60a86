/** Query keys of the offline downloads (Cache Storage and the browser's storage, not the API). */
export const downloadKeys = {
  all: ['offline-packs'] as const,
  index: () => [...downloadKeys.all, 'index'] as const,
  storage: () => [...downloadKeys.all, 'storage'] as const,
  /** The size of a sight's pack before it is downloaded. */
  estimate: (sightId: string, language: string | null) =>
    [...downloadKeys.all, 'estimate', sightId, language] as const,
};
