import { request } from '@wayfarer/api-client';
import { adminRequest } from '../../../lib/admin-request';

export interface PendingImage {
  id: string;
  sight_id: string;
  sight_name: string | null;
  uploader_id: string | null;
  uploader_name: string | null;
  /** Storage path; previewed through a signed URL. */
  path: string | null;
  /** Some servers already answer with a signed URL. */
  url: string | null;
  created_at: string | null;
}

const rec = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
const s = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

export function normalizePendingImage(raw: unknown): PendingImage {
  const o = rec(raw);
  const sight = rec(o.sight);
  const up = rec(o.uploader ?? o.user);
  return {
    id: String(o.id ?? ''),
    sight_id: String(o.sight_id ?? sight.id ?? ''),
    sight_name: s(o.sight_name) ?? s(sight.name),
    uploader_id: s(o.uploader_id) ?? s(o.user_id) ?? s(up.id),
    uploader_name: s(o.uploader_name) ?? s(up.display_name) ?? s(up.email),
    path: s(o.path) ?? s(o.storage_path),
    url: s(o.signed_url) ?? s(o.url),
    created_at: s(o.created_at),
  };
}

export async function getPendingImages(): Promise<PendingImage[]> {
  const res = rec(await adminRequest('/admin/pending-images'));
  const list = Array.isArray(res.images) ? res.images : Array.isArray(res.items) ? res.items : [];
  return list.map(normalizePendingImage);
}

/** A signed preview URL through the public sign route (spec point 7: GET /sights/images/sign/{path}). */
export async function signImagePath(path: string, token: string | null): Promise<string> {
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  const res = rec(await request(`/sights/images/sign/${encoded}`, { token }));
  const url = s(res.url);
  if (!url) throw new Error('Failed to sign image URL');
  return url;
}

export async function moderateImage(id: string, action: 'approve' | 'reject'): Promise<void> {
  await adminRequest(`/admin/images/${encodeURIComponent(id)}/${action}`, { method: 'POST', json: {} });
}

/** Bulk moderation as parallel single calls, so each image reports its own outcome. */
export async function moderateImages(ids: readonly string[], action: 'approve' | 'reject'): Promise<{ done: string[]; failed: string[] }> {
  const results = await Promise.allSettled(ids.map((id) => moderateImage(id, action)));
  const done: string[] = [];
  const failed: string[] = [];
  results.forEach((r, i) => (r.status === 'fulfilled' ? done : failed).push(ids[i]!));
  return { done, failed };
}
