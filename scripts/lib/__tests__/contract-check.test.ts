import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createStaticServer, readEnv } from '@wayfarer/mf-config';
import { contractCheck } from '../contract-check';
import { makeVariant } from '../release-fixtures';
import { ROOT } from '../proc';

/**
 * `pnpm contract:check` against a live shell (shell/dist served as `pnpm start` does) and versions of the built
 * marketing remote published under /releases/<version>/ of its static server: the build as it is passes; a renamed
 * expose, a shared range the shell cannot satisfy and an ./App that throws as it loads each fail with a clear line.
 */
const SHELL_DIST = path.join(ROOT, 'shell', 'dist');
const MARKETING_DIST = path.join(ROOT, 'mfe-marketing', 'dist');
const built =
  existsSync(path.join(SHELL_DIST, 'index.html')) &&
  existsSync(path.join(MARKETING_DIST, 'mf-manifest.json'));

let releases: string;
const servers: http.Server[] = [];
let shell = '';
let marketing = '';

async function listen(server: http.Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://localhost:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  if (!built) throw new Error('shell/dist and mfe-marketing/dist are missing: build first (pnpm build)');
  releases = mkdtempSync(path.join(os.tmpdir(), 'wf-contract-check-'));
  makeVariant(MARKETING_DIST, path.join(releases, 'good'), {});
  makeVariant(MARKETING_DIST, path.join(releases, 'renamed'), {
    renameExpose: { from: './App', to: './Main' },
  });
  makeVariant(MARKETING_DIST, path.join(releases, 'react20'), {
    requiredVersion: { name: 'react', range: '^20.0.0' },
  });
  makeVariant(MARKETING_DIST, path.join(releases, 'throws'), {
    throwOnLoad: 'v-throws: ./App failed to start',
  });
  const env = readEnv({ API_URL: 'http://127.0.0.1:9', NODE_ENV: 'production' });
  marketing = await listen(
    createStaticServer({
      root: MARKETING_DIST,
      spaFallback: true,
      remotes: false,
      env,
      releasesRoot: releases,
    }),
  );
  shell = await listen(
    createStaticServer({
      root: SHELL_DIST,
      spaFallback: true,
      remotes: true,
      env: { ...env, REMOTE_MARKETING_URL: marketing },
    }),
  );
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  if (releases) rmSync(releases, { recursive: true, force: true });
});

const manifestOf = (version: string) => `${marketing}/releases/${version}/mf-manifest.json`;

describe('pnpm contract:check', () => {
  it('passes a published version that keeps the contract, rendering ./App in the live shell', async () => {
    const r = await contractCheck({ remote: 'marketing', url: manifestOf('good'), shell });
    expect(r.problems).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.report.join('\n')).toMatch(/✓ render \.\/App with RemoteProps at \/ \(heading "/);
  }, 90_000);

  it('fails a renamed expose', async () => {
    const r = await contractCheck({ remote: 'marketing', url: manifestOf('renamed'), shell, render: false });
    expect(r.ok).toBe(false);
    expect(r.problems).toEqual(['missing expose ./App']);
  });

  it('fails a shared range the shell does not provide', async () => {
    const r = await contractCheck({ remote: 'marketing', url: manifestOf('react20'), shell, render: false });
    expect(r.ok).toBe(false);
    expect(r.problems).toEqual([
      expect.stringMatching(/^shared react requires \^20\.0\.0, the shell provides 19\./),
    ]);
  });

  it('fails an ./App that throws as it loads, naming the error', async () => {
    const r = await contractCheck({
      remote: 'marketing',
      url: manifestOf('throws'),
      shell,
      timeoutMs: 20_000,
    });
    expect(r.ok).toBe(false);
    expect(r.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^render \.\/App at \/: uncaught error: .*v-throws: \.\/App failed to start/),
        expect.stringMatching(/^render \.\/App at \/: the shell shows the remote's error: /),
      ]),
    );
    expect(r.report.at(-1)).toMatch(/^FAILED: \d problem\(s\)$/);
  }, 90_000);

  it('fails a manifest it cannot read', async () => {
    const r = await contractCheck({ remote: 'marketing', url: manifestOf('missing'), shell, render: false });
    expect(r.problems).toEqual([`manifest ${manifestOf('missing')}: answered 404`]);
  });
});
