import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Ok, PresenceInput } from '@wayfarer/contracts';
import type { Deps } from '../deps';
import { transactionAs } from '../auth/service';
import { recordHeartbeat } from '../services/presence';

/** POST /presence/heartbeat: online users and page views for the admin dashboard. */
export async function presenceRoutes(fastify: FastifyInstance, { db, auth }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/presence/heartbeat',
    {
      schema: {
        summary: 'Session heartbeat (online users, page views)',
        'x-auth': 'optional',
        body: PresenceInput,
        response: { 200: Ok },
      },
    },
    async (req) => {
      const user = await auth.getUser(req);
      const hb = {
        sessionId: req.body.session_id,
        userId: user?.id ?? null,
        ip: req.ip,
        path: req.body.path,
      };
      // A signed-in heartbeat holds the account while it writes rows that point at it (see holdUser).
      if (user) await transactionAs(db, user.id, (tx) => recordHeartbeat(tx, hb));
      else await recordHeartbeat(db, hb);
      return { ok: true as const };
    },
  );
}
