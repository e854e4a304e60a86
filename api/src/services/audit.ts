import type { Queryable } from '../db/types';

/** Records one admin write; called inside the same transaction as the write where there is one. */
export async function audit(
  db: Queryable,
  adminId: string,
  action: string,
  targetType: string,
  targetId: string | null,
  details: unknown = {},
) {
  await db.query(
    'INSERT INTO public.admin_audit_log (admin_id, action, target_type, target_id, details) VALUES ($1,$2,$3,$4,$5)',
    [adminId, action, targetType, targetId, JSON.stringify(details ?? {})],
  );
}
