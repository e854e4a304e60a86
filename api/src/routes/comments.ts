import type { FastifyInstance } from 'fastify';
import { CommentInput, CommentPatch, SightParams } from '@wayfarer/contracts';
import { z } from 'zod';
import type { Deps } from '../deps';
import type { Queryable } from '../db/types';
import { badRequest, forbidden, notFound } from '../http/errors';

const CommentParam = z.object({ id: z.string().uuid('Invalid comment id') });

/** Recomputes the sight's rating from its rated top-level comments, inside the caller's transaction. */
async function refreshRating(tx: Queryable, sightId: string) {
  await tx.query(
    `UPDATE public.sights s SET
       ratings_count = r.n, rating_avg = COALESCE(round(r.avg, 2), 0), updated_at = now()
     FROM (SELECT count(rating)::int AS n, avg(rating) AS avg FROM public.comments WHERE sight_id = $1 AND rating IS NOT NULL AND parent_id IS NULL) r
     WHERE s.id = $1`,
    [sightId],
  );
}

export async function commentRoutes(app: FastifyInstance, deps: Deps) {
  const { db, auth } = deps;

  app.get('/sights/:id/comments', async (req) => {
    const { id } = SightParams.parse(req.params);
    const user = await auth.getUser(req);
    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT c.id, c.user_id, c.sight_id, c.body, c.rating, c.parent_id, c.likes_count, c.created_at, c.updated_at,
              (SELECT count(*)::int FROM public.comments r WHERE r.parent_id = c.id) AS reply_count,
              ($2::uuid IS NOT NULL AND EXISTS (SELECT 1 FROM public.comment_likes l WHERE l.comment_id = c.id AND l.user_id = $2::uuid)) AS user_liked,
              p.display_name, p.avatar_url
         FROM public.comments c LEFT JOIN public.profiles p ON p.id = c.user_id
        WHERE c.sight_id = $1 ORDER BY c.created_at, c.id`,
      [id, user?.id ?? null],
    );
    return {
      items: rows.map(({ display_name, avatar_url, ...c }) => ({
        ...c,
        user: { id: c.user_id, display_name: (display_name as string | null) ?? null, avatar_url: (avatar_url as string | null) ?? null },
      })),
    };
  });

  app.post('/sights/:id/comments', async (req, reply) => {
    const user = await auth.requireUser(req);
    const { id } = SightParams.parse(req.params);
    const b = CommentInput.parse(req.body);
    const created = await db.transaction(async (tx) => {
      const sight = await tx.query('SELECT 1 FROM public.sights WHERE id = $1 AND NOT hidden', [id]);
      if (!sight.rowCount) throw notFound('Sight not found');
      if (b.parent_id) {
        const parent = await tx.query<{ sight_id: string }>('SELECT sight_id FROM public.comments WHERE id = $1', [b.parent_id]);
        if (!parent.rows[0]) throw badRequest('Parent comment not found');
        if (parent.rows[0].sight_id !== id) throw badRequest('Parent comment belongs to another sight');
      }
      const row = (
        await tx.query<{ id: string; created_at: string }>(
          `INSERT INTO public.comments (sight_id, user_id, parent_id, body, rating, mentions) VALUES ($1,$2,$3,$4,$5,$6) RETURNING id, created_at`,
          [id, user.id, b.parent_id ?? null, b.body, b.parent_id ? null : (b.rating ?? null), b.mentions ?? []],
        )
      ).rows[0];
      if (b.rating != null && !b.parent_id) await refreshRating(tx, id);
      return row;
    });
    reply.code(201);
    return created;
  });

  app.post('/comments/:id/like', async (req) => {
    const user = await auth.requireUser(req);
    const { id } = CommentParam.parse(req.params);
    return db.transaction(async (tx) => {
      // Serialise toggles on the same comment so the count is exact under concurrency (Postgres; PGlite is serial anyway).
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [id]);
      const exists = await tx.query('SELECT 1 FROM public.comments WHERE id = $1', [id]);
      if (!exists.rowCount) throw notFound('Comment not found');
      const removed = await tx.query('DELETE FROM public.comment_likes WHERE comment_id = $1 AND user_id = $2', [id, user.id]);
      if (!removed.rowCount) {
        await tx.query('INSERT INTO public.comment_likes (comment_id, user_id) VALUES ($1,$2) ON CONFLICT DO NOTHING', [id, user.id]);
      }
      const { rows } = await tx.query<{ n: number }>(
        'UPDATE public.comments SET likes_count = (SELECT count(*)::int FROM public.comment_likes WHERE comment_id = $1) WHERE id = $1 RETURNING likes_count AS n',
        [id],
      );
      return { liked: !removed.rowCount, likes_count: rows[0].n };
    });
  });

  const loadOwned = async (tx: Queryable, id: string, userId: string) => {
    const row = (await tx.query<{ user_id: string; sight_id: string; parent_id: string | null }>('SELECT user_id, sight_id, parent_id FROM public.comments WHERE id = $1', [id])).rows[0];
    if (!row) throw notFound('Comment not found');
    // Checked on tx, not auth.isAdmin: on PGlite a query outside the open transaction would wait for it forever.
    const admin = row.user_id !== userId && (await tx.query('SELECT 1 FROM public.admin_users WHERE user_id = $1', [userId])).rowCount > 0;
    if (row.user_id !== userId && !admin) throw forbidden('You can only change your own comments');
    return row;
  };

  app.patch('/comments/:id', async (req) => {
    const user = await auth.requireUser(req);
    const { id } = CommentParam.parse(req.params);
    const b = CommentPatch.parse(req.body);
    if (b.body === undefined && b.rating === undefined) throw badRequest('Nothing to update');
    return db.transaction(async (tx) => {
      const c = await loadOwned(tx, id, user.id);
      const row = (
        await tx.query(
          `UPDATE public.comments SET body = COALESCE($2, body), rating = CASE WHEN $3::boolean THEN $4 ELSE rating END, updated_at = now()
            WHERE id = $1 RETURNING id, body, rating, updated_at`,
          [id, b.body ?? null, b.rating !== undefined && !c.parent_id, b.rating ?? null],
        )
      ).rows[0];
      await refreshRating(tx, c.sight_id);
      return { ok: true, comment: row };
    });
  });

  app.delete('/comments/:id', async (req) => {
    const user = await auth.requireUser(req);
    const { id } = CommentParam.parse(req.params);
    return db.transaction(async (tx) => {
      const c = await loadOwned(tx, id, user.id);
      // Replies go with their parent (ON DELETE CASCADE on parent_id).
      await tx.query('DELETE FROM public.comments WHERE id = $1', [id]);
      await refreshRating(tx, c.sight_id);
      return { ok: true };
    });
  });
}
