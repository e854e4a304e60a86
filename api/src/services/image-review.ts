import type { PendingImage } from '@wayfarer/contracts';
import type { z } from 'zod';
import type { Db, Queryable } from '../db/types';
import { notFound } from '../http/errors';
import { audit } from './audit';

/** Moderation of uploaded sight images: the queue and the approve/reject decision (audited per image). */
export async function pendingImages(db: Queryable): Promise<z.input<typeof PendingImage>[]> {
  return (
    await db.query<z.input<typeof PendingImage>>(
      `SELECT i.id, i.sight_id, s.name AS sight_name, i.user_id, p.display_name AS uploader_name, i.storage_path, i.width, i.height, i.bytes, i.created_at
         FROM public.sight_images i JOIN public.sights s ON s.id = i.sight_id LEFT JOIN public.profiles p ON p.id = i.user_id
        WHERE i.status = 'pending' ORDER BY i.created_at`,
    )
  ).rows;
}

/** Sets the status of the images in one transaction; `one` (a single id from the path) is a 404 when unknown. */
export function reviewImages(
  db: Db,
  adminId: string,
  ids: string[],
  status: 'approved' | 'rejected',
  one: boolean,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const r = await tx.query<{ id: string }>(
      'UPDATE public.sight_images SET status = $2, reviewed_by = $3, reviewed_at = now() WHERE id = ANY($1::uuid[]) RETURNING id',
      [ids, status, adminId],
    );
    if (one && !r.rowCount) throw notFound('Image not found');
    for (const row of r.rows)
      await audit(
        tx,
        adminId,
        `image.${status === 'approved' ? 'approve' : 'reject'}`,
        'sight_image',
        row.id,
      );
    return r.rows.map((x) => x.id);
  });
}
