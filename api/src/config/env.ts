import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { isSocketSetting, socketAddressOf, type SocketAddress } from '../db/socket-address';
import type { S3StoreOptions } from '../services/media-store';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const REPO_ROOT = path.resolve(apiDir, '..');
export const DEFAULT_JWT_SECRET = 'wayfarer-local-development-secret-change-me-0123456789';

const bool = (d: boolean) =>
  z
    .string()
    .optional()
    .transform((v) =>
      v === undefined || v === '' ? d : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase()),
    );
const int = (d: number) => z.coerce.number().int().nonnegative().default(d);
const emptyToUndef = (v: unknown) => (v === '' ? undefined : v);

export const envSchema = z.object({
  PORT: int(4000),
  // The loopback interfaces (IPv4 and IPv6) unless set: a development API, with its mailbox of sign-up codes, is not
  // reachable from the local network. Behind a balancer on another machine or in a container, set HOST=0.0.0.0.
  HOST: z.preprocess(emptyToUndef, z.string().max(255).default('localhost')),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.preprocess(emptyToUndef, z.string().url().optional()),
  EMBEDDED_DB_SOCKET: z
    .string()
    .default('')
    .refine(isSocketSetting, 'EMBEDDED_DB_SOCKET: empty, off, a port, 127.0.0.1:<port>, or a directory path'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').default(DEFAULT_JWT_SECRET),
  JWT_EXPIRY: int(3600),
  SUPABASE_URL: z.preprocess(emptyToUndef, z.string().url().optional()),
  SUPABASE_ANON_KEY: z.preprocess(emptyToUndef, z.string().optional()),
  PUBLIC_SITE_ORIGIN: z.string().url().default('http://localhost:3000'),
  CORS_ORIGINS: z
    .string()
    .default(
      'http://localhost:3000,http://localhost:3001,http://localhost:3002,http://localhost:3003,http://localhost:3004',
    ),
  OTP_TTL_SECONDS: int(180),
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_WINDOW_SECONDS: int(600),
  RATE_LIMIT_PER_IP: int(1000),
  RATE_LIMIT_PER_EMAIL: int(100),
  // Comments (and replies) one account may post in any minute and in any 24 hours (0 = no limit), counted from the
  // comments themselves: a flood from one account would bury a sight's thread for everyone.
  COMMENTS_PER_USER_PER_MINUTE: int(5),
  COMMENTS_PER_USER_PER_DAY: int(60),
  // Guides one account may have waiting or being made at once: one account's burst would otherwise hold every worker
  // while other travellers' guides wait (the queue also takes each user's n-th waiting guide in the n-th round).
  GUIDE_MAX_QUEUED_PER_USER: z.coerce.number().int().min(1).max(1000).default(3),
  // Sessions (as GoTrue's SESSIONS_INACTIVITY_TIMEOUT / SESSIONS_TIMEBOX, in seconds; 0 = no limit): a session ends
  // when not refreshed for the first, and at the latest the second after its sign-in.
  SESSIONS_INACTIVITY_TIMEOUT_SECONDS: int(30 * 24 * 3600),
  SESSIONS_TIMEBOX_SECONDS: int(90 * 24 * 3600),
  // A spent refresh token presented again within this many seconds gets the session's current token (two tabs
  // refreshing at once); later, it ends the session (GoTrue's REFRESH_TOKEN_REUSE_INTERVAL).
  REFRESH_TOKEN_REUSE_INTERVAL_SECONDS: int(10),
  // Changing the password or e-mail without the current password needs a sign-in at most this many seconds old.
  REAUTHENTICATION_WINDOW_SECONDS: int(600),
  // Wrong tries a one-time code survives; the next one spends it.
  OTP_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  // Failed sign-ins (password, code, current password) per address / per IP that are free; each further failure
  // doubles the wait before the next try (from SIGNIN_BACKOFF_BASE_SECONDS up to SIGNIN_BACKOFF_MAX_SECONDS).
  // A quiet SIGNIN_BACKOFF_FORGET_SECONDS forgets the failures; a successful sign-in clears the address's.
  SIGNIN_BACKOFF_AFTER_FAILURES: z.coerce.number().int().min(1).default(5),
  SIGNIN_BACKOFF_AFTER_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
  SIGNIN_BACKOFF_BASE_SECONDS: z.coerce.number().int().min(1).default(1),
  SIGNIN_BACKOFF_MAX_SECONDS: z.coerce.number().int().min(1).default(300),
  SIGNIN_BACKOFF_FORGET_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 3600),
  SEED_ON_START: bool(true),
  // Ingest (POST /sights/ingest) and sight images.
  INGEST_SOURCE_URL: z.preprocess(emptyToUndef, z.string().url().optional()),
  INGEST_LOCAL_FILE: z.preprocess(emptyToUndef, z.string().optional()),
  INGEST_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
  INGEST_CACHE_SECONDS: int(900),
  INGEST_MAX_FETCHES_PER_MINUTE: int(20),
  NEARBY_INDEX: z.enum(['memory', 'sql']).default('memory'),
  // A hosted voice: an OpenAI-compatible speech API (POST {TTS_API_URL}/audio/speech); unset = espeak-ng only.
  TTS_API_URL: z.preprocess(emptyToUndef, z.string().url().optional()),
  TTS_API_KEY: z.preprocess(emptyToUndef, z.string().optional()),
  TTS_MODEL: z.preprocess(emptyToUndef, z.string().default('gpt-4o-mini-tts')),
  TTS_VOICE_FEMALE: z.preprocess(emptyToUndef, z.string().default('nova')),
  TTS_VOICE_MALE: z.preprocess(emptyToUndef, z.string().default('onyx')),
  TTS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(110_000).default(20_000),
  MEDIA_DIR: z.preprocess(emptyToUndef, z.string().optional()),
  MEDIA_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(7 * 24 * 3600)
    .default(3600),
  MEDIA_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  // Sight photos one user may have waiting for review; more uploads are refused (429) until an admin catches up.
  MEDIA_MAX_PENDING_PER_USER: int(50),
  PUBLIC_API_URL: z.preprocess(emptyToUndef, z.string().url().optional()),
  // Media in Supabase Storage instead of MEDIA_DIR: a bucket of the hosted project and its service-role key.
  MEDIA_STORAGE_BUCKET: z.preprocess(
    emptyToUndef,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]{1,62}$/, 'MEDIA_STORAGE_BUCKET: a bucket id')
      .optional(),
  ),
  SUPABASE_SERVICE_ROLE_KEY: z.preprocess(emptyToUndef, z.string().optional()),
  // Media in any S3-compatible bucket (AWS S3, MinIO, R2, Supabase Storage's S3 endpoint): wins over the two above.
  S3_ENDPOINT: z.preprocess(emptyToUndef, z.string().url().optional()),
  S3_BUCKET: z.preprocess(
    emptyToUndef,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET: a bucket name')
      .optional(),
  ),
  S3_REGION: z.preprocess(emptyToUndef, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: z.preprocess(emptyToUndef, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndef, z.string().optional()),
  S3_FORCE_PATH_STYLE: bool(true),
  // Guide writer: an OpenAI-compatible chat completions API when a key is set.
  OPENAI_API_KEY: z.preprocess(emptyToUndef, z.string().optional()),
  OPENAI_MODEL: z.preprocess(emptyToUndef, z.string().default('gpt-4o-mini')),
  OPENAI_BASE_URL: z.preprocess(emptyToUndef, z.string().url().default('https://api.openai.com/v1')),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(110_000).default(45_000),
  // Facts for sights: Wikipedia REST (page/summary) and Wikidata (wbgetentities); unset WIKI_API_URL = off.
  WIKI_API_URL: z.preprocess(emptyToUndef, z.string().url().optional()),
  WIKIDATA_API_URL: z.preprocess(emptyToUndef, z.string().url().optional()),
  WIKI_LANGUAGE: z.preprocess(
    emptyToUndef,
    z
      .string()
      .regex(/^[a-z]{2,3}$/, 'WIKI_LANGUAGE: a language code such as en')
      .default('en'),
  ),
  WIKI_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
  WIKI_REQUESTS_PER_SECOND: z.coerce.number().int().min(1).max(200).default(5),
  WIKI_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  WIKI_REFRESH_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  WIKI_PREFETCH_PER_MINUTE: int(20),
  // Several API copies: this copy's name, sent as X-Wayfarer-Copy on every answer (unset = no header).
  API_COPY_NAME: z.preprocess(
    emptyToUndef,
    z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, 'API_COPY_NAME: letters, digits, . _ - (at most 64)')
      .optional(),
  ),
  // Release registry: a canary whose share of sessions reporting a load failure exceeds this rate,
  // once it has at least RELEASE_CANARY_MIN_SESSIONS sessions, is rolled back automatically.
  RELEASE_CANARY_MAX_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0.2),
  RELEASE_CANARY_MIN_SESSIONS: z.coerce.number().int().min(1).max(100_000).default(5),
  // Load-failure beacons one address may send per rate-limit window (RATE_LIMIT_WINDOW_SECONDS).
  RELEASE_BEACONS_PER_IP: int(300),
  // Where a release's manifest may live: comma-separated origins (unset = the REMOTE_*_URL origins). The API fetches
  // and checks a manifest itself before a promote or canary, from these origins only.
  RELEASE_MANIFEST_ORIGINS: z.preprocess(
    emptyToUndef,
    z
      .string()
      .refine(
        (v) =>
          v.split(',').every((o) => !o.trim() || /^https?:\/\/[^/?#]+$/.test(o.trim().replace(/\/+$/, ''))),
        'RELEASE_MANIFEST_ORIGINS: comma-separated origins (http(s)://host[:port])',
      )
      .optional(),
  ),
  // The shell whose shared versions a release's manifest is checked against (<url>/mf-manifest.json).
  RELEASE_SHELL_URL: z.preprocess(emptyToUndef, z.string().url().optional()),
  RELEASE_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  RELEASE_CHECK_MAX_BYTES: z.coerce.number().int().min(1024).max(20_000_000).default(1_000_000),
  // Remote-map requests (GET /releases/remote-map) one address may make per RATE_LIMIT_WINDOW_SECONDS.
  RELEASE_REMOTE_MAPS_PER_IP: int(600),
  // A session's remote-map assignment (and its load-failure reports) is deleted this long after it was made.
  RELEASE_SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(7 * 24 * 3600),
  // Presence heartbeats (POST /presence/heartbeat) one address may send per RATE_LIMIT_WINDOW_SECONDS.
  PRESENCE_HEARTBEATS_PER_IP: int(600),
  // A presence row not seen for this long is deleted.
  PRESENCE_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(24 * 3600),
  // How often (at most) one API process deletes expired presence rows and release sessions, on a write.
  ANONYMOUS_SWEEP_INTERVAL_SECONDS: int(60),
  // Each remote's current build, the remote map's default when no release of it is active (as the shell's server).
  REMOTE_EXPLORE_URL: z.preprocess(emptyToUndef, z.string().url().default('http://localhost:3001')),
  REMOTE_ACCOUNT_URL: z.preprocess(emptyToUndef, z.string().url().default('http://localhost:3002')),
  REMOTE_MARKETING_URL: z.preprocess(emptyToUndef, z.string().url().default('http://localhost:3003')),
  REMOTE_ADMIN_URL: z.preprocess(emptyToUndef, z.string().url().default('http://localhost:3004')),
  // Payments: 'stripe' = Stripe Checkout and its signed webhook; unset = the instant local checkout outside
  // production, and no payments at all in production.
  PAYMENT_PROVIDER: z.preprocess(emptyToUndef, z.enum(['stripe']).optional()),
  STRIPE_SECRET_KEY: z.preprocess(emptyToUndef, z.string().optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndef, z.string().optional()),
  // Stripe's API base (unset = https://api.stripe.com); a local stand-in in tests.
  STRIPE_API_URL: z.preprocess(emptyToUndef, z.string().url().optional()),
  // Google sign-in. Production: a real OpenID Connect client (its ID tokens verified against the issuer's keys).
  // AUTH_GOOGLE_STANDIN: a local consent page that plays Google's part, for development and tests only.
  GOOGLE_CLIENT_ID: z.preprocess(emptyToUndef, z.string().max(512).optional()),
  GOOGLE_CLIENT_SECRET: z.preprocess(emptyToUndef, z.string().max(512).optional()),
  GOOGLE_OIDC_ISSUER: z.preprocess(emptyToUndef, z.string().url().default('https://accounts.google.com')),
  GOOGLE_OIDC_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  AUTH_GOOGLE_STANDIN: bool(false),
  // Behind a load balancer: whose X-Forwarded-For / -Proto / -Host to believe (unset = nobody's).
  TRUST_PROXY: z.preprocess(
    emptyToUndef,
    z
      .string()
      .regex(
        /^(true|false|\d{1,2}|[0-9A-Fa-f.:/]+(\s*,\s*[0-9A-Fa-f.:/]+)*)$/,
        'TRUST_PROXY: true, false, a hop count, or comma-separated addresses / CIDR ranges',
      )
      .optional(),
  ),
});

