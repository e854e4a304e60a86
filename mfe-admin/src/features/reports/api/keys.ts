/** Query keys of the station reports. */
export const reportKeys = {
  all: ['admin', 'reports'] as const,
  list: (status: 'open' | 'resolved') => ['admin', 'reports', status] as const,
};
