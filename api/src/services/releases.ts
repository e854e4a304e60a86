import { createHash } from 'node:crypto';
import {
  LOAD_FAILURE_PHASES,
  REMOTE_NAMES,
  checkManifestContract,
  fetchJsonLimited,
  httpOrigin,
  type LoadFailurePhase,
  type Release,
  type RemoteName,
  type RemoteRollout,
} from '@wayfarer/contracts';
import type { Config } from '../config/env';
import type { Db, Queryable } from '../db/types';
import { HttpError, badRequest, notFound } from '../http/errors';
import { audit } from './audit';

/**
 * The release registry: published versions of each remote, promote / rollback / canary, the
 * remote map of a session (sticky canary bucket per session id), and the shell's load-failure reports with the
 * automatic rollback of a failing canary. Version '' in the session and failure tables is a remote's current build.
 *
 * A release's manifest must live on an allowed origin (settings.manifestOrigins), and its contract-check result is
 * the server's own: the manifest is fetched (time-out, size limit, no redirects) and checked with the contract
 * checker's code (`checkManifestContract`) at registration, and again right before a promote or a canary.
 */

interface ReleaseRow {
  remote: RemoteName;
  version: string;
  manifest_url: string;
  check_ok: boolean | null;
  check_problems: string[] | string;
  checked_at: Date | string | null;
  created_at: Date | string;
  rolled_back_at: Date | string | null;
}

interface RolloutRow {
  remote: RemoteName;
  active_version: string | null;
  previous_version: string | null;
  canary_version: string | null;
  canary_percent: number;
}

type ReleaseSettings = Config['releases'];

const iso = (v: Date | string) => new Date(v).toISOString();
/** A release's base URL (its manifest's folder), which the shell registers (`<base>/remoteEntry.js`). */
export const baseOf = (manifestUrl: string) => manifestUrl.replace(/\/mf-manifest\.json$/, '');

/** The session's bucket for a remote, 0-99: the same session always lands in the same bucket (sticky canary). */
export function canaryBucket(sessionId: string, remote: string): number {
  return createHash('sha256').update(`${remote}:${sessionId}`).digest().readUInt32BE(0) % 100;
}

async function rollouts(db: Queryable): Promise<Map<RemoteName, RolloutRow>> {
  const rows = (
    await db.query<RolloutRow>(
      'SELECT remote, active_version, previous_version, canary_version, canary_percent FROM public.remote_rollouts',
    )
  ).rows;
  const out = new Map<RemoteName, RolloutRow>();
  for (const name of REMOTE_NAMES)
    out.set(name, {
      remote: name,
      active_version: null,
      previous_version: null,
      canary_version: null,
      canary_percent: 0,
    });
  for (const r of rows) out.set(r.remote, { ...r, canary_percent: Number(r.canary_percent) });
  return out;
}

async function rolloutOf(db: Queryable, remote: RemoteName): Promise<RolloutRow> {
  // Locks the remote's row (created on first use) so concurrent promote / canary / rollback run one after another.
  await db.query('INSERT INTO public.remote_rollouts (remote) VALUES ($1) ON CONFLICT (remote) DO NOTHING', [
    remote,
  ]);
  const row = (
    await db.query<RolloutRow>(
      `SELECT remote, active_version, previous_version, canary_version, canary_percent
       FROM public.remote_rollouts WHERE remote = $1 FOR UPDATE`,
      [remote],
    )
  ).rows[0]!;
  return { ...row, canary_percent: Number(row.canary_percent) };
}

async function releaseOf(db: Queryable, remote: RemoteName, version: string): Promise<ReleaseRow> {
  const row = (
    await db.query<ReleaseRow>(
      `SELECT remote, version, manifest_url, check_ok, check_problems, checked_at, created_at, rolled_back_at
       FROM public.remote_releases WHERE remote = $1 AND version = $2`,
      [remote, version],
    )
  ).rows[0];
  if (!row) throw notFound(`${remote} has no release ${version}`);
  return row;
}

