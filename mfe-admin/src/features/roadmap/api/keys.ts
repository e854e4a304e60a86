/** Query keys of the admin roadmap feature. */
export const roadmapKeys = {
  all: ['admin', 'roadmap'] as const,
  list: () => [...roadmapKeys.all, 'list'] as const,
};
