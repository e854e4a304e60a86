import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CommentCreatedResponse,
  CommentInput,
  CommentListQuery,
  CommentListResponse,
  CommentPatch,
  CommentUpdatedResponse,
  ErrorBody,
  LikeInput,
  LikeResponse,
  Ok,
  SightParams,
} from '@wayfarer/contracts';
import { z } from 'zod';
import type { Deps } from '../deps';
import { badRequest, notFound } from '../http/errors';
import { transactionAs } from '../auth/service';
import { deleteComment, editComment, listComments, postComment, toggleLike } from '../services/comments';

const CommentParam = z.object({ id: z.string().uuid('Invalid comment id') });

/** /sights/:id/comments and /comments/:id: comments, replies, ratings and likes. */
export async function commentRoutes(fastify: FastifyInstance, deps: Deps) {
  const { db, auth } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/sights/:id/comments',
    {
      schema: {
        summary:
          "A page of a visible sight's comments (oldest first) with replies, likes and the caller's likes; 404 for an unknown or hidden sight",
        'x-auth': 'optional',
        params: SightParams,
        querystring: CommentListQuery,
        response: { 200: CommentListResponse },
      },
    },
    async (req) => {
      const user = await auth.getUser(req);
      const page = await listComments(db, req.params.id, user?.id ?? null, req.query);
      if (!page) throw notFound('Sight not found');
      return page;
    },
  );

  app.post(
    '/sights/:id/comments',
    {
      schema: {
        summary: 'Post a comment or a reply, with an optional 1-5 rating (once per idempotency_key)',
        'x-auth': 'user',
        params: SightParams,
        body: CommentInput,
        response: { 201: CommentCreatedResponse, 429: ErrorBody.describe('Posting too quickly') },
      },
    },
    async (req, reply) => {
      const user = await auth.requireUser(req);
      const created = await transactionAs(db, user.id, (tx) =>
        postComment(tx, user.id, req.params.id, req.body, deps.config.comments),
      );
      reply.code(201);
      return created as z.input<typeof CommentCreatedResponse>;
    },
  );

  app.post(
    '/comments/:id/like',
    {
      schema: {
        summary: 'Toggle the caller’s like (once per idempotency_key)',
        'x-auth': 'user',
        params: CommentParam,
        body: LikeInput,
        response: { 200: LikeResponse },
      },
    },
    async (req) => {
      const user = await auth.requireUser(req);
      const key = req.body?.idempotency_key;
      return transactionAs(db, user.id, (tx) => toggleLike(tx, user.id, req.params.id, key));
    },
  );

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
      const b = req.body;
      if (b.body === undefined && b.rating === undefined) throw badRequest('Nothing to update');
      const comment = await transactionAs(db, user.id, (tx) => editComment(tx, user.id, req.params.id, b));
      return { ok: true as const, comment };
    },
  );

  app.delete(
    '/comments/:id',
    {
      schema: {
        summary: 'Delete a comment and its replies (owner or admin)',
        'x-auth': 'user',
        params: CommentParam,
        response: { 200: Ok },
      },
    },
    async (req) => {
      const user = await auth.requireUser(req);
      await transactionAs(db, user.id, (tx) => deleteComment(tx, user.id, req.params.id));
      return { ok: true as const };
    },
  );
}