/** Refuses a version whose contract check failed or never ran. */
function assertChecked(r: ReleaseRow, what: string): void {
  if (r.check_ok === null)
    throw new HttpError(
      409,
      `${what} refused: ${r.remote} ${r.version} has no contract-check result (run pnpm contract:check and register it)`,
      'contract_check_missing',
    );
  if (!r.check_ok)
    throw new HttpError(
      409,
      `${what} refused: ${r.remote} ${r.version} failed its contract check (${problemsOf(r).join('; ') || 'no details'})`,
      'contract_check_failed',
    );
}

const problemsOf = (r: ReleaseRow): string[] =>
  typeof r.check_problems === 'string'
    ? (JSON.parse(r.check_problems) as string[])
    : (r.check_problems ?? []);

export async function listReleases(db: Queryable, settings: ReleaseSettings): Promise<RemoteRollout[]> {
  const all = await rollouts(db);
  const releases = (
    await db.query<ReleaseRow>(
      `SELECT remote, version, manifest_url, check_ok, check_problems, checked_at, created_at, rolled_back_at
       FROM public.remote_releases ORDER BY created_at DESC, version DESC`,
    )
  ).rows;
  const sessions = (
    await db.query<{ remote: string; version: string; n: string | number }>(
      'SELECT remote, version, count(*) AS n FROM public.release_sessions GROUP BY remote, version',
    )
  ).rows;
  const failed = (
    await db.query<{ remote: string; version: string; n: string | number }>(
      `SELECT remote, version, count(DISTINCT session_id) AS n FROM public.release_load_failures
       GROUP BY remote, version`,
    )
  ).rows;
  const byPhase = (
    await db.query<{ remote: string; version: string; phase: LoadFailurePhase; n: string | number }>(
      `SELECT remote, version, phase, count(*) AS n FROM public.release_load_failures
       GROUP BY remote, version, phase`,
    )
  ).rows;
  const key = (remote: string, version: string) => `${remote}\u0000${version}`;
  const sessionsOf = new Map(sessions.map((r) => [key(r.remote, r.version), Number(r.n)]));
  const failedOf = new Map(failed.map((r) => [key(r.remote, r.version), Number(r.n)]));
  return REMOTE_NAMES.map((remote) => {
    const ro = all.get(remote)!;
    const list: Release[] = releases
      .filter((r) => r.remote === remote)
      .map((r) => {
        const k = key(remote, r.version);
        const n = sessionsOf.get(k) ?? 0;
        const f = failedOf.get(k) ?? 0;
        const failures = Object.fromEntries(LOAD_FAILURE_PHASES.map((p) => [p, 0])) as Record<
          LoadFailurePhase,
          number
        >;
        for (const p of byPhase)
          if (p.remote === remote && p.version === r.version) failures[p.phase] = Number(p.n);
        return {
          remote,
          version: r.version,
          manifest_url: r.manifest_url,
          check_ok: r.check_ok,
          check_problems: problemsOf(r),
          checked_at: r.checked_at ? iso(r.checked_at) : null,
          status:
            ro.active_version === r.version
              ? 'active'
              : ro.canary_version === r.version
                ? 'canary'
                : r.rolled_back_at
                  ? 'rolled-back'
                  : 'available',
          created_at: iso(r.created_at),
          rolled_back_at: r.rolled_back_at ? iso(r.rolled_back_at) : null,
          sessions: n,
          failed_sessions: f,
          failure_rate: n ? Math.min(1, f / n) : 0,
          failures,
        };
      });
    return {
      remote,
      active_version: ro.active_version,
      canary_version: ro.canary_version,
      canary_percent: ro.canary_percent,
      default_url: settings.defaultUrls[remote],
      releases: list,
    };
  });
}

async function rolloutView(db: Queryable, settings: ReleaseSettings, remote: RemoteName) {
  return (await listReleases(db, settings)).find((r) => r.remote === remote)!;
}

