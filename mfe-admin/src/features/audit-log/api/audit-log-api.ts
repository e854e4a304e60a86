import { getAdminAuditLog } from '@wayfarer/api-client';
import type { AuditLogEntry } from '@wayfarer/contracts';
import { withAdminToken } from '../../../lib/admin-request';

export interface AuditRow {
  id: string;
  /** Name, else e-mail, else id; null for an admin deleted since (the table says so in the UI's language). */
  actor: string | null;
  action: string;
  target: string;
  details: string | null;
  created_at: string;
}
export interface AuditPage {
  items: AuditRow[];
  total: number;
}
export interface AuditQuery {
  actor?: string;
  action?: string;
  page: number;
  pageSize: number;
}

/** Who (name, else e-mail), what, on what, and the details as compact JSON. */
export function toAuditRow(e: AuditLogEntry): AuditRow {
  const details =
    e.details && typeof e.details === 'object' && !Object.keys(e.details).length ? null : e.details;
  return {
    id: e.id,
    actor: e.admin_name ?? e.admin_email ?? e.admin_id ?? null,
    action: e.action,
    target: e.target_id ? `${e.target_type} ${e.target_id}` : e.target_type,
    details: details == null ? null : JSON.stringify(details),
    created_at: e.created_at,
  };
}

export async function getAuditLog(q: AuditQuery): Promise<AuditPage> {
  const r = await withAdminToken((t) =>
    getAdminAuditLog(
      { page: q.page, pageSize: q.pageSize, actor: q.actor || undefined, action: q.action || undefined },
      t,
    ),
  );
  return { items: r.items.map(toAuditRow), total: r.total };
}
