import sharp from 'sharp';
import type { Queryable } from '../db/types';
import { MAX_AVATAR_SIDE, processUpload } from './image-process';
import { removeAvatar } from './subscription-account';

export interface AvatarCleanupResult {
  /** Avatars read. */
  checked: number;
  /** Re-encoded (they carried metadata, were not WebP, or were larger than an avatar is stored). */
  reencoded: number;
  /** Removed because they could not be decoded at all (a picture that cannot be cleaned is not served). */
  removed: number;
}

const BATCH = 100;

/** True when the stored picture is exactly what an upload is stored as today: WebP, no metadata, avatar-sized. */
async function isClean(data: Buffer): Promise<boolean> {
  const m = await sharp(data).metadata();
  return (
    m.format === 'webp' &&
    !m.exif &&
    !m.xmp &&
    !m.iptc &&
    Math.max(m.width ?? 0, m.height ?? 0) <= MAX_AVATAR_SIDE
  );
}

/**
 * Avatars stored before uploads were re-encoded kept the uploader's EXIF (GPS position, camera, time) and are
 * public. This re-encodes every stored avatar that is not clean the way an upload is cleaned now, and moves its
 * profile's address to a new version (`?v=`) so no cache keeps serving the old bytes. Clean avatars are left as they
 * are, so running it again changes nothing.
 */
export async function cleanStoredAvatars(
  db: Queryable,
  now: () => number = Date.now,
): Promise<AvatarCleanupResult> {
  const result: AvatarCleanupResult = { checked: 0, reencoded: 0, removed: 0 };
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await db.query<{ user_id: string; data: Uint8Array }>(
      'SELECT user_id, data FROM public.avatars WHERE user_id > $1 ORDER BY user_id LIMIT $2',
      [after, BATCH],
    );
    if (!rows.length) return result;
    for (const row of rows) {
      after = row.user_id;
      result.checked++;
      const data = Buffer.from(row.data);
      const clean = await isClean(data).catch(() => null);
      if (clean) continue;
      const image = clean === null ? null : await processUpload(data, MAX_AVATAR_SIDE).catch(() => null);
      if (!image) {
        await removeAvatar(db, row.user_id);
        result.removed++;
        continue;
      }
      await db.query(
        'UPDATE public.avatars SET mime = $2, data = $3, updated_at = now() WHERE user_id = $1',
        [row.user_id, image.mime, image.bytes],
      );
      await db.query(
        `UPDATE public.profiles SET avatar_url = regexp_replace(avatar_url, '\\?v=[0-9]+$', '?v=' || $2::text),
                updated_at = now()
          WHERE id = $1 AND avatar_url IS NOT NULL`,
        [row.user_id, String(now())],
      );
      result.reencoded++;
    }
  }
}