/** Whether a manifest URL is on one of the allowed origins. */
export function isAllowedManifestUrl(settings: ReleaseSettings, url: string): boolean {
  const origin = httpOrigin(url);
  return origin !== null && settings.manifestOrigins.includes(origin);
}

/**
 * The server's contract check of a release's manifest: fetched from its URL (allowed origins only, no redirects,
 * settings.checkTimeoutMs and checkMaxBytes), checked against the shell's manifest (settings.shellUrl) with the
 * code `pnpm contract:check` runs.
 */
export async function checkReleaseManifest(
  settings: ReleaseSettings,
  remote: RemoteName,
  manifestUrl: string,
): Promise<{ ok: boolean; problems: string[] }> {
  const shellManifestUrl = `${settings.shellUrl}/mf-manifest.json`;
  const read = (url: string) => {
    if (url !== shellManifestUrl && !isAllowedManifestUrl(settings, url))
      return Promise.reject(new Error('is not on an allowed origin (RELEASE_MANIFEST_ORIGINS)'));
    return fetchJsonLimited(url, {
      timeoutMs: settings.checkTimeoutMs,
      maxBytes: settings.checkMaxBytes,
      redirect: 'error',
    });
  };
  const result = await checkManifestContract({
    remote,
    manifestUrl,
    shellManifestUrl,
    read,
    allowedOrigins: settings.manifestOrigins,
  });
  return { ok: result.ok, problems: result.problems.slice(0, 100).map((p) => p.slice(0, 500)) };
}

async function storeCheck(
  db: Queryable,
  remote: RemoteName,
  version: string,
  check: { ok: boolean; problems: string[] },
): Promise<void> {
  await db.query(
    `UPDATE public.remote_releases SET check_ok = $3, check_problems = $4, checked_at = now()
     WHERE remote = $1 AND version = $2`,
    [remote, version, check.ok, JSON.stringify(check.problems)],
  );
}

/**
 * Runs the server's check of a registered version again (its manifest may have changed since) and records it;
 * refuses (409, with the problems) when it fails. Runs outside any transaction: the fetch holds no database lock.
 */
async function recheck(
  db: Db,
  settings: ReleaseSettings,
  remote: RemoteName,
  version: string,
  what: string,
): Promise<void> {
  const release = await releaseOf(db, remote, version);
  if (!isAllowedManifestUrl(settings, release.manifest_url)) {
    const check = {
      ok: false,
      problems: [`manifest ${release.manifest_url} is not on an allowed origin (RELEASE_MANIFEST_ORIGINS)`],
    };
    await storeCheck(db, remote, version, check);
    assertChecked({ ...release, check_ok: false, check_problems: check.problems }, what);
  }
  const check = await checkReleaseManifest(settings, remote, release.manifest_url);
  await storeCheck(db, remote, version, check);
  assertChecked({ ...release, check_ok: check.ok, check_problems: check.problems }, what);
}

/**
 * Registers a published version: its manifest URL must be on an allowed origin (400 otherwise), and the check
 * result kept is the server's own, run here (a result the client sends is not read).
 */
