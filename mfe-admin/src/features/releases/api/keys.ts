/** Query keys of the release registry. */
export const adminReleasesKeys = { all: ['admin', 'releases'] as const };