/**
 * Fastify's `trustProxy` from TRUST_PROXY: unset or 'false' = trust no proxy (req.ip is the socket's peer); 'true'
 * = trust every hop (only when the API cannot be reached but through the balancer); a number = trust that many
 * hops; otherwise the balancer's addresses or CIDR ranges (e.g. 127.0.0.1 for `pnpm start:cluster`'s nginx).
 */
export function trustProxyOf(v: string | undefined): boolean | number | string[] {
  if (v === undefined || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the embedded database directory. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where the API serves the embedded database to the CLIs and psql; undefined = not served. */
  embeddedDbSocket: SocketAddress | undefined;
  jwtSecret: string;
  jwtExpiry: number;
  supabaseUrl: string | undefined;
  supabaseAnonKey: string | undefined;
  publicSiteOrigin: string;
  corsOrigins: string[];
  otpTtlSeconds: number;
  nodeEnv: 'development' | 'test' | 'production';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  rateLimit: { windowSeconds: number; perIp: number; perEmail: number };
  /** Comments one user may post in any minute and in any 24 hours (0 = no limit); more are refused (429). */
  comments: { perUserPerMinute: number; perUserPerDay: number };
  /** Session lifetimes, refresh-token reuse interval and the recent sign-in window, in seconds (0 = no limit). */
  sessions: {
    inactivitySeconds: number;
    timeboxSeconds: number;
    refreshReuseSeconds: number;
    reauthWindowSeconds: number;
  };
  /** Guides one user may have queued or being made at once (GUIDE_MAX_QUEUED_PER_USER); more are refused (429). */
  guides: { maxQueuedPerUser: number };
  /** Wrong tries a one-time code survives. */
  otpMaxAttempts: number;
  /** Exponential back-off after failed sign-ins, per address and per IP (auth/rate-limit.ts). */
  signinBackoff: {
    afterFailures: number;
    afterFailuresPerIp: number;
    baseSeconds: number;
    maxSeconds: number;
    forgetSeconds: number;
  };
  seedOnStart: boolean;
  /** POST /sights/ingest: Overpass-compatible service (unset = the bundled OSM file), time-out, area cache, per-user cap. */
  ingest: {
    sourceUrl: string | undefined;
    localFile: string;
    timeoutMs: number;
    cacheSeconds: number;
    maxFetchesPerMinute: number;
  };
  /** Uploaded sight images: absolute directory, signed-URL lifetime, upload size limit. */
  media: {
    dir: string;
    urlTtlSeconds: number;
    maxBytes: number;
    /** Sight photos one user may have pending review (MEDIA_MAX_PENDING_PER_USER; 50 when not set). */
    maxPendingPerUser?: number;
    /** Set (with SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY): bytes go to this Supabase Storage bucket, not `dir`. */
    storage?: { url: string; bucket: string; serviceKey: string };
    /** Set by S3_BUCKET (with S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY): bytes go to this S3-compatible bucket. */
    s3?: S3StoreOptions;
  };
  /** GET /sights/nearby: 'memory' = the in-memory index kept fresh by NOTIFY (SQL until built), 'sql' = always SQL. */
  nearbyIndex: 'memory' | 'sql';
  /** A hosted voice (falls back to espeak-ng per station on any failure); unset url = espeak-ng only. */
  ttsApi: {
    url: string | undefined;
    apiKey: string | undefined;
    model: string;
    voices: Record<'female' | 'male', string>;
    timeoutMs: number;
  };
  /** Public base of this API for absolute signed URLs; unset = taken from the request's Host. */
  publicApiUrl: string | undefined;
  /** LLM guide writer (chat completions); unset key = the deterministic local writer. */
  openai: { apiKey: string | undefined; model: string; baseUrl: string; timeoutMs: number };
  /**
   * Facts for sights (Wikipedia summary, Wikidata claims), fetched by workers and cached; undefined = off. URLs
   * without a trailing slash; `wikipediaUrl` may hold `{lang}`.
   */
  wiki:
    | {
        wikipediaUrl: string;
        wikidataUrl: string;
        language: string;
        timeoutMs: number;
        requestsPerSecond: number;
        concurrency: number;
        refreshDays: number;
        prefetchPerMinute: number;
      }
    | undefined;
  /** API_COPY_NAME: sent as X-Wayfarer-Copy on every answer (which copy behind the balancer answered). */
  copyName: string | undefined;
  /** TRUST_PROXY as Fastify's trustProxy: which peers' X-Forwarded-* headers give req.ip / protocol / host. */
  trustProxy: boolean | number | string[];
  /**
   * Google sign-in: `oidc` = a real OpenID Connect client (GOOGLE_CLIENT_ID and _SECRET); `standIn` = the local
   * consent page (AUTH_GOOGLE_STANDIN, refused in production). Neither: no Google sign-in.
   */
  google: {
    standIn: boolean;
    oidc: { issuer: string; clientId: string; clientSecret: string; timeoutMs: number } | undefined;
  };
  /**
   * PAYMENT_PROVIDER and its keys; `stripe` undefined = no provider (the local checkout outside production, none
   * in production: services/payments.ts decides from this and nodeEnv).
   */
  payments: { stripe: StripeConfig | undefined };
  /** Release registry: automatic canary rollback, beacon rate limit, each remote's current build (REMOTE_*_URL). */
  releases: {
    canaryMaxFailureRate: number;
    canaryMinSessions: number;
    beaconsPerIp: number;
    defaultUrls: Record<'explore' | 'account' | 'marketing' | 'admin', string>;
    /** RELEASE_MANIFEST_ORIGINS (default: the origins of defaultUrls): where a release's manifest may live. */
    manifestOrigins: string[];
    /** RELEASE_SHELL_URL (default PUBLIC_SITE_ORIGIN): the shell a manifest is checked against. */
    shellUrl: string;
    checkTimeoutMs: number;
    checkMaxBytes: number;
    remoteMapsPerIp: number;
    sessionTtlSeconds: number;
  };
  /** Anonymous presence heartbeats: per-address limit and how long a row is kept. */
  presence: { heartbeatsPerIp: number; ttlSeconds: number };
  /** ANONYMOUS_SWEEP_INTERVAL_SECONDS: expired presence rows and release sessions are deleted at most this often. */
  anonymousSweepIntervalSeconds: number;
}

/**
 * What a production process must not run with: the development JWT secret is public (it is in this repository),
 * and with it anyone can sign an admin's access token, the anon and service-role keys, media URLs and sign-up
 * codes. One line per missing or default variable.
 */
export function productionSecretProblems(env: NodeJS.ProcessEnv, e: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (!env.JWT_SECRET) problems.push('JWT_SECRET is not set (the public development secret would be used)');
  else if (e.JWT_SECRET === DEFAULT_JWT_SECRET) problems.push('JWT_SECRET is the public development secret');
  if (e.MEDIA_STORAGE_BUCKET && !e.SUPABASE_SERVICE_ROLE_KEY) {
    problems.push('SUPABASE_SERVICE_ROLE_KEY is not set, but MEDIA_STORAGE_BUCKET asks for Supabase Storage');
  }
  if (e.MEDIA_STORAGE_BUCKET && !e.SUPABASE_URL)
    problems.push('SUPABASE_URL is not set, but MEDIA_STORAGE_BUCKET asks for Supabase Storage');
  return problems;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Base URL without a trailing slash (https://api.stripe.com unless STRIPE_API_URL says otherwise). */
  apiUrl: string;
  /** How old a webhook signature's timestamp may be (Stripe's own default tolerance). */
  webhookToleranceSeconds: number;
}

/** Every process refuses half a payment configuration: checkouts would fail, or webhooks could not be verified. */
function paymentProblems(e: z.infer<typeof envSchema>): string[] {
  const keys = { STRIPE_SECRET_KEY: e.STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: e.STRIPE_WEBHOOK_SECRET };
  if (e.PAYMENT_PROVIDER === 'stripe')
    return Object.entries(keys)
      .filter(([, v]) => !v)
      .map(([name]) => `${name} is not set, but PAYMENT_PROVIDER asks for Stripe`);
  return Object.entries(keys)
    .filter(([, v]) => v)
    .map(
      ([name]) => `${name} is set but PAYMENT_PROVIDER is not: set PAYMENT_PROVIDER=stripe, or unset ${name}`,
    );
}

/** Every process refuses half an S3 configuration: media would silently go to the local disk of one machine. */
function s3Problems(e: z.infer<typeof envSchema>): string[] {
  const set = {
    S3_ENDPOINT: e.S3_ENDPOINT,
    S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY,
  };
  if (e.S3_BUCKET) {
    return Object.entries(set)
      .filter(([name, v]) => name !== 'S3_ENDPOINT' && !v)
      .map(([name]) => `${name} is not set, but S3_BUCKET asks for S3 object storage`);
  }
  return Object.entries(set)
    .filter(([, v]) => v)
    .map(([name]) => `${name} is set but S3_BUCKET is not: set the bucket too, or unset ${name}`);
}

/**
 * Wikidata's API when only WIKI_API_URL is set: the real one for a wikipedia.org base, else the same server's
 * /w/api.php (a stand-in answering for both services).
 */
export function defaultWikidataUrl(wikiApiUrl: string): string {
  const u = new URL(wikiApiUrl.replace(/\{lang\}/g, 'en'));
  return /(^|\.)wikipedia\.org$/i.test(u.hostname)
    ? 'https://www.wikidata.org/w/api.php'
    : `${u.origin}/w/api.php`;
}

/**
 * Google sign-in is either real or the development stand-in: the stand-in signs anyone in as any address, so a
 * production process refuses it, and half a client (an id without its secret) is refused everywhere.
 */
function googleProblems(e: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (e.AUTH_GOOGLE_STANDIN && e.NODE_ENV === 'production') {
    problems.push(
      'AUTH_GOOGLE_STANDIN is set with NODE_ENV=production: the stand-in signs in anyone as any address',
    );
  }
  if (e.NODE_ENV === 'production' && e.GOOGLE_CLIENT_ID && !e.GOOGLE_OIDC_ISSUER.startsWith('https://')) {
    problems.push(
      'GOOGLE_OIDC_ISSUER must be an https:// URL in production (its keys vouch for every sign-in)',
    );
  }
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together: set both, or neither');
  }
  return problems;
}

/** Reads the environment once; throws a readable error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const s3 = [...s3Problems(e), ...paymentProblems(e), ...googleProblems(e)];
  if (s3.length) throw new Error(`Invalid environment:\n${s3.map((l) => `  ${l}`).join('\n')}`);
  if (e.NODE_ENV === 'production') {
    const problems = productionSecretProblems(env, e);
    if (problems.length) {
      throw new Error(
        `Refusing to start with NODE_ENV=production without real secrets:\n${problems.map((l) => `  ${l}`).join('\n')}\n` +
          'Set them (see .env.example), or leave NODE_ENV unset for local development.',
      );
    }
  }
  const origins = e.CORS_ORIGINS.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!origins.includes(e.PUBLIC_SITE_ORIGIN)) origins.push(e.PUBLIC_SITE_ORIGIN);
  const abs = (v: string | undefined, d: string) =>
    v ? (path.isAbsolute(v) ? v : path.resolve(REPO_ROOT, v)) : d;
  const dataDir = path.isAbsolute(e.DATA_DIR) ? e.DATA_DIR : path.resolve(REPO_ROOT, e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    embeddedDbSocket: socketAddressOf(e.EMBEDDED_DB_SOCKET, dataDir, REPO_ROOT),
    jwtSecret: e.JWT_SECRET,
    jwtExpiry: e.JWT_EXPIRY,
    supabaseUrl: e.SUPABASE_URL,
    supabaseAnonKey: e.SUPABASE_ANON_KEY,
    publicSiteOrigin: e.PUBLIC_SITE_ORIGIN,
    corsOrigins: origins,
    otpTtlSeconds: e.OTP_TTL_SECONDS,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    rateLimit: {
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
      perIp: e.RATE_LIMIT_PER_IP,
      perEmail: e.RATE_LIMIT_PER_EMAIL,
    },
    comments: {
      perUserPerMinute: e.COMMENTS_PER_USER_PER_MINUTE,
      perUserPerDay: e.COMMENTS_PER_USER_PER_DAY,
    },
    guides: { maxQueuedPerUser: e.GUIDE_MAX_QUEUED_PER_USER },
    sessions: {
      inactivitySeconds: e.SESSIONS_INACTIVITY_TIMEOUT_SECONDS,
      timeboxSeconds: e.SESSIONS_TIMEBOX_SECONDS,
      refreshReuseSeconds: e.REFRESH_TOKEN_REUSE_INTERVAL_SECONDS,
      reauthWindowSeconds: e.REAUTHENTICATION_WINDOW_SECONDS,
    },
    otpMaxAttempts: e.OTP_MAX_ATTEMPTS,
    signinBackoff: {
      afterFailures: e.SIGNIN_BACKOFF_AFTER_FAILURES,
      afterFailuresPerIp: e.SIGNIN_BACKOFF_AFTER_FAILURES_PER_IP,
      baseSeconds: e.SIGNIN_BACKOFF_BASE_SECONDS,
      maxSeconds: e.SIGNIN_BACKOFF_MAX_SECONDS,
      forgetSeconds: e.SIGNIN_BACKOFF_FORGET_SECONDS,
    },
    seedOnStart: e.SEED_ON_START,
    ingest: {
      sourceUrl: e.INGEST_SOURCE_URL,
      localFile: abs(e.INGEST_LOCAL_FILE, path.join(apiDir, 'data', 'overpass-sample-san-francisco.json')),
      timeoutMs: e.INGEST_TIMEOUT_MS,
      cacheSeconds: e.INGEST_CACHE_SECONDS,
      maxFetchesPerMinute: e.INGEST_MAX_FETCHES_PER_MINUTE,
    },
    media: {
      dir: abs(e.MEDIA_DIR, path.join(dataDir, 'media')),
      urlTtlSeconds: e.MEDIA_URL_TTL_SECONDS,
      maxBytes: e.MEDIA_MAX_BYTES,
      maxPendingPerUser: e.MEDIA_MAX_PENDING_PER_USER,
      ...(e.MEDIA_STORAGE_BUCKET && e.SUPABASE_URL && e.SUPABASE_SERVICE_ROLE_KEY
        ? {
            storage: {
              url: e.SUPABASE_URL.replace(/\/+$/, ''),
              bucket: e.MEDIA_STORAGE_BUCKET,
              serviceKey: e.SUPABASE_SERVICE_ROLE_KEY,
            },
          }
        : {}),
      ...(e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            s3: {
              ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT.replace(/\/+$/, '') } : {}),
              region: e.S3_REGION,
              bucket: e.S3_BUCKET,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
              forcePathStyle: e.S3_FORCE_PATH_STYLE,
            },
          }
        : {}),
    },
    nearbyIndex: e.NEARBY_INDEX,
    ttsApi: {
      url: e.TTS_API_URL?.replace(/\/+$/, ''),
      apiKey: e.TTS_API_KEY,
      model: e.TTS_MODEL,
      voices: { female: e.TTS_VOICE_FEMALE, male: e.TTS_VOICE_MALE },
      timeoutMs: e.TTS_TIMEOUT_MS,
    },
    publicApiUrl: e.PUBLIC_API_URL?.replace(/\/+$/, ''),
    openai: {
      apiKey: e.OPENAI_API_KEY,
      model: e.OPENAI_MODEL,
      baseUrl: e.OPENAI_BASE_URL.replace(/\/+$/, ''),
      timeoutMs: e.OPENAI_TIMEOUT_MS,
    },
    wiki: e.WIKI_API_URL
      ? {
          wikipediaUrl: e.WIKI_API_URL.replace(/\/+$/, ''),
          wikidataUrl: e.WIKIDATA_API_URL ?? defaultWikidataUrl(e.WIKI_API_URL),
          language: e.WIKI_LANGUAGE,
          timeoutMs: e.WIKI_TIMEOUT_MS,
          requestsPerSecond: e.WIKI_REQUESTS_PER_SECOND,
          concurrency: e.WIKI_CONCURRENCY,
          refreshDays: e.WIKI_REFRESH_DAYS,
          prefetchPerMinute: e.WIKI_PREFETCH_PER_MINUTE,
        }
      : undefined,
    copyName: e.API_COPY_NAME,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    google: {
      standIn: e.AUTH_GOOGLE_STANDIN,
      oidc:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? {
              issuer: e.GOOGLE_OIDC_ISSUER.replace(/\/+$/, ''),
              clientId: e.GOOGLE_CLIENT_ID,
              clientSecret: e.GOOGLE_CLIENT_SECRET,
              timeoutMs: e.GOOGLE_OIDC_TIMEOUT_MS,
            }
          : undefined,
    },
    payments: {
      stripe:
        e.PAYMENT_PROVIDER === 'stripe' && e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              apiUrl: (e.STRIPE_API_URL ?? 'https://api.stripe.com').replace(/\/+$/, ''),
              webhookToleranceSeconds: 300,
            }
          : undefined,
    },
    releases: {
      canaryMaxFailureRate: e.RELEASE_CANARY_MAX_FAILURE_RATE,
      canaryMinSessions: e.RELEASE_CANARY_MIN_SESSIONS,
      beaconsPerIp: e.RELEASE_BEACONS_PER_IP,
      defaultUrls: {
        explore: e.REMOTE_EXPLORE_URL.replace(/\/+$/, ''),
        account: e.REMOTE_ACCOUNT_URL.replace(/\/+$/, ''),
        marketing: e.REMOTE_MARKETING_URL.replace(/\/+$/, ''),
        admin: e.REMOTE_ADMIN_URL.replace(/\/+$/, ''),
      },
      manifestOrigins: [
        ...new Set(
          (e.RELEASE_MANIFEST_ORIGINS
            ? e.RELEASE_MANIFEST_ORIGINS.split(',')
            : [e.REMOTE_EXPLORE_URL, e.REMOTE_ACCOUNT_URL, e.REMOTE_MARKETING_URL, e.REMOTE_ADMIN_URL]
          )
            .map((o) => o.trim())
            .filter(Boolean)
            .map((o) => new URL(o).origin),
        ),
      ],
      shellUrl: (e.RELEASE_SHELL_URL ?? e.PUBLIC_SITE_ORIGIN).replace(/\/+$/, ''),
      checkTimeoutMs: e.RELEASE_CHECK_TIMEOUT_MS,
      checkMaxBytes: e.RELEASE_CHECK_MAX_BYTES,
      remoteMapsPerIp: e.RELEASE_REMOTE_MAPS_PER_IP,
      sessionTtlSeconds: e.RELEASE_SESSION_TTL_SECONDS,
    },
    presence: { heartbeatsPerIp: e.PRESENCE_HEARTBEATS_PER_IP, ttlSeconds: e.PRESENCE_TTL_SECONDS },
    anonymousSweepIntervalSeconds: e.ANONYMOUS_SWEEP_INTERVAL_SECONDS,
  };
}
