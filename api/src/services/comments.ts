import type { Comment, CommentInput, CommentPatch, CommentUpdatedResponse } from '@wayfarer/contracts';
import type { z } from 'zod';
import type { Queryable } from '../db/types';
import { HttpError, badRequest, forbidden, notFound } from '../http/errors';
import { lockComment, refreshLikes, refreshRatings } from './comment-counts';

/**
 * Comments of a sight: the list with replies, likes and the viewer's likes; post, edit, delete (owner or admin) and
 * the like toggle. Writes run inside the caller's transaction (transactionAs: the user's row is held) and keep the
 * sight's rating and the like counts exact.
 */
type CommentRow = z.input<typeof Comment>;

/**
 * An opaque position in a sight's comments (oldest first): the last comment's created_at in whole microseconds since
 * the epoch (the column's own precision; a JavaScript Date keeps milliseconds only, and a cursor rounded down to them
 * would list that comment again on the next page) and its id.
 */
const encodeCursor = (micros: string, id: string) => Buffer.from(`${micros}|${id}`).toString('base64url');

function decodeCursor(cursor: string): { micros: string; id: string } {
  const [micros, id, ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!micros || !id || rest.length || !/^\d{1,17}$/.test(micros) || !/^[0-9a-f-]{36}$/i.test(id))
    throw badRequest('Invalid cursor');
  return { micros, id };
}

/**
 * One page of a visible sight's comments, oldest first, with the cursor of the next page (null when none is
 * left); null when the sight is unknown or hidden, whose comments nobody reads.
 */
export async function listComments(
  db: Queryable,
  sightId: string,
  viewerId: string | null,
  page: { limit: number; cursor?: string },
): Promise<{ items: CommentRow[]; next_cursor: string | null } | null> {
  const after = page.cursor ? decodeCursor(page.cursor) : null;
  const visible = await db.query('SELECT 1 FROM public.sights WHERE id = $1 AND NOT hidden', [sightId]);
  if (!visible.rowCount) return null;
  const { rows } = await db.query<
    Omit<CommentRow, 'user'> & { display_name: string | null; avatar_url: string | null; page_pos: string }
  >(
    `SELECT c.id, c.user_id, c.sight_id, c.body, c.rating, c.parent_id, c.likes_count, c.created_at, c.updated_at,
            (SELECT count(*)::int FROM public.comments r WHERE r.parent_id = c.id) AS reply_count,
            ($2::uuid IS NOT NULL AND EXISTS (SELECT 1 FROM public.comment_likes l WHERE l.comment_id = c.id AND l.user_id = $2::uuid)) AS user_liked,
            p.display_name, p.avatar_url,
            ((extract(epoch FROM c.created_at) * 1000000)::bigint)::text AS page_pos
       FROM public.comments c LEFT JOIN public.profiles p ON p.id = c.user_id
      WHERE c.sight_id = $1
        AND ($4::bigint IS NULL
             OR (c.created_at, c.id) > ('epoch'::timestamptz + $4::bigint * interval '1 microsecond', $5::uuid))
      ORDER BY c.created_at, c.id LIMIT $3`,
    [sightId, viewerId, page.limit + 1, after?.micros ?? null, after?.id ?? null],
  );
  const more = rows.length > page.limit;
  const shown = rows.slice(0, page.limit);
  const items = shown.map(({ display_name, avatar_url, page_pos: _pos, ...c }) => ({
    ...c,
    user: { id: c.user_id, display_name: display_name ?? null, avatar_url: avatar_url ?? null },
  }));
  const last = shown.at(-1);
  return { items, next_cursor: more && last ? encodeCursor(last.page_pos, last.id) : null };
}

/** Comments one user may post in any minute and in any 24 hours (0 = no limit). */
export interface PostingLimits {
  perUserPerMinute: number;
  perUserPerDay: number;
}

/**
 * Refuses (429) a new comment from a user who has posted `perUserPerMinute` in the last minute or `perUserPerDay` in
 * the last 24 hours, counted from their comments (so every API copy sees the same count). The user's posts take
 * turns on a transaction lock, so parallel posts cannot all count before any of them is inserted.
 */
async function checkPostingRate(tx: Queryable, userId: string, limits: PostingLimits): Promise<void> {
  if (!limits.perUserPerMinute && !limits.perUserPerDay) return;
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('comments.post'), hashtext($1))", [userId]);
  const { minute, day } = (
    await tx.query<{ minute: number; day: number }>(
      `SELECT count(*) FILTER (WHERE created_at > clock_timestamp() - interval '1 minute')::int AS minute,
              count(*)::int AS day
         FROM public.comments WHERE user_id = $1 AND created_at > clock_timestamp() - interval '1 day'`,
      [userId],
    )
  ).rows[0]!;
  if (limits.perUserPerMinute && minute >= limits.perUserPerMinute)
    throw new HttpError(
      429,
      'You are posting comments too quickly. Please wait a minute and try again.',
      'over_comment_rate_limit',
    );
  if (limits.perUserPerDay && day >= limits.perUserPerDay)
    throw new HttpError(
      429,
      `You have posted ${limits.perUserPerDay} comments in the last 24 hours, the most allowed. Please try again later.`,
      'over_comment_rate_limit',
    );
}