export async function registerRelease(
  db: Db,
  settings: ReleaseSettings,
  adminId: string,
  input: {
    remote: RemoteName;
    version: string;
    manifest_url: string;
  },
): Promise<RemoteRollout> {
  if (!isAllowedManifestUrl(settings, input.manifest_url))
    throw new HttpError(
      400,
      `manifest_url must be on an allowed origin (${settings.manifestOrigins.join(', ') || 'none configured'}): set RELEASE_MANIFEST_ORIGINS to allow another`,
      'manifest_origin_not_allowed',
    );
  const exists = await db.query('SELECT 1 FROM public.remote_releases WHERE remote = $1 AND version = $2', [
    input.remote,
    input.version,
  ]);
  const alreadyRegistered = () =>
    new HttpError(
      409,
      `${input.remote} ${input.version} is already registered: publish a new version instead`,
      'release_exists',
    );
  if (exists.rowCount) throw alreadyRegistered();
  const check = await checkReleaseManifest(settings, input.remote, input.manifest_url);
  await db.transaction(async (tx) => {
    const inserted = await tx.query(
      `INSERT INTO public.remote_releases
         (remote, version, manifest_url, check_ok, check_problems, checked_at, created_by)
       VALUES ($1, $2, $3, $4, $5, now(), $6) ON CONFLICT (remote, version) DO NOTHING`,
      [input.remote, input.version, input.manifest_url, check.ok, JSON.stringify(check.problems), adminId],
    );
    if (!inserted.rowCount) throw alreadyRegistered();
    await audit(tx, adminId, 'release.register', 'release', `${input.remote}@${input.version}`, {
      manifest_url: input.manifest_url,
      contract_check: check,
    });
  });
  return rolloutView(db, settings, input.remote);
}

export async function promoteRelease(
  db: Db,
  settings: ReleaseSettings,
  adminId: string,
  remote: RemoteName,
  version: string,
): Promise<RemoteRollout> {
  await recheck(db, settings, remote, version, 'promote');
  await db.transaction(async (tx) => {
    const ro = await rolloutOf(tx, remote);
    const release = await releaseOf(tx, remote, version);
    assertChecked(release, 'promote');
    if (ro.active_version === version) throw badRequest(`${remote} ${version} is already active`);
    // A promoted canary is the whole rollout now.
    const endsCanary = ro.canary_version !== null;
    await tx.query(
      `UPDATE public.remote_rollouts SET previous_version = active_version, active_version = $2,
         canary_version = NULL, canary_percent = 0, canary_started_at = NULL, updated_at = now()
       WHERE remote = $1`,
      [remote, version],
    );
    await tx.query(
      'UPDATE public.remote_releases SET rolled_back_at = NULL WHERE remote = $1 AND version = $2',
      [remote, version],
    );
    await audit(tx, adminId, 'release.promote', 'release', `${remote}@${version}`, {
      from: ro.active_version,
      ...(endsCanary && { ended_canary: ro.canary_version }),
    });
  });
  return rolloutView(db, settings, remote);
}

/**
 * Back to `version` (which must have passed its check), or without one to the version active before the current
 * one, or to the current build when there was none. Ends a running canary too.
 */
export async function rollbackRelease(
  db: Db,
  settings: ReleaseSettings,
  adminId: string,
  remote: RemoteName,
  version: string | null,
): Promise<RemoteRollout> {
  await db.transaction(async (tx) => {
    const ro = await rolloutOf(tx, remote);
    const target = version ?? ro.previous_version;
    if (target !== null) {
      if (target === ro.active_version) throw badRequest(`${remote} ${target} is already active`);
      const release = await releaseOf(tx, remote, target);
      assertChecked(release, 'rollback');
      if (!isAllowedManifestUrl(settings, release.manifest_url))
        throw new HttpError(
          409,
          `rollback refused: ${remote} ${target} is not on an allowed origin (RELEASE_MANIFEST_ORIGINS)`,
          'manifest_origin_not_allowed',
        );
    } else if (ro.active_version === null && ro.canary_version === null)
      throw badRequest(`${remote} runs its current build: there is nothing to roll back`);
    const out = [ro.active_version, ro.canary_version].filter((v): v is string => v !== null && v !== target);
    await tx.query(
      `UPDATE public.remote_rollouts SET active_version = $2, previous_version = NULL,
         canary_version = NULL, canary_percent = 0, canary_started_at = NULL, updated_at = now()
       WHERE remote = $1`,
      [remote, target],
    );
    if (out.length)
      await tx.query(
        'UPDATE public.remote_releases SET rolled_back_at = now() WHERE remote = $1 AND version = ANY($2::text[])',
        [remote, out],
      );
    await audit(tx, adminId, 'release.rollback', 'release', `${remote}@${target ?? 'current-build'}`, {
      from: ro.active_version,
      to: target,
      ...(ro.canary_version && { ended_canary: ro.canary_version }),
    });
  });
  return rolloutView(db, settings, remote);
}

