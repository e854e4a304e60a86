import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import {
  REMOTES,
  REMOTE_NAMES,
  RUNTIME_CONFIG_GLOBAL,
  checkManifestContract,
  fetchJsonLimited,
  routesOf,
  type RemoteName,
} from '@wayfarer/contracts';

/**
 * `pnpm contract:check`: a built or deployed remote against the contract of the shell that is
 * live. The manifest part is the check the API's release registry runs itself before a promote or canary
 * (`checkManifestContract` of @wayfarer/contracts: the manifest read, then the contract tests' `checkRemoteManifest`:
 * name, remote entry, exposes, shared singletons and their version ranges against the versions the shell's manifest
 * provides); the render part opens the live shell in headless Chromium with this remote's URL swapped into its
 * remote map and renders each exposed module the contract names on the remote's first public route, with the
 * props the shell passes (RemoteProps).
 */
export interface ContractCheckOptions {
  remote: RemoteName;
  /** The candidate's `mf-manifest.json`: an http(s) URL, a file:// URL or a path. */
  url: string;
  /** The live shell's origin (its `/mf-manifest.json` gives the shared versions, its pages render the remote). */
  shell: string;
  /** Skip the browser render (manifest checks only). */
  render?: boolean;
  chromiumPath?: string;
  /** Per render, until the page shows the remote or its error. */
  timeoutMs?: number;
}

export interface ContractCheckResult {
  ok: boolean;
  /** One line per break (empty when the contract holds). */
  problems: string[];
  /** The readable report: every check with ✓ / ✗. */
  report: string[];
}

/** The flags of the developers' guide for a headless Chromium that never leaves the machine on its own. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function isRemoteName(name: string): name is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(name);
}

/** The folder a manifest URL lives in (`…/releases/2.0.0/mf-manifest.json` -> `…/releases/2.0.0`). */
export function baseOfManifest(url: string): string {
  return url.replace(/\/mf-manifest\.json(\?.*)?$/, '').replace(/\/+$/, '');
}

/** A manifest is a few KB; anything near this is not one. */
const MANIFEST_MAX_BYTES = 5 * 1024 * 1024;

async function readJson(url: string): Promise<unknown> {
  if (/^https?:\/\//.test(url))
    return fetchJsonLimited(url, { timeoutMs: 15_000, maxBytes: MANIFEST_MAX_BYTES });
  const file = url.startsWith('file://') ? new URL(url).pathname : path.resolve(url);
  return JSON.parse(readFileSync(file, 'utf8')) as unknown;
}

/** Renders the candidate's `./App` inside the live shell; returns the problems seen. */
async function renderInShell(
  opts: ContractCheckOptions,
  base: string,
  route: string,
): Promise<{ problems: string[]; note: string }> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'wf-contract-check-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: opts.chromiumPath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
    // The candidate is served from wherever its team runs it, which the shell's Content-Security-Policy does not name
    // (a deployment lists its remotes' origins there, from the same RELEASE_MANIFEST_ORIGINS the registry allows):
    // the check is whether the remote and the shell work together, not where the remote is hosted.
    bypassCSP: true,
  });
  const problems: string[] = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    // The shell reads its remote map from the config its HTML carries (window.__WAYFARER_CONFIG__): this remote's
    // entry becomes the candidate before any script of the page runs (the HTML's preloader reads it too).
    // A string, not a function: tsx's transform would add helpers (__name) the page does not have.
    await page.addInitScript(
      `(() => {
        let value;
        Object.defineProperty(window, ${JSON.stringify(RUNTIME_CONFIG_GLOBAL)}, {
          configurable: true,
          get: () => value,
          set: (v) => {
            value = { ...v, remotes: { ...((v && v.remotes) || {}), ${JSON.stringify(opts.remote)}: ${JSON.stringify(base)} } };
          },
        });
      })();`,
    );
    // A shell that asks the release registry for its session's remote map would get the live one: refused, so
    // that it falls back to the map its page carries (the candidate).
    await page.route(/\/releases\/remote-map(\?|$)/, (r) => r.abort());
    const entry = `${base}/remoteEntry.js`;
    let entryStatus: number | null = null;
    page.on('response', (res) => {
      if (res.url().split('?')[0] === entry) entryStatus = res.status();
    });
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const timeout = opts.timeoutMs ?? 30_000;
    await page.goto(`${opts.shell.replace(/\/+$/, '')}${route}`, { waitUntil: 'load', timeout });
    const outcome = await page
      .locator('[data-testid="remote-error"], main h1')
      .first()
      .waitFor({ state: 'visible', timeout })
      .then(async () =>
        (await page.locator('[data-testid="remote-error"]').count())
          ? `the shell shows the remote's error: ${(
              (await page.locator('[data-testid="remote-error-message"]').textContent()) ?? ''
            ).trim()}`
          : null,
      )
      .catch(() => `nothing rendered within ${timeout} ms`);
    if (entryStatus === null) problems.push(`render ./App at ${route}: the shell never loaded ${entry}`);
    else if (entryStatus >= 400)
      problems.push(`render ./App at ${route}: ${entry} answered ${String(entryStatus)}`);
    if (outcome) problems.push(`render ./App at ${route}: ${outcome}`);
    for (const e of errors) problems.push(`render ./App at ${route}: uncaught error: ${e}`);
    const heading = outcome ? '' : ((await page.locator('main h1').first().textContent()) ?? '').trim();
    return { problems, note: heading ? `(heading "${heading.slice(0, 60)}")` : '' };
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

export async function contractCheck(opts: ContractCheckOptions): Promise<ContractCheckResult> {
  const report: string[] = [];
  const problems: string[] = [];
  const step = (label: string, found: string[]) => {
    problems.push(...found);
    report.push(`${found.length ? '✗' : '✓'} ${label}`);
    for (const p of found) report.push(`    ${p}`);
  };
  const shell = opts.shell.replace(/\/+$/, '');
  report.push(`contract check of remote "${opts.remote}" at ${opts.url} against the shell at ${shell}`);

  const { steps, manifest, shellVersions } = await checkManifestContract({
    remote: opts.remote,
    manifestUrl: opts.url,
    shellManifestUrl: `${shell}/mf-manifest.json`,
    read: readJson,
  });
  for (const s of steps) step(s.label, s.problems);

  if (opts.render !== false && manifest && shellVersions) {
    const route = routesOf(opts.remote).find((r) => r.access === 'public');
    for (const expose of REMOTES[opts.remote].exposes) {
      if (expose !== './App') {
        report.push(`- render ${expose}: the shell mounts only ./App; not rendered`);
        continue;
      }
      if (!route) {
        report.push(`- render ./App: "${opts.remote}" has no public route to render it on; not rendered`);
        continue;
      }
      const path = route.path.replace(/:(\w+)/g, 'x');
      try {
        const { problems: found, note } = await renderInShell(opts, baseOfManifest(opts.url), path);
        step(`render ./App with RemoteProps at ${path} ${note}`.trim(), found);
      } catch (err) {
        step(`render ./App at ${path}`, [
          `render ./App at ${path}: ${err instanceof Error ? err.message : String(err)}`,
        ]);
      }
    }
  }
  report.push(problems.length ? `FAILED: ${problems.length} problem(s)` : 'OK: the contract holds');
  return { ok: problems.length === 0, problems, report };
}
