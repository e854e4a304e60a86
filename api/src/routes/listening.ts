import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  ListenBatchInput,
  ListenBatchResponse,
  ListeningQuery,
  ListeningResponse,
} from '@wayfarer/contracts';
import type { Deps } from '../deps';
import { listeningStats, recordListening } from '../services/listening';

/**
 * Listening analytics: the player's batched events (POST /guides/listening, idempotent per
 * play) and the aggregates per guide and station (GET /admin/listening, admins only: guides are made by each
 * listener for themselves, so the product has no guide creator other than the listener).
 */
export async function listeningRoutes(fastify: FastifyInstance, deps: Deps) {
  const { db, auth } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/guides/listening',
    {
      schema: {
        summary:
          "A batch of the player's listening events on the caller's guide stations (a play's events merge: sending a batch again counts once)",
        'x-auth': 'user',
        body: ListenBatchInput,
        response: {
          200: ListenBatchResponse,
          404: ErrorBody.describe('A station that is not among your guides'),
        },
      },
    },
    async (req) => {
      const user = await auth.requireUser(req);
      const accepted = await db.transaction((tx) => recordListening(tx, user.id, req.body.events));
      return { ok: true as const, accepted };
    },
  );

  app.get(
    '/admin/listening',
    {
      schema: {
        summary:
          'Plays started, completed, skipped and the mean fraction heard, per guide and per station, over the last days',
        'x-auth': 'admin',
        querystring: ListeningQuery,
        response: { 200: ListeningResponse },
      },
    },
    async (req) => {
      await auth.requireAdmin(req);
      const { days, guide_id } = req.query;
      return { ok: true as const, days, ...(await listeningStats(db, { days, guideId: guide_id })) };
    },
  );
}
