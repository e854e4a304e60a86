/** Query keys of the guide feature. */
export const guideKeys = {
  all: ['guides'] as const,
  /** The caller's latest guide of a sight in a language, the one being made, the languages it has guides in and the month's usage (GET /sights/:id/guide). */
  bySight: (sightId: string, language: string) => [...guideKeys.all, 'sight', sightId, language] as const,
  /** One guide while a worker makes it (GET /guides/:id). */
  detail: (guideId: string) => [...guideKeys.all, 'detail', guideId] as const,
  generate: () => [...guideKeys.all, 'generate'] as const,
};
