/** Query keys of the admin news feature. */
export const newsKeys = {
  all: ['admin', 'news'] as const,
  list: () => [...newsKeys.all, 'list'] as const,
};
