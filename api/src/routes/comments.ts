import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CommentCreatedResponse,
  CommentInput,
  CommentListResponse,
  CommentPatch,
  CommentUpdatedResponse,
  LikeResponse,
  Ok,
  SightParams,
} from '@wayfarer/contracts';
import { z } from 'zod';
import type { Deps } from '../deps';
import type { Queryable } from '../db/types';
import { badRequest, forbidden, notFound } from '../http/errors';
import { transactionAs } from '../auth/service';
import { lockComment, refreshLikes, refreshRatings } from '../services/comment-counts';

const CommentParam = z.object({ id: z.string().uuid('Invalid comment id') });

/** Recomputes the sight's rating from its rated top-level comments, inside the caller's transaction. */
const refreshRating = (tx: Queryable, sightId: string) => refreshRatings(tx, [sightId]);

export async function commentRoutes(fastify: FastifyInstance, deps: Deps) {
  const { db, auth } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/sights/:id/comments',
    {
      schema: {
        summary: "A sight's comments with replies, likes and the caller's likes",
        'x-auth': 'optional',
        params: SightParams,
        response: { 200: CommentListResponse },
      },
    },
    async (req) => {
    const { id } = req.params;
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
      })) as z.input<typeof CommentListResponse>['items'],
    };
  });

  app.post(
    '/sights/:id/comments',
    {
      schema: {
        summary: 'Post a comment or a reply, with an optional 1-5 rating',
        'x-auth': 'user',
        params: SightParams,
        body: CommentInput,
        response: { 201: CommentCreatedResponse },
      },
    },
    async (req, reply) => {
    const user = await auth.requireUser(req);
    const { id } = req.params;
    const b = req.body;
    const created = await transactionAs(db, user.id, async (tx) => {
      const sight = await tx.query('SELECT 1 FROM public.sights WHERE id = $1 AND NOT hidden', [id]);
      if (!sight.rowCount) throw notFound('Sight not found');
      if (b.parent_id) {
        const parent = await tx.query<{ sight_id: string }>('SELECT sight_id FROM public.comments WHERE id = $1', [b.parent_id]);
        if (!parent.rows[0]) throw badRequest('Parent comment not found');
        if (parent.rows[0].sight_id !== id) throw badRequest('Parent comment belongs to another sight');
      }
      const row = (
        await tx.query<{ id: string; created_at: string | Date }>(
          `INSERT INTO public.comments (sight_id, user_id, parent_id, body, rating, mentions) VALUES ($1,$2,$3,$4,$5,$6) RETURNING id, created_at`,
          [id, user.id, b.parent_id ?? null, b.body, b.parent_id ? null : (b.rating ?? null), b.mentions ?? []],
        )
      ).rows[0];
      if (b.rating != null && !b.parent_id) await refreshRating(tx, id);
      return row;
    });
    reply.code(201);
    return created as z.input<typeof CommentCreatedResponse>;
  });

  app.post(
    '/comments/:id/like',
    { schema: { summary: 'Toggle the caller’s like', 'x-auth': 'user', params: CommentParam, response: { 200: LikeResponse } } },
    async (req) => {
    const user = await auth.requireUser(req);
    const { id } = req.params;
    return transactionAs(db, user.id, async (tx) => {
      // Toggles on one comment take turns on its row lock (so does account deletion), so the count is exact.
      if (!(await lockComment(tx, id))) throw notFound('Comment not found');
      const removed = await tx.query('DELETE FROM public.comment_likes WHERE comment_id = $1 AND user_id = $2', [id, user.id]);
      if (!removed.rowCount) {
        await tx.query('INSERT INTO public.comment_likes (comment_id, user_id) VALUES ($1,$2) ON CONFLICT DO NOTHING', [id, user.id]);
      }
      const counts = await refreshLikes(tx, [id]);
      return { liked: !removed.rowCount, likes_count: counts.get(id.toLowerCase()) ?? 0 };
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

  app.patch(
    '/comments/:id',
    {
      schema: {
        summary: 'Edit a comment (owner or admin)',
        'x-auth': 'user',
        params: CommentParam,
        body: CommentPatch,
        response: { 200: CommentUpdatedResponse },
      },
    },
    async (req) => {
    const user = await auth.requireUser(req);
    const { id } = req.params;
    const b = req.body;
    if (b.body === undefined && b.rating === undefined) throw badRequest('Nothing to update');
    return transactionAs(db, user.id, async (tx) => {
      const c = await loadOwned(tx, id, user.id);
      const row = (
        await tx.query(
          `UPDATE public.comments SET body = COALESCE($2, body), rating = CASE WHEN $3::boolean THEN $4 ELSE rating END, updated_at = now()
            WHERE id = $1 RETURNING id, body, rating, updated_at`,
          [id, b.body ?? null, b.rating !== undefined && !c.parent_id, b.rating ?? null],
        )
      ).rows[0];
      await refreshRating(tx, c.sight_id);
      return { ok: true as const, comment: row as z.input<typeof CommentUpdatedResponse>['comment'] };
    });
  });

  app.delete(
    '/comments/:id',
    { schema: { summary: 'Delete a comment and its replies (owner or admin)', 'x-auth': 'user', params: CommentParam, response: { 200: Ok } } },
    async (req) => {
    const user = await auth.requireUser(req);
    const { id } = req.params;
    return transactionAs(db, user.id, async (tx) => {
      const c = await loadOwned(tx, id, user.id);
      // Replies go with their parent (ON DELETE CASCADE on parent_id).
      await tx.query('DELETE FROM public.comments WHERE id = $1', [id]);
      await refreshRating(tx, c.sight_id);
      return { ok: true as const };
    });
  });
}
