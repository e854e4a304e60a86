import { z } from 'zod';
import { REMOTE_NAMES } from '../remotes';
import { int, text } from './input';

/**
 * The release registry: each remote's published versions with their contract-check result, the active
 * version and a canary per remote, the remote map a session resolves, and the shell's load-failure beacons.
 */

/** A published version's name: a path segment (`1.4.0`, `2024-11-25.1`, `v3-rc.1`). */
export const RELEASE_VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z._+-]{0,63}$/;
export const ReleaseVersion = z
  .string()
  .regex(RELEASE_VERSION_PATTERN, 'version: letters, digits, . _ + - (at most 64, not starting with . or -)')
  .refine((v) => !v.includes('..'), 'version must not contain ".."');

export const RemoteNameSchema = z.enum(REMOTE_NAMES);

/** Where a load failed: the manifest, the entry script, the exposed module's code, or its first render. */
export const LOAD_FAILURE_PHASES = ['manifest', 'entry', 'expose', 'render'] as const;
export type LoadFailurePhase = (typeof LOAD_FAILURE_PHASES)[number];

/** A browser session's id (the shell makes one per tab session, a UUID). */
export const ReleaseSessionId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'session: 8 to 64 letters, digits, _ or -');

export const ContractCheckResult = z.object({
  ok: z.boolean(),
  problems: z.array(text().max(500)).max(100).default([]),
});
export type ContractCheckResult = z.infer<typeof ContractCheckResult>;

export const ReleaseInput = z.object({
  remote: RemoteNameSchema,
  version: ReleaseVersion,
  manifest_url: z
    .string()
    .url('manifest_url must be a URL')
    .max(2000)
    .regex(
      /^https?:\/\/[^]*\/mf-manifest\.json$/,
      'manifest_url must be an http(s) URL ending in /mf-manifest.json',
    ),
  /**
   * Not read: the server fetches the manifest and runs the contract check itself (a client's word that a manifest
   * is fine is no check). Accepted so that older clients still register.
   */
  contract_check: ContractCheckResult.nullable().optional(),
});
export type ReleaseInput = z.input<typeof ReleaseInput>;

export const ReleaseRemoteParams = z.object({ remote: RemoteNameSchema });
export const ReleaseVersionBody = z.object({ version: ReleaseVersion });
/** Rollback: to the given version, else to the one active before the current one (or the current build). */
export const ReleaseRollbackBody = z.object({ version: ReleaseVersion.nullable().optional() });
export const CanaryStartBody = z.object({
  version: ReleaseVersion,
  percent: int().min(1, 'percent must be at least 1').max(99, 'percent must be at most 99'),
});

export const ReleaseStatus = z.enum(['active', 'canary', 'available', 'rolled-back']);
export const Release = z.object({
  remote: RemoteNameSchema,
  version: z.string(),
  manifest_url: z.string(),
  /** The server's contract check of the manifest: null = not checked yet. */
  check_ok: z.boolean().nullable(),
  check_problems: z.array(z.string()),
  /** When the server last checked it. */
  checked_at: z.string().nullable(),
  status: ReleaseStatus,
  created_at: z.string(),
  rolled_back_at: z.string().nullable(),
  /** Sessions that were given this version. */
  sessions: z.number(),
  /** Sessions that reported at least one load failure of it, and all its failure reports by phase. */
  failed_sessions: z.number(),
  failure_rate: z.number(),
  failures: z.record(z.enum(LOAD_FAILURE_PHASES), z.number()),
});
export type Release = z.infer<typeof Release>;

export const RemoteRollout = z.object({
  remote: RemoteNameSchema,
  /** null = the current build at the remote's default URL. */
  active_version: z.string().nullable(),
  canary_version: z.string().nullable(),
  canary_percent: z.number(),
  default_url: z.string(),
  releases: z.array(Release),
});
export type RemoteRollout = z.infer<typeof RemoteRollout>;

export const ReleasesResponse = z.object({
  ok: z.literal(true),
  remotes: z.array(RemoteRollout),
  canary_max_failure_rate: z.number(),
  canary_min_sessions: z.number(),
});
export type ReleasesResponse = z.infer<typeof ReleasesResponse>;

export const ReleaseResponse = z.object({ ok: z.literal(true), rollout: RemoteRollout, message: z.string() });
export type ReleaseResponse = z.infer<typeof ReleaseResponse>;

export const RemoteMapQuery = z.object({ session: ReleaseSessionId });
/** A session's remote map: each remote's base URL and the version it is (null = the current build). */
export const RemoteMapResponse = z.object({
  remotes: z.record(RemoteNameSchema, z.string()),
  versions: z.record(RemoteNameSchema, z.string().nullable()),
});
export type RemoteMapResponse = z.infer<typeof RemoteMapResponse>;

export const LoadFailureInput = z.object({
  remote: RemoteNameSchema,
  /** null / absent = the current build. */
  version: ReleaseVersion.nullable().optional(),
  phase: z.enum(LOAD_FAILURE_PHASES),
  session: ReleaseSessionId,
  message: text().max(500).optional(),
});
export type LoadFailureInput = z.input<typeof LoadFailureInput>;
