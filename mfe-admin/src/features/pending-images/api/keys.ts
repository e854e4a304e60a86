/** Query keys of the moderation queue. */
export const pendingImagesKeys = { all: ['admin', 'pending-images'] as const };
