import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import {
  FIRST_SCREEN_BUDGET_GZIP,
  FIRST_SCREEN_GLOBAL,
  REMOTES,
  SHARED_SINGLETONS,
  checkRemoteManifest,
  routesOf,
  satisfiesCaret,
} from '@wayfarer/contracts';
import type { FederationManifest } from '@wayfarer/contracts';
import { sampleRemote, selectedRemotes } from './selected-remotes';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Every remote, or the one `pnpm --filter mfe-<name> test` checks alone (CONTRACT_REMOTES). */
const REMOTE_NAMES = selectedRemotes();

function manifestOf(dir: string): FederationManifest {
  const file = path.join(ROOT, dir, 'dist', 'mf-manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: build first (pnpm build)`);
  return JSON.parse(readFileSync(file, 'utf8')) as FederationManifest;
}

/** Versions the shell provides: from its own built manifest. */
function shellVersions(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of manifestOf('shell').shared) if (s.version) out[s.name] = s.version;
  return out;
}

describe('remote manifests honour the shell contract', () => {
  it('the shell shares every singleton', () => {
    const shared = manifestOf('shell').shared;
    for (const name of SHARED_SINGLETONS) expect(shared.find((s) => s.name === name)?.singleton).toBe(true);
  });

  it.each(REMOTE_NAMES)('%s: name, exposes and shared singletons match', (name) => {
    expect(checkRemoteManifest(name, manifestOf(REMOTES[name].packageName), shellVersions())).toEqual([]);
  });

  // The shell's HTML preloads the current route's page from the manifest's `routes` (RoutePagesManifestPlugin):
  // every route of the table has its page's script files there, and they exist in the remote's dist.
  it.each(REMOTE_NAMES)("%s: the manifest lists every route's page chunks", (name) => {
    const dir = REMOTES[name].packageName;
    const routes =
      (manifestOf(dir) as FederationManifest & { routes?: Record<string, string[]> }).routes ?? {};
    for (const route of routesOf(name)) {
      const files = routes[route.path];
      expect(files?.length ? route.path : `${route.path} has no page chunks in mf-manifest.json`).toBe(
        route.path,
      );
      for (const f of files!)
        expect(existsSync(path.join(ROOT, dir, 'dist', f)) ? f : `${f} is missing`).toBe(f);
    }
  });

  // The service worker caches a remote build whole from the manifest's `files` (a missing one drops the whole
  // build from the offline cache): each is in the build.
  it.each(REMOTE_NAMES)('%s: every file the manifest lists is in the build', (name) => {
    const dir = REMOTES[name].packageName;
    const files = (manifestOf(dir) as FederationManifest & { files?: string[] }).files ?? [];
    expect(files.length).toBeGreaterThan(0);
    const missing = files.filter((f) => !existsSync(path.join(ROOT, dir, 'dist', f)));
    expect(missing).toEqual([]);
  });

  it("explore: the map's code is preloaded with /explore only where the map starts by itself, the page everywhere", () => {
    if (!REMOTE_NAMES.includes('explore')) return;
    const manifest = manifestOf(REMOTES.explore.packageName) as FederationManifest & {
      routes: Record<string, string[]>;
      routeMedia: Record<string, Record<string, string>>;
    };
    const media = manifest.routeMedia['/explore'] ?? {};
    const page = manifest.routes['/explore']!.filter((f) => /\/page-explore\./.test(f));
    const map = manifest.routes['/explore']!.filter((f) => /\/explore-map\./.test(f));
    expect([page.length, map.length]).toEqual([1, 1]);
    expect(media[page[0]!]).toBeUndefined();
    expect(media[map[0]!]).toBe('not all and (hover: none) and (pointer: coarse)');
    // A sight's page draws its mini map at once, on every device: nothing of it is conditional.
    expect(manifest.routeMedia['/explore/:placeId']).toBeUndefined();
  });

  // The shell's HTML runs a route's first screen (contracts' first-screen.ts) as soon as the manifest is in: one
  // standalone script, no chunk loading or federation (nothing of the remote has loaded), and small, as every
  // visit to the route downloads it with the manifest. Explore has /explore's, marketing the home page's.
  const FIRST_SCREENS: Partial<Record<string, string[]>> = { explore: ['/explore'], marketing: ['/'] };
  it.each(REMOTE_NAMES)('%s: its first screens are standalone script files within their budget', (name) => {
    const manifest = manifestOf(REMOTES[name].packageName) as FederationManifest & {
      firstScreens?: Record<string, string>;
    };
    const screens = manifest.firstScreens ?? {};
    expect(Object.keys(screens)).toEqual(FIRST_SCREENS[name] ?? []);
    for (const [route, file] of Object.entries(screens)) {
      expect(routesOf(name).map((r) => r.path)).toContain(route);
      // A content-hashed file of the build (loaded as a script element: no inline code under the page's CSP).
      expect(file).toMatch(/^js\/first-screen-\d+\.[0-9a-f]{16}\.js$/);
      const script = readFileSync(path.join(ROOT, REMOTES[name].packageName, 'dist', file), 'utf8');
      expect(script).toContain(FIRST_SCREEN_GLOBAL);
      expect(script).not.toMatch(/webpackChunk|__webpack_require__|sourceMappingURL|\bimport\(/);
      expect(() => new Function(script)).not.toThrow();
      const gzip = gzipSync(script).length;
      expect(gzip <= FIRST_SCREEN_BUDGET_GZIP ? 'within' : `${route}: ${gzip} B gzip`).toBe('within');
    }
  });

  it('fails when a remote renames its exposed module', () => {
    const remote = sampleRemote('explore');
    const broken = structuredClone(manifestOf(REMOTES[remote].packageName));
    broken.exposes = broken.exposes.map((e) =>
      e.path === './App' ? { ...e, path: './Main', name: 'Main' } : e,
    );
    expect(checkRemoteManifest(remote, broken, shellVersions())).toContain('missing expose ./App');
  });

  it('fails when a remote is renamed or drops a singleton', () => {
    const remote = sampleRemote('admin');
    const broken = structuredClone(manifestOf(REMOTES[remote].packageName));
    broken.name = `${remote}2`;
    broken.shared = broken.shared.filter((s) => s.name !== 'react');
    const problems = checkRemoteManifest(remote, broken, shellVersions());
    expect(problems).toContain(`name is "${remote}2", the contract says "${remote}"`);
    expect(problems).toContain('shared react is missing');
  });

  it('fails when a remote needs a React major the shell does not provide', () => {
    const remote = sampleRemote('marketing');
    const broken = structuredClone(manifestOf(REMOTES[remote].packageName));
    broken.shared = broken.shared.map((s) => (s.name === 'react' ? { ...s, requiredVersion: '^20.0.0' } : s));
    expect(checkRemoteManifest(remote, broken, shellVersions())).toEqual([
      expect.stringMatching(/^shared react requires \^20\.0\.0, the shell provides 19\./),
    ]);
  });
});

describe('satisfiesCaret', () => {
  it('accepts same-major newer versions and refuses older or other majors', () => {
    expect(satisfiesCaret('19.3.1', '^19.0.0')).toBe(true);
    expect(satisfiesCaret('19.3.1', '^19.4.0')).toBe(false);
    expect(satisfiesCaret('20.0.0', '^19.0.0')).toBe(false);
    expect(satisfiesCaret('0.2.5', '^0.2.1')).toBe(true);
    expect(satisfiesCaret('0.3.0', '^0.2.1')).toBe(false);
  });
});
