/** Query keys of the guide feature. */
export const guideKeys = {
  all: ['guides'] as const,
  /** The caller's latest guide of a sight, the one being made, and the month's usage (GET /sights/:id/guide). */
  bySight: (sightId: string) => [...guideKeys.all, 'sight', sightId] as const,
  /** One guide while a worker makes it (GET /guides/:id). */
  detail: (guideId: string) => [...guideKeys.all, 'detail', guideId] as const,
  generate: () => [...guideKeys.all, 'generate'] as const,
};
