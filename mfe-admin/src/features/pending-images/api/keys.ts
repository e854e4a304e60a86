/** Query keys of the moderation queue and its image previews. */
export const pendingImagesKeys = {
  all: ['admin', 'pending-images'] as const,
  preview: (storagePath: string) => ['admin', 'image-preview', storagePath] as const,
};
