import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, Ok, PresenceInput } from '@wayfarer/contracts';
import type { Deps } from '../deps';
import { hitRateLimit } from '../auth/rate-limit';
import { transactionAs } from '../auth/service';
import { sweepAnonymousRows } from '../services/anonymous-sweep';
import { recordHeartbeat } from '../services/presence';

/**
 * POST /presence/heartbeat: online users and page views for the admin dashboard. Anyone may send one, so each
 * address is limited (PRESENCE_HEARTBEATS_PER_IP per rate-limit window) and rows not seen for a while are deleted.
 */
export async function presenceRoutes(fastify: FastifyInstance, { db, auth, config }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/presence/heartbeat',
    {
      schema: {
        summary: 'Session heartbeat (online users, page views)',
        'x-auth': 'optional',
        body: PresenceInput,
        response: { 200: Ok, 429: ErrorBody.describe('Too many heartbeats from this address') },
      },
    },
    async (req) => {
      await hitRateLimit(db, config, [
        { key: `presence:ip:${req.ip}`, max: config.presence.heartbeatsPerIp },
      ]);
      await sweepAnonymousRows(db, config);
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