export async function startCanary(
  db: Db,
  settings: ReleaseSettings,
  adminId: string,
  remote: RemoteName,
  version: string,
  percent: number,
): Promise<RemoteRollout> {
  await recheck(db, settings, remote, version, 'canary');
  await db.transaction(async (tx) => {
    const ro = await rolloutOf(tx, remote);
    const release = await releaseOf(tx, remote, version);
    assertChecked(release, 'canary');
    if (ro.active_version === version) throw badRequest(`${remote} ${version} is already active`);
    await tx.query(
      `UPDATE public.remote_rollouts SET canary_version = $2, canary_percent = $3, canary_started_at = now(),
         updated_at = now() WHERE remote = $1`,
      [remote, version, percent],
    );
    await tx.query(
      'UPDATE public.remote_releases SET rolled_back_at = NULL WHERE remote = $1 AND version = $2',
      [remote, version],
    );
    await audit(tx, adminId, 'release.canary.start', 'release', `${remote}@${version}`, {
      percent,
      ...(ro.canary_version && ro.canary_version !== version && { replaced: ro.canary_version }),
    });
  });
  return rolloutView(db, settings, remote);
}

export async function stopCanary(
  db: Db,
  settings: ReleaseSettings,
  adminId: string,
  remote: RemoteName,
): Promise<RemoteRollout> {
  await db.transaction(async (tx) => {
    const ro = await rolloutOf(tx, remote);
    if (!ro.canary_version) throw badRequest(`${remote} has no canary running`);
    await tx.query(
      `UPDATE public.remote_rollouts SET canary_version = NULL, canary_percent = 0, canary_started_at = NULL,
         updated_at = now() WHERE remote = $1`,
      [remote],
    );
    await audit(tx, adminId, 'release.canary.stop', 'release', `${remote}@${ro.canary_version}`, {
      percent: ro.canary_percent,
    });
  });
  return rolloutView(db, settings, remote);
}

/**
 * The remote map of one session: per remote, the canary when the session's bucket falls within its share, else
 * the active version, else the current build. Each (remote, version, session) is counted once.
 */
export async function remoteMapFor(
  db: Queryable,
  settings: ReleaseSettings,
  sessionId: string,
): Promise<{ remotes: Record<RemoteName, string>; versions: Record<RemoteName, string | null> }> {
  const all = await rollouts(db);
  const wanted = new Set<string>();
  const chosen = new Map<RemoteName, string | null>();
  for (const remote of REMOTE_NAMES) {
    const ro = all.get(remote)!;
    const version =
      ro.canary_version && canaryBucket(sessionId, remote) < ro.canary_percent
        ? ro.canary_version
        : ro.active_version;
    chosen.set(remote, version);
    if (version) wanted.add(version);
  }
  const urls = new Map<string, string>();
  if (wanted.size) {
    const rows = (
      await db.query<{ remote: string; version: string; manifest_url: string }>(
        'SELECT remote, version, manifest_url FROM public.remote_releases WHERE version = ANY($1::text[])',
        [[...wanted]],
      )
    ).rows;
    // A release registered before its origin left the allowlist is not handed out: the current build is.
    for (const r of rows)
      if (isAllowedManifestUrl(settings, r.manifest_url))
        urls.set(`${r.remote}\u0000${r.version}`, baseOf(r.manifest_url));
  }
  const remotes = {} as Record<RemoteName, string>;
  const versions = {} as Record<RemoteName, string | null>;
  for (const remote of REMOTE_NAMES) {
    const v = chosen.get(remote) ?? null;
    const url = v ? urls.get(`${remote}\u0000${v}`) : undefined;
    remotes[remote] = url ?? settings.defaultUrls[remote];
    versions[remote] = url ? v : null;
  }
  await db.query(
    `INSERT INTO public.release_sessions (session_id, remote, version)
     SELECT $1, r, v FROM unnest($2::text[], $3::text[]) AS t(r, v) ON CONFLICT DO NOTHING`,
    [sessionId, REMOTE_NAMES, REMOTE_NAMES.map((r) => versions[r] ?? '')],
  );
  return { remotes, versions };
}

