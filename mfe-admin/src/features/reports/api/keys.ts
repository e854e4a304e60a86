/** Query keys of the station reports (issue #18 point 5). */
export const reportKeys = {
  all: ['admin', 'reports'] as const,
  list: (status: 'open' | 'resolved') => ['admin', 'reports', status] as const,
};
