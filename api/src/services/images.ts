import { z } from 'zod';
import type { Db, Queryable } from '../db/types';
import { HttpError, notFound } from '../http/errors';
import { audit } from './audit';
import { isSafeStoragePath } from './media-store';

/** Sight images in the database (the files are in the media store): lookups, the upload's row, deletion. */
export interface ImageRow {
  id: string;
  sight_id: string;
  user_id: string | null;
  status: 'pending' | 'approved' | 'rejected';
  storage_path: string;
  mime: string;
  width: number | null;
  height: number | null;
  bytes: number | null;
  created_at: string | Date;
}

export const IMAGE_COLUMNS =
  'i.id, i.sight_id, i.user_id, i.status, i.storage_path, i.mime, i.width, i.height, i.bytes, i.created_at';
const UUID = z.string().uuid();

/** An image by id or by storage path (a path that could not be a stored one finds nothing). */
export async function findImage(q: Queryable, ref: string): Promise<ImageRow | undefined> {
  const byId = UUID.safeParse(ref).success;
  if (!byId && !isSafeStoragePath(ref)) return undefined;
  const { rows } = await q.query<ImageRow>(
    `SELECT ${IMAGE_COLUMNS} FROM public.sight_images i WHERE ${byId ? 'i.id = $1' : 'i.storage_path = $1'}`,
    [ref],
  );
  return rows[0];
}

/** A visible sight by id or slug. */
export async function visibleSight(db: Queryable, id: string): Promise<{ id: string } | undefined> {
  return (
    await db.query<{ id: string }>(
      'SELECT id FROM public.sights WHERE (id = $1 OR slug = $1) AND NOT hidden',
      [id],
    )
  ).rows[0];
}

/** A sight by id or slug, hidden ones included. */
export async function sightOf(db: Queryable, id: string): Promise<{ id: string } | undefined> {
  return (await db.query<{ id: string }>('SELECT id FROM public.sights WHERE id = $1 OR slug = $1', [id]))
    .rows[0];
}

/** The same file uploaded before by the same user for the same sight (not rejected). */
export async function findSameUpload(
  db: Queryable,
  sightId: string,
  userId: string,
  sha256: string,
): Promise<ImageRow | undefined> {
  return (
    await db.query<ImageRow>(
      `SELECT ${IMAGE_COLUMNS} FROM public.sight_images i
        WHERE i.sight_id = $1 AND i.user_id = $2 AND i.sha256 = $3 AND i.status <> 'rejected' LIMIT 1`,
      [sightId, userId, sha256],
    )
  ).rows[0];
}

export async function pendingCount(db: Queryable, userId: string): Promise<number> {
  return (
    (
      await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM public.sight_images WHERE user_id = $1 AND status = 'pending'",
        [userId],
      )
    ).rows[0]?.n ?? 0
  );
}

/**
 * Inserts an uploaded image as pending unless the user already has `maxPending` images waiting for review (429).
 * The count and the insert hold a per-user transaction lock, so parallel uploads cannot all pass the count before
 * any of them is inserted: exactly `maxPending` get in.
 */
export async function insertPendingImage(
  tx: Queryable,
  i: Parameters<typeof insertImage>[1],
  maxPending: number,
): Promise<ImageRow> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('sight_images.pending'), hashtext($1))", [i.userId]);
  if ((await pendingCount(tx, i.userId)) >= maxPending)
    throw new HttpError(
      429,
      'Too many of your images are waiting for review; try again later',
      'too_many_pending',
    );
  return insertImage(tx, i);
}

export async function insertImage(
  tx: Queryable,
  i: {
    id: string;
    sightId: string;
    userId: string;
    storagePath: string;
    mime: string;
    width: number | null;
    height: number | null;
    bytes: number;
    sha256: string;
    originalName: string | null;
  },
): Promise<ImageRow> {
  return (
    await tx.query<ImageRow>(
      `INSERT INTO public.sight_images AS i (id, sight_id, user_id, storage_path, mime, width, height, bytes, status, sha256, original_name)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,'pending',$9,$10) RETURNING ${IMAGE_COLUMNS}`,
      [
        i.id,
        i.sightId,
        i.userId,
        i.storagePath,
        i.mime,
        i.width,
        i.height,
        i.bytes,
        i.sha256,
        i.originalName,
      ],
    )
  ).rows[0]!;
}

/** Deletes the row; an admin deleting someone else's image is audited. */
export async function deleteImage(db: Db, row: ImageRow, byUserId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const r = await tx.query('DELETE FROM public.sight_images WHERE id = $1', [row.id]);
    if (!r.rowCount) throw notFound('Image not found');
    if (row.user_id !== byUserId)
      await audit(tx, byUserId, 'image.delete', 'sight_image', row.id, {
        sight_id: row.sight_id,
        uploader: row.user_id,
      });
  });
}

/** Approved images of a sight, plus the viewer's own pending and rejected ones (all of them for an admin). */
export async function listSightImages(
  db: Queryable,
  sightId: string,
  viewerId: string | null,
  admin: boolean,
): Promise<ImageRow[]> {
  return (
    await db.query<ImageRow>(
      `SELECT ${IMAGE_COLUMNS} FROM public.sight_images i
        WHERE i.sight_id = $1 AND (i.status = 'approved' OR $3::boolean OR (i.user_id IS NOT NULL AND i.user_id = $2::uuid))
        ORDER BY i.created_at DESC, i.id LIMIT 500`,
      [sightId, viewerId, admin],
    )
  ).rows;
}
