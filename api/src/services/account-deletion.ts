import type { Db, Queryable } from '../db/types';
import { refreshLikes, refreshRatings } from './comment-counts';

/** SQLSTATEs after which the whole transaction may simply run again. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

/**
 * Deletes an account in one transaction and, through ON DELETE CASCADE, everything it owns: profile, comments
 * (with the replies under them), likes, images, guides, purchases, ledger, subscription, payments, sessions.
 * Analytics and the admin audit log keep their rows with the user set to NULL.
 *
 * What the account added to other rows is taken back in the same transaction: likes_count of the comments it
 * liked and ratings_count / rating_avg of the sights it rated (an UPDATE of public.sights, so the nearby index
 * hears of it through migration 0150's NOTIFY triggers).
 *
 * The user's row is locked FOR UPDATE first: writes made for the user hold it FOR KEY SHARE (holdUser), so the
 * deletion waits for those under way and the ones after it answer 401. A deadlock with another multi-row writer
 * (an admin merge moving the same comments) is retried. Resolves to false when the account was already gone.
 */
export async function deleteAccount(db: Db, userId: string): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => deleteAccountIn(tx, userId));
    } catch (err) {
      if (attempt >= ATTEMPTS || !RETRYABLE.has((err as { code?: string }).code ?? '')) throw err;
    }
  }
}

async function deleteAccountIn(tx: Queryable, userId: string): Promise<boolean> {
  const user = await tx.query('SELECT 1 FROM auth.users WHERE id = $1 FOR UPDATE', [userId]);
  if (!user.rowCount) return false;
  const liked = await tx.query<{ id: string }>(
    'SELECT comment_id AS id FROM public.comment_likes WHERE user_id = $1',
    [userId],
  );
  const rated = await tx.query<{ id: string }>(
    'SELECT DISTINCT sight_id AS id FROM public.comments WHERE user_id = $1 AND rating IS NOT NULL AND parent_id IS NULL',
    [userId],
  );
  await tx.query('DELETE FROM auth.users WHERE id = $1', [userId]);
  // Comments that went with the account (its own and the replies under them) are skipped by the refresh.
  await refreshLikes(
    tx,
    liked.rows.map((r) => r.id),
  );
  await refreshRatings(
    tx,
    rated.rows.map((r) => r.id),
  );
  return true;
}
