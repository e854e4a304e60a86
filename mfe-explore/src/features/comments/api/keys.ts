/** Query and mutation keys of the comments feature. */
export const commentKeys = {
  all: ['comments'] as const,
  bySight: (sightId: string) => [...commentKeys.all, 'sight', sightId] as const,
  like: () => [...commentKeys.all, 'like'] as const,
  write: () => [...commentKeys.all, 'write'] as const,
  /** A new comment or reply: under `write()`, so the filters of every comment write match it too. */
  post: () => [...commentKeys.write(), 'post'] as const,
};
