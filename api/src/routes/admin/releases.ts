import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CanaryStartBody,
  ErrorBody,
  ReleaseInput,
  ReleaseRemoteParams,
  ReleaseResponse,
  ReleaseRollbackBody,
  ReleaseVersionBody,
  ReleasesResponse,
} from '@wayfarer/contracts';
import type { Deps } from '../../deps';
import {
  listReleases,
  promoteRelease,
  registerRelease,
  rollbackRelease,
  startCanary,
  stopCanary,
} from '../../services/releases';

/** /admin/releases: each remote's versions, register, promote, rollback, canary start and stop. */
export async function adminReleaseRoutes(fastify: FastifyInstance, { db, auth, config }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const settings = config.releases;
  app.get(
    '/admin/releases',
    {
      schema: {
        summary:
          "Each remote's rollout and versions, with contract-check results, sessions and load failures",
        'x-auth': 'admin',
        response: { 200: ReleasesResponse },
      },
    },
    async () => ({
      ok: true as const,
      remotes: await listReleases(db, settings),
      canary_max_failure_rate: settings.canaryMaxFailureRate,
      canary_min_sessions: settings.canaryMinSessions,
    }),
  );
  app.post(
    '/admin/releases',
    {
      schema: {
        summary:
          "Register a published version of a remote (its manifest on an allowed origin); the server runs the contract check itself and keeps its result (a client's contract_check is ignored)",
        'x-auth': 'admin',
        body: ReleaseInput,
        response: {
          200: ReleaseResponse,
          400: ErrorBody.describe(
            'Bad input, or the manifest is not on an allowed origin (RELEASE_MANIFEST_ORIGINS)',
          ),
          409: ErrorBody.describe('This version is already registered'),
        },
      },
    },
    async (req) => {
      const admin = await auth.requireAdmin(req);
      const { remote, version, manifest_url } = req.body;
      const rollout = await registerRelease(db, settings, admin.id, { remote, version, manifest_url });
      return { ok: true as const, rollout, message: `${req.body.remote} ${req.body.version} registered` };
    },
  );
  app.post(
    '/admin/releases/:remote/promote',
    {
      schema: {
        summary:
          'Make a version the active one for new sessions (the server checks its manifest again first; refused when that check fails)',
        'x-auth': 'admin',
        params: ReleaseRemoteParams,
        body: ReleaseVersionBody,
        response: {
          200: ReleaseResponse,
          404: ErrorBody.describe('No such version'),
          409: ErrorBody.describe("The server's contract check of the manifest failed"),
        },
      },
    },
    async (req) => {
      const admin = await auth.requireAdmin(req);
      const rollout = await promoteRelease(db, settings, admin.id, req.params.remote, req.body.version);
      return { ok: true as const, rollout, message: `${req.params.remote} ${req.body.version} promoted` };
    },
  );
  app.post(
    '/admin/releases/:remote/rollback',
    {
      schema: {
        summary:
          'Roll back to a version, or to the one active before (the current build when none); ends a canary',
        'x-auth': 'admin',
        params: ReleaseRemoteParams,
        body: ReleaseRollbackBody,
        response: {
          200: ReleaseResponse,
          404: ErrorBody.describe('No such version'),
          409: ErrorBody.describe('The contract check of that version failed or never ran'),
        },
      },
    },
    async (req) => {
      const admin = await auth.requireAdmin(req);
      const rollout = await rollbackRelease(
        db,
        settings,
        admin.id,
        req.params.remote,
        req.body.version ?? null,
      );
      return {
        ok: true as const,
        rollout,
        message: `${req.params.remote} rolled back to ${rollout.active_version ?? 'its current build'}`,
      };
    },
  );
  app.post(
    '/admin/releases/:remote/canary',
    {
      schema: {
        summary:
          'Start (or change) a canary: a version for a percentage of new sessions, sticky per session (the server checks its manifest again first)',
        'x-auth': 'admin',
        params: ReleaseRemoteParams,
        body: CanaryStartBody,
        response: {
          200: ReleaseResponse,
          404: ErrorBody.describe('No such version'),
          409: ErrorBody.describe("The server's contract check of the manifest failed"),
        },
      },
    },
    async (req) => {
      const admin = await auth.requireAdmin(req);
      const { version, percent } = req.body;
      const rollout = await startCanary(db, settings, admin.id, req.params.remote, version, percent);
      return {
        ok: true as const,
        rollout,
        message: `${req.params.remote} ${version} on ${percent}% of sessions`,
      };
    },
  );
  app.post(
    '/admin/releases/:remote/canary/stop',
    {
      schema: {
        summary: 'Stop the canary: every new session gets the active version',
        'x-auth': 'admin',
        params: ReleaseRemoteParams,
        response: { 200: ReleaseResponse },
      },
    },
    async (req) => {
      const admin = await auth.requireAdmin(req);
      const rollout = await stopCanary(db, settings, admin.id, req.params.remote);
      return { ok: true as const, rollout, message: `${req.params.remote} canary stopped` };
    },
  );
}
