import type { ComponentType } from 'react';
/** The shell-remote contract: who the remotes are, what they expose, what the exposed modules take. */
export const REMOTE_NAMES = ['explore', 'account', 'marketing', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export interface RemoteDefinition {
  /** Module Federation container name (an identifier). */
  name: RemoteName;
  /** Workspace package that builds it. */
  packageName: string;
  /** Local default port (ARCHITECTURE.md). */
  port: number;
  /** Environment variable that moves it to another URL without a shell rebuild. */
  urlEnv: string;
  /** Exposed module keys the shell relies on. */
  exposes: readonly string[];
}

export const REMOTES: Record<RemoteName, RemoteDefinition> = {
  explore: {
    name: 'explore',
    packageName: 'mfe-explore',
    port: 3001,
    urlEnv: 'REMOTE_EXPLORE_URL',
    exposes: ['./App'],
  },
  account: {
    name: 'account',
    packageName: 'mfe-account',
    port: 3002,
    urlEnv: 'REMOTE_ACCOUNT_URL',
    exposes: ['./App'],
  },
  marketing: {
    name: 'marketing',
    packageName: 'mfe-marketing',
    port: 3003,
    urlEnv: 'REMOTE_MARKETING_URL',
    exposes: ['./App'],
  },
  admin: {
    name: 'admin',
    packageName: 'mfe-admin',
    port: 3004,
    urlEnv: 'REMOTE_ADMIN_URL',
    exposes: ['./App'],
  },
};

export const SHELL_PORT = 3000;
export const API_PORT = 4000;

/** Props every exposed `./App` takes. Everything else (user, currency, theme) comes from @wayfarer/session. */
export interface RemoteProps {
  /** Path prefix the shell mounts the remote under ('/' for all remotes today). */
  basePath: string;
}

/** What an exposed `./App` module exports: the component, and a way to download one route's page ahead. */
export interface RemoteAppModule {
  default: ComponentType<RemoteProps>;
  /**
   * Downloads the page that renders `pathname` (the shell calls it on intent, and before the remote's first render
   * so that the page renders at once), and starts the reads of the data it shows first, which may depend on the
   * address's query (`search`, e.g. `?lat=…&lon=…`); resolves when the code is ready or failed, never rejects.
   */
  preloadRoute?: (pathname: string, search?: string) => Promise<void>;
}

/**
 * Singletons negotiated between the shell and every remote. Narrow entries where the whole package would be
 * shipped untouched (a shared module cannot be tree-shaken): routing is `@wayfarer/router` (the part of
 * react-router the apps use), server data is `@wayfarer/query` (the part of TanStack Query the apps use, with the
 * one `QueryClient` the session package creates), and the one Supabase client lives inside `@wayfarer/session`.
 */
export const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  '@wayfarer/router',
  'jotai',
  '@wayfarer/session',
  // Server data: one TanStack Query cache per page, the QueryClient of '@wayfarer/session' (provided by the shell),
  // through the narrow entry '@wayfarer/query' (the part of TanStack Query the apps use).
  '@wayfarer/query',
  // One i18next instance for the page, inside the i18n package as the Supabase client is inside the
  // session package: switching the language re-renders every remote at once. The apps import only
  // '@wayfarer/i18n', so i18next and react-i18next need not be shared themselves, and the shell's build keeps only
  // the part of react-i18next the package uses.
  '@wayfarer/i18n',
] as const;

/** Where a tab keeps its release session id (sessionStorage): the canary bucket the registry answers for. */
export const RELEASE_SESSION_KEY = 'wf-release-session';

/** How long the shell waits for the registry's remote map before it uses the map it was served with. */
export const REMOTE_MAP_TIMEOUT_MS = 2500;

/**
 * The global the shell's HTML leaves the release registry's answer under (`{ session, answer }`, answer a promise
 * of the JSON body, or null when the registry could not answer): the inline preloader asks while the shell's code
 * downloads, and the shell's remote map takes that answer instead of asking again.
 */
export const EARLY_REMOTE_MAP_GLOBAL = '__WAYFARER_REMOTE_MAP__';

/** The shape of `/remotes.json` served by the shell. */
export type RemoteMap = Record<RemoteName, string>;

/** A remote's Module Federation entry script (stable name, served no-cache), what the shell registers. */
export function remoteEntryUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/remoteEntry.js`;
}

export function remoteManifestUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/mf-manifest.json`;
}
