import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, LoadFailureInput, Ok, RemoteMapQuery, RemoteMapResponse } from '@wayfarer/contracts';
import type { Deps } from '../deps';
import { hitRateLimit } from '../auth/rate-limit';
import { badRequest } from '../http/errors';
import { sweepAnonymousRows } from '../services/anonymous-sweep';
import { recordLoadFailure, remoteMapFor } from '../services/releases';

/**
 * The shell's half of the release registry: the remote map of a session (promote, canary and rollback
 * reach new sessions at once) and the load-failure beacon (navigator.sendBeacon, so its body arrives as text/plain).
 * Both are anonymous: each address is limited per rate-limit window, a map's session assignment expires
 * (RELEASE_SESSION_TTL_SECONDS), and a failure report counts only from a session the registry gave that version.
 */
export async function releaseRoutes(fastify: FastifyInstance, deps: Deps) {
  const { db, config } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/releases/remote-map',
    {
      schema: {
        summary:
          "A session's remote map: each remote's base URL and version (a canary for the share of sessions it has, sticky per session id)",
        'x-auth': 'none',
        querystring: RemoteMapQuery,
        response: {
          200: RemoteMapResponse,
          429: ErrorBody.describe('Too many remote-map requests from this address'),
        },
      },
    },
    async (req, reply) => {
      void reply.header('Cache-Control', 'no-store');
      await hitRateLimit(db, config, [
        { key: `release-map:ip:${req.ip}`, max: config.releases.remoteMapsPerIp },
      ]);
      await sweepAnonymousRows(db, config);
      return remoteMapFor(db, config.releases, req.query.session);
    },
  );

  app.post(
    '/releases/failures',
    {
      schema: {
        summary:
          'Report a remote load failure (remote, version, phase: manifest, entry, expose or render); counted only from a session the remote map gave that version; a failing canary is rolled back automatically',
        'x-auth': 'none',
        body: LoadFailureInput,
        response: { 200: Ok, 429: ErrorBody.describe('Too many reports from this address') },
      },
      // sendBeacon sends a string body as text/plain (no CORS preflight): read it as the JSON it is.
      preValidation: (req, _reply, done) => {
        if (typeof req.body !== 'string') return done();
        try {
          req.body = JSON.parse(req.body) as typeof req.body;
          done();
        } catch {
          done(badRequest('The report must be a JSON object'));
        }
      },
    },
    async (req) => {
      await hitRateLimit(db, config, [
        { key: `release-beacon:ip:${req.ip}`, max: config.releases.beaconsPerIp },
      ]);
      const b = req.body;
      await recordLoadFailure(db, config.releases, {
        remote: b.remote,
        version: b.version ?? null,
        phase: b.phase,
        session: b.session,
        message: b.message ?? '',
      });
      return { ok: true as const };
    },
  );
}
