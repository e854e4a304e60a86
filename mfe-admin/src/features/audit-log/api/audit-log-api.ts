import { adminRequest } from '../../../lib/admin-request';

export interface AuditEntry {
  id: string;
  actor: string;
  action: string;
  target: string | null;
  details: string | null;
  created_at: string | null;
}
export interface AuditPage {
  items: AuditEntry[];
  total: number;
}
export interface AuditQuery {
  actor?: string;
  action?: string;
  page: number;
  pageSize: number;
}

const rec = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
const s = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

export function normalizeAudit(raw: unknown): AuditEntry {
  const o = rec(raw);
  const actor = rec(o.actor);
  const targetType = s(o.target_type) ?? s(o.entity);
  const targetId = s(o.target_id) ?? (o.entity_id != null ? String(o.entity_id) : null);
  const details = o.details ?? o.meta ?? o.payload;
  return {
    id: String(o.id ?? ''),
    actor: s(o.actor_name) ?? s(o.actor_email) ?? s(actor.display_name) ?? s(actor.email) ?? s(o.actor_id) ?? 'unknown',
    action: s(o.action) ?? '',
    target: targetType ? `${targetType}${targetId ? ` ${targetId}` : ''}` : targetId,
    details: details == null ? null : typeof details === 'string' ? details : JSON.stringify(details),
    created_at: s(o.created_at),
  };
}

export async function getAuditLog(q: AuditQuery): Promise<AuditPage> {
  const sp = new URLSearchParams({ page: String(q.page), pageSize: String(q.pageSize) });
  if (q.actor) sp.set('actor', q.actor);
  if (q.action) sp.set('action', q.action);
  const res = rec(await adminRequest(`/admin/audit-log?${sp.toString()}`));
  const items = (Array.isArray(res.items) ? res.items : Array.isArray(res.logs) ? res.logs : []).map(normalizeAudit);
  return { items, total: Number(res.total ?? items.length) || 0 };
}