export async function postComment(
  tx: Queryable,
  userId: string,
  sightId: string,
  b: z.output<typeof CommentInput>,
  limits: PostingLimits,
) {
  const sight = await tx.query('SELECT 1 FROM public.sights WHERE id = $1 AND NOT hidden', [sightId]);
  if (!sight.rowCount) throw notFound('Sight not found');
  if (b.parent_id) {
    const parent = await tx.query<{ sight_id: string }>(
      'SELECT sight_id FROM public.comments WHERE id = $1',
      [b.parent_id],
    );
    if (!parent.rows[0]) throw badRequest('Parent comment not found');
    if (parent.rows[0].sight_id !== sightId) throw badRequest('Parent comment belongs to another sight');
  }
  const key = b.idempotency_key ?? null;
  // A write sent again (an offline queue retrying after a lost answer) gets its first answer and is not counted.
  if (key) {
    const first = await tx.query(
      'SELECT 1 FROM public.comments WHERE user_id = $1 AND idempotency_key = $2',
      [userId, key],
    );
    if (first.rowCount) return sentBefore(tx, userId, sightId, key);
  }
  await checkPostingRate(tx, userId, limits);
  const row = (
    await tx.query<{ id: string; created_at: string | Date }>(
      `INSERT INTO public.comments (sight_id, user_id, parent_id, body, rating, mentions, idempotency_key)
       VALUES ($1,$2,$3,$4,$5,$6,$7) ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id, created_at`,
      [
        sightId,
        userId,
        b.parent_id ?? null,
        b.body,
        b.parent_id ? null : (b.rating ?? null),
        b.mentions ?? [],
        key,
      ],
    )
  ).rows[0];
  // The key was used before: that first comment is the answer, and nothing changes.
  if (!row) return sentBefore(tx, userId, sightId, key!);
  if (b.rating != null && !b.parent_id) await refreshRatings(tx, [sightId]);
  return row;
}

const keyReused = () =>
  new HttpError(409, 'This idempotency_key was already used for another request', 'idempotency_key_reused');

async function sentBefore(tx: Queryable, userId: string, sightId: string, key: string) {
  const first = (
    await tx.query<{ id: string; created_at: string | Date; sight_id: string }>(
      'SELECT id, created_at, sight_id FROM public.comments WHERE user_id = $1 AND idempotency_key = $2',
      [userId, key],
    )
  ).rows[0];
  if (!first || first.sight_id !== sightId) throw keyReused();
  return { id: first.id, created_at: first.created_at };
}

/** Likes or unlikes; toggles on one comment take turns on its row lock (so does account deletion), so the count is exact. */
export async function toggleLike(tx: Queryable, userId: string, commentId: string, key?: string) {
  if (!(await lockComment(tx, commentId))) throw notFound('Comment not found');
  if (key) {
    // Read under the comment's lock: a toggle with the same key that ran first has committed its answer.
    const first = (
      await tx.query<{ comment_id: string; liked: boolean; likes_count: number }>(
        'SELECT comment_id, liked, likes_count FROM public.comment_like_requests WHERE user_id = $1 AND idempotency_key = $2',
        [userId, key],
      )
    ).rows[0];
    if (first) {
      if (first.comment_id.toLowerCase() !== commentId.toLowerCase()) throw keyReused();
      return { liked: first.liked, likes_count: first.likes_count };
    }
  }
  const removed = await tx.query('DELETE FROM public.comment_likes WHERE comment_id = $1 AND user_id = $2', [
    commentId,
    userId,
  ]);
  if (!removed.rowCount) {
    await tx.query(
      'INSERT INTO public.comment_likes (comment_id, user_id) VALUES ($1,$2) ON CONFLICT DO NOTHING',
      [commentId, userId],
    );
  }
  const counts = await refreshLikes(tx, [commentId]);
  const answer = { liked: !removed.rowCount, likes_count: counts.get(commentId.toLowerCase()) ?? 0 };
  if (key) {
    const kept = await tx.query(
      `INSERT INTO public.comment_like_requests (user_id, idempotency_key, comment_id, liked, likes_count)
       VALUES ($1,$2,$3,$4,$5) ON CONFLICT DO NOTHING`,
      [userId, key, commentId, answer.liked, answer.likes_count],
    );
    // Taken meanwhile by a toggle of another comment: refuse (the transaction rolls back).
    if (!kept.rowCount) throw keyReused();
  }
  return answer;
}

/** The comment, when `userId` wrote it or is an admin (checked on tx: on PGlite a query outside it would wait for it). */
async function loadOwned(tx: Queryable, id: string, userId: string) {
  const row = (
    await tx.query<{ user_id: string; sight_id: string; parent_id: string | null }>(
      'SELECT user_id, sight_id, parent_id FROM public.comments WHERE id = $1',
      [id],
    )
  ).rows[0];
  if (!row) throw notFound('Comment not found');
  const admin =
    row.user_id !== userId &&
    (await tx.query('SELECT 1 FROM public.admin_users WHERE user_id = $1', [userId])).rowCount > 0;
  if (row.user_id !== userId && !admin) throw forbidden('You can only change your own comments');
  return row;
}

export async function editComment(
  tx: Queryable,
  userId: string,
  id: string,
  b: z.output<typeof CommentPatch>,
) {
  const c = await loadOwned(tx, id, userId);
  const row = (
    await tx.query<z.input<typeof CommentUpdatedResponse>['comment']>(
      `UPDATE public.comments SET body = COALESCE($2, body), rating = CASE WHEN $3::boolean THEN $4 ELSE rating END, updated_at = now()
        WHERE id = $1 RETURNING id, body, rating, updated_at`,
      [id, b.body ?? null, b.rating !== undefined && !c.parent_id, b.rating ?? null],
    )
  ).rows[0]!;
  await refreshRatings(tx, [c.sight_id]);
  return row;
}

/** Deletes a comment; its replies go with it (ON DELETE CASCADE on parent_id). */
export async function deleteComment(tx: Queryable, userId: string, id: string): Promise<void> {
  const c = await loadOwned(tx, id, userId);
  await tx.query('DELETE FROM public.comments WHERE id = $1', [id]);
  await refreshRatings(tx, [c.sight_id]);
}
