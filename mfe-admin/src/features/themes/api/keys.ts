/** Query keys of the admin themes. */
export const adminThemesKeys = { all: ['admin', 'themes'] as const };
