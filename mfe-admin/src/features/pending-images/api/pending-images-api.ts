import {
  AppError,
  getAdminPendingImages,
  mediaUrl,
  reviewAdminImage,
  reviewAdminImages,
  signAdminImagePreview,
} from '@wayfarer/api-client';
import type { PendingImage } from '@wayfarer/contracts';
import { withAdminToken } from '../../../lib/admin-request';

export type { PendingImage };

/** GET /admin/images/pending: the moderation queue, oldest first, with the sight and the uploader. */
export async function getPendingImages(): Promise<PendingImage[]> {
  return (await withAdminToken(getAdminPendingImages)).items;
}

/** A browser-loadable preview: the signed, expiring URL of the stored file (an <img> cannot send a bearer). */
export async function signedPreviewUrl(storagePath: string): Promise<string> {
  const { url } = await withAdminToken((t) => signAdminImagePreview(storagePath, t));
  if (!url) throw new AppError('Failed to sign image URL');
  return mediaUrl(url);
}

export async function moderateImage(id: string, action: 'approve' | 'reject'): Promise<void> {
  await withAdminToken((t) => reviewAdminImage(id, action, t));
}

/** Bulk moderation in one call (one transaction); ids the server did not update are reported as failed. */
export async function moderateImages(
  ids: readonly string[],
  action: 'approve' | 'reject',
): Promise<{ done: string[]; failed: string[] }> {
  const { updated } = await withAdminToken((t) => reviewAdminImages(ids, action, t));
  const done = new Set(updated);
  return { done: ids.filter((id) => done.has(id)), failed: ids.filter((id) => !done.has(id)) };
}
