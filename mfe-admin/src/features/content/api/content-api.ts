import { adminRequest } from '../../../lib/admin-request';

export const CATEGORIES = ['landmark', 'museum', 'scenery', 'historic'] as const;

export interface AdminSight {
  id: string;
  name: string;
  description: string | null;
  city: string | null;
  country: string | null;
  category_slugs: string[];
  cover_image_url: string | null;
  is_hidden: boolean;
}
export interface AdminStation {
  id?: string;
  title: string;
  text: string;
}

const rec = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
const s = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

export function normalizeSight(raw: unknown): AdminSight {
  const o = rec(raw);
  return {
    id: String(o.id ?? ''),
    name: String(o.name ?? ''),
    description: s(o.description),
    city: s(o.city),
    country: s(o.country),
    category_slugs: Array.isArray(o.category_slugs) ? o.category_slugs.map(String) : [],
    cover_image_url: s(o.cover_image_url) ?? s(o.img_preview),
    is_hidden: Boolean(o.is_hidden ?? o.hidden),
  };
}

export async function searchSights(q: string): Promise<AdminSight[]> {
  const res = rec(await adminRequest(`/admin/sights?q=${encodeURIComponent(q)}&limit=25`));
  return (Array.isArray(res.items) ? res.items : Array.isArray(res.sights) ? res.sights : []).map(normalizeSight);
}

export async function getSightForEdit(id: string): Promise<{ sight: AdminSight; stations: AdminStation[] }> {
  const res = rec(await adminRequest(`/admin/sights/${encodeURIComponent(id)}`));
  const stations = (Array.isArray(res.stations) ? res.stations : []).map((st) => {
    const o = rec(st);
    return { id: s(o.id) ?? undefined, title: String(o.title ?? o.name ?? ''), text: String(o.text ?? o.body ?? '') };
  });
  return { sight: normalizeSight(res.sight), stations };
}

export type SightPatch = Partial<Pick<AdminSight, 'name' | 'description' | 'category_slugs' | 'cover_image_url' | 'is_hidden'>>;

export async function updateSight(id: string, patch: SightPatch): Promise<AdminSight> {
  const res = rec(await adminRequest(`/admin/sights/${encodeURIComponent(id)}`, { method: 'PUT', json: patch }));
  return normalizeSight(res.sight ?? { id, ...patch });
}

/** Saves the whole ordered station list (order = array order). */
export async function saveStations(id: string, stations: AdminStation[]): Promise<void> {
  await adminRequest(`/admin/sights/${encodeURIComponent(id)}/stations`, {
    method: 'PUT',
    json: { stations: stations.map((st, i) => ({ ...st, position: i + 1 })) },
  });
}

export async function mergeSights(keepId: string, mergeIds: string[]): Promise<void> {
  await adminRequest('/admin/sights/merge', { method: 'POST', json: { keep_id: keepId, merge_ids: mergeIds } });
}
