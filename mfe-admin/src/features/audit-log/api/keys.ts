/** Query keys of the audit log: one page of one filter. */
export const auditLogKeys = {
  all: ['admin', 'audit-log'] as const,
  page: (q: { actor: string; action: string; page: number }) => [...auditLogKeys.all, q] as const,
};