/**
 * Deletes the remote-map assignments older than settings.sessionTtlSeconds and their load-failure reports, so
 * the tables anonymous requests write stay bounded.
 */
export async function sweepReleaseSessions(db: Queryable, settings: ReleaseSettings): Promise<void> {
  const cutoff = new Date(Date.now() - settings.sessionTtlSeconds * 1000).toISOString();
  await db.query('DELETE FROM public.release_sessions WHERE first_seen < $1', [cutoff]);
  await db.query('DELETE FROM public.release_load_failures WHERE created_at < $1', [cutoff]);
}

/**
 * Records one load failure, but only from a session the registry gave that version of that remote (its remote map
 * said so, release_sessions): a report naming a session the registry never gave the version is ignored, so
 * nobody can fail a canary they were never served. When the report is of the running canary and the canary's
 * share of failing sessions exceeds the threshold (with enough sessions to judge), the canary is rolled back and
 * the audit log says so.
 */
export async function recordLoadFailure(
  db: Db,
  settings: ReleaseSettings,
  f: {
    remote: RemoteName;
    version: string | null;
    phase: LoadFailurePhase;
    session: string;
    message: string;
  },
): Promise<{ recorded: boolean; rolledBack: boolean }> {
  const version = f.version ?? '';
  const inserted = await db.query(
    `INSERT INTO public.release_load_failures (remote, version, phase, session_id, message)
     SELECT $1, $2, $3, $4, $5 WHERE EXISTS (
       SELECT 1 FROM public.release_sessions WHERE remote = $1 AND version = $2 AND session_id = $4)`,
    [f.remote, version, f.phase, f.session, f.message],
  );
  if (!inserted.rowCount) return { recorded: false, rolledBack: false };
  if (!version) return { recorded: true, rolledBack: false };
  return db.transaction(async (tx) => {
    const ro = await rolloutOf(tx, f.remote);
    if (ro.canary_version !== version) return { recorded: true, rolledBack: false };
    const stats = (
      await tx.query<{ sessions: string | number; failed: string | number }>(
        `SELECT (SELECT count(*) FROM public.release_sessions WHERE remote = $1 AND version = $2) AS sessions,
                (SELECT count(DISTINCT f.session_id) FROM public.release_load_failures f
                  JOIN public.release_sessions s
                    ON s.remote = f.remote AND s.version = f.version AND s.session_id = f.session_id
                  WHERE f.remote = $1 AND f.version = $2) AS failed`,
        [f.remote, version],
      )
    ).rows[0]!;
    const sessions = Number(stats.sessions);
    const failed = Number(stats.failed);
    const rate = sessions ? failed / sessions : 0;
    if (sessions < settings.canaryMinSessions || rate <= settings.canaryMaxFailureRate)
      return { recorded: true, rolledBack: false };
    await tx.query(
      `UPDATE public.remote_rollouts SET canary_version = NULL, canary_percent = 0, canary_started_at = NULL,
         updated_at = now() WHERE remote = $1`,
      [f.remote],
    );
    await tx.query(
      'UPDATE public.remote_releases SET rolled_back_at = now() WHERE remote = $1 AND version = $2',
      [f.remote, version],
    );
    await audit(tx, null, 'release.canary.auto_rollback', 'release', `${f.remote}@${version}`, {
      percent: ro.canary_percent,
      sessions,
      failed_sessions: failed,
      failure_rate: Math.round(rate * 1000) / 1000,
      threshold: settings.canaryMaxFailureRate,
      last_phase: f.phase,
    });
    return { recorded: true, rolledBack: true };
  });
}
