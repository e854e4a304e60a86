import { adminRequest } from '../../../lib/admin-request';

export interface AdminTheme {
  id: string;
  name: string;
  is_seasonal: boolean;
  is_active: boolean;
}

const rec = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

export function normalizeTheme(raw: unknown): AdminTheme {
  const o = rec(raw);
  return { id: String(o.id ?? o.name ?? ''), name: String(o.name ?? ''), is_seasonal: Boolean(o.is_seasonal), is_active: Boolean(o.is_active ?? o.active) };
}

export async function getThemes(): Promise<AdminTheme[]> {
  const res = rec(await adminRequest('/admin/themes'));
  return (Array.isArray(res.themes) ? res.themes : []).map(normalizeTheme);
}

export async function activateTheme(id: string): Promise<void> {
  await adminRequest(`/admin/themes/${encodeURIComponent(id)}/activate`, { method: 'POST', json: {} });
}

export async function setThemeSeasonal(id: string, is_seasonal: boolean): Promise<AdminTheme> {
  const res = rec(await adminRequest(`/admin/themes/${encodeURIComponent(id)}`, { method: 'PUT', json: { is_seasonal } }));
  return normalizeTheme(res.theme ?? { id, is_seasonal });
}
