import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { REMOTES, REMOTE_NAMES, type RemoteMap, type RuntimeConfig } from '@wayfarer/contracts';

/** Front-end serving environment, read once and validated. */
const Env = z.object({
  NODE_ENV: z.string().default('development'),
  API_URL: z.string().default('http://localhost:4000'),
  SUPABASE_URL: z.string().default(''),
  SUPABASE_ANON_KEY: z.string().default(''),
  JWT_SECRET: z.string().default('wayfarer-local-development-secret-change-me-0123456789'),
  PUBLIC_SITE_ORIGIN: z.string().default(''),
  CHUNK_LOAD_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_PMTILES_URL: z.string().default(''),
  MAP_DATA_URL: z.string().default(''),
  GEOCODE_URL: z.string().default(''),
  REMOTE_EXPLORE_URL: z.string().default(`http://localhost:${REMOTES.explore.port}`),
  REMOTE_ACCOUNT_URL: z.string().default(`http://localhost:${REMOTES.account.port}`),
  REMOTE_MARKETING_URL: z.string().default(`http://localhost:${REMOTES.marketing.port}`),
  REMOTE_ADMIN_URL: z.string().default(`http://localhost:${REMOTES.admin.port}`),
  // The Content-Security-Policy's extra origins (serve.ts): where the release registry may point a remote (the API's
  // RELEASE_MANIFEST_ORIGINS), where media is served from besides the API (an S3 endpoint, a CDN), and where
  // images may come from besides those (sights' cover pictures). Comma- or space-separated.
  RELEASE_MANIFEST_ORIGINS: z.string().default(''),
  S3_ENDPOINT: z.string().default(''),
  MEDIA_ORIGINS: z.string().default(''),
  CSP_IMG_ORIGINS: z.string().default('https://commons.wikimedia.org https://upload.wikimedia.org'),
});
export type FrontEnv = z.infer<typeof Env>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): FrontEnv {
  return Env.parse(source);
}

const b64url = (s: string | Buffer) => Buffer.from(s).toString('base64url');

/** An anon-role JWT signed with the local secret, as Supabase issues its public anon key. */
export function makeAnonKey(secret: string): string {
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = b64url(
    JSON.stringify({ iss: 'wayfarer-local', role: 'anon', iat: 1735689600, exp: 4891363200 }),
  );
  const sig = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${sig}`;
}

export function remoteMap(env: FrontEnv): RemoteMap {
  const map = {} as RemoteMap;
  for (const name of REMOTE_NAMES)
    map[name] = (env as Record<string, string | number>)[REMOTES[name].urlEnv] as string;
  return map;
}

export function runtimeConfig(env: FrontEnv): RuntimeConfig {
  return {
    apiUrl: env.API_URL.replace(/\/+$/, ''),
    supabaseUrl: (env.SUPABASE_URL || env.API_URL).replace(/\/+$/, ''),
    supabaseAnonKey: env.SUPABASE_ANON_KEY || makeAnonKey(env.JWT_SECRET),
    publicSiteOrigin: env.PUBLIC_SITE_ORIGIN.replace(/\/+$/, ''),
    chunkTimeoutMs: env.CHUNK_LOAD_TIMEOUT_MS,
    mapTileUrl: env.MAP_TILE_URL,
    mapPmtilesUrl: env.MAP_PMTILES_URL,
    mapDataUrl: env.MAP_DATA_URL,
    geocodeUrl: env.GEOCODE_URL,
    remotes: remoteMap(env),
  };
}

export function runtimeConfigScript(env: FrontEnv): string {
  return `window.__WAYFARER_CONFIG__ = ${JSON.stringify(runtimeConfig(env))};\n`;
}
