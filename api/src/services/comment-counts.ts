import type { Queryable } from '../db/types';

/*
 * The counts derived from comments: a sight's ratings_count / rating_avg (from its rated top-level comments) and
 * a comment's likes_count. Each refresh first locks the rows it will write, in a statement of its own and in id
 * order, then counts. Under READ COMMITTED the count then sees every transaction that wrote those rows before us,
 * and the ones after us wait and count again, so concurrent writers never leave a stale count behind. (A single
 * `UPDATE ... SET n = (SELECT count(*) ...)` that waits for the row lock writes the count of the snapshot it
 * started with, which misses the transaction it waited for.)
 */

/**
 * Recomputes the rating of each sight from its rated top-level comments, inside the caller's transaction. One
 * traveller is one rating: a user's latest rated comment on a sight counts, their earlier ones do not, so no single
 * account can set a sight's rating by commenting many times.
 */
export async function refreshRatings(tx: Queryable, sightIds: readonly string[]): Promise<void> {
  const ids = [...new Set(sightIds)];
  if (!ids.length) return;
  await tx.query('SELECT 1 FROM public.sights WHERE id = ANY($1::text[]) ORDER BY id FOR NO KEY UPDATE', [
    ids,
  ]);
  await tx.query(
    `UPDATE public.sights s SET ratings_count = r.n, rating_avg = COALESCE(round(r.avg, 2), 0), updated_at = now()
       FROM (SELECT x.id, count(c.rating)::int AS n, avg(c.rating) AS avg
               FROM unnest($1::text[]) AS x(id)
               LEFT JOIN (SELECT DISTINCT ON (sight_id, user_id) sight_id, rating
                            FROM public.comments
                           WHERE sight_id = ANY($1::text[]) AND rating IS NOT NULL AND parent_id IS NULL
                           ORDER BY sight_id, user_id, created_at DESC, id DESC) c ON c.sight_id = x.id
              GROUP BY x.id) r
      WHERE s.id = r.id`,
    [ids],
  );
}

/** Locks one comment for a like toggle (false when it does not exist), so toggles on it take turns. */
export async function lockComment(tx: Queryable, commentId: string): Promise<boolean> {
  return (
    (await tx.query('SELECT 1 FROM public.comments WHERE id = $1 FOR NO KEY UPDATE', [commentId])).rowCount >
    0
  );
}

/** Recomputes likes_count of each comment (missing ones are skipped); returns the new counts by id. */
export async function refreshLikes(
  tx: Queryable,
  commentIds: readonly string[],
): Promise<Map<string, number>> {
  const ids = [...new Set(commentIds)];
  if (!ids.length) return new Map();
  await tx.query('SELECT 1 FROM public.comments WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE', [
    ids,
  ]);
  const { rows } = await tx.query<{ id: string; n: number }>(
    `UPDATE public.comments c SET likes_count = (SELECT count(*)::int FROM public.comment_likes l WHERE l.comment_id = c.id)
      WHERE c.id = ANY($1::uuid[]) RETURNING c.id, c.likes_count AS n`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.n]));
}
