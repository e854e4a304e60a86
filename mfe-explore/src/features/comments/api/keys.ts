/** Query and mutation keys of the comments feature. */
export const commentKeys = {
  all: ['comments'] as const,
  bySight: (sightId: string) => [...commentKeys.all, 'sight', sightId] as const,
  like: () => [...commentKeys.all, 'like'] as const,
  write: () => [...commentKeys.all, 'write'] as const,
};
