import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTE_NAMES, checkRemoteManifest, type FederationManifest } from '@wayfarer/contracts';
import { buildStubRemotes } from '@wayfarer/remote-stub';
import { remoteStubs } from '../../../e2e/src/stack';
import { ROOT } from '../proc';
import {
  E2E_TESTS_DIR,
  checkBuiltRemote,
  contractCheckStubs,
  needsStubbedPattern,
  needsTag,
  otherRemotes,
  remoteSpecs,
  shellVersionsOf,
} from '../remote-test';

/**
 * The parts of `pnpm --filter mfe-<name> test` (scripts/remote-test.ts): the choice of a remote's browser tests, and
 * the stub remotes, which must keep the contract themselves (the manifest check against the shell's production
 * build, and the render of their ./App in that shell, as `pnpm contract:check` does).
 */

describe("a remote's browser tests", () => {
  it('are the specs named <remote>-*.spec.ts, and nothing else', () => {
    const files = [
      'account-login.spec.ts',
      'accessibility.spec.ts',
      'admin-news.spec.ts',
      'admin-news.ts',
      'explore-guide.spec.ts',
      'explorer-notes.spec.ts',
      'marketing-pages.spec.ts',
      'releases.spec.ts',
    ];
    expect(remoteSpecs('account', files)).toEqual(['account-login.spec.ts']);
    expect(remoteSpecs('admin', files)).toEqual(['admin-news.spec.ts']);
    expect(remoteSpecs('explore', files)).toEqual(['explore-guide.spec.ts']);
    expect(remoteSpecs('marketing', files)).toEqual(['marketing-pages.spec.ts']);
  });

  it('picks the real specs of each remote in e2e/tests', () => {
    expect(remoteSpecs('marketing')).toEqual(['marketing-pages.spec.ts']);
    const account = remoteSpecs('account');
    expect(account).toEqual(
      readdirSync(E2E_TESTS_DIR)
        .filter((f) => /^account-.*\.spec\.ts$/.test(f))
        .sort(),
    );
    expect(account).toContain('account-login.spec.ts');
    for (const remote of ['explore', 'admin'] as const)
      expect(remoteSpecs(remote)).toEqual(
        readdirSync(E2E_TESTS_DIR)
          .filter((f) => f.startsWith(`${remote}-`) && f.endsWith('.spec.ts'))
          .sort(),
      );
    expect(remoteSpecs('explore')).toEqual(
      expect.arrayContaining(['explore-guide.spec.ts', 'explore-trust-loop.spec.ts']),
    );
    expect(remoteSpecs('admin')).toEqual(
      expect.arrayContaining(['admin-content.spec.ts', 'admin-news.spec.ts']),
    );
    // Every spec belongs to at most one remote.
    const owned = REMOTE_NAMES.flatMap((n) => remoteSpecs(n));
    expect(new Set(owned).size).toBe(owned.length);
  });

  it('leave out the tests tagged as needing a stubbed remote, and only those', () => {
    const pattern = new RegExp(needsStubbedPattern(otherRemotes('account'))!);
    expect(otherRemotes('account')).toEqual(['explore', 'marketing', 'admin']);
    expect(pattern.test(`pricing opens the checkout ${needsTag('marketing')}`)).toBe(true);
    expect(pattern.test(`a test ${needsTag('explore')}`)).toBe(true);
    expect(pattern.test(`a test ${needsTag('account')}`)).toBe(false);
    expect(pattern.test('a test @needs-marketingish')).toBe(false);
    expect(pattern.test('signing in lands on /explore')).toBe(false);
    expect(needsStubbedPattern([])).toBeNull();
  });

  it("leave out, in the explore remote's run, the tests that need the admin's or marketing's real pages", () => {
    // The explore trust loop hides a station on the admin's /admin/reports; the guide's limit ends on /pricing.
    const pattern = new RegExp(needsStubbedPattern(otherRemotes('explore'))!);
    expect(otherRemotes('explore')).toEqual(['account', 'marketing', 'admin']);
    expect(pattern.test(`trust loop: an admin hides a station ${needsTag('admin')}`)).toBe(true);
    expect(pattern.test(`the limit links to /pricing ${needsTag('marketing')}`)).toBe(true);
    expect(pattern.test(`a test ${needsTag('explore')}`)).toBe(false);
    expect(pattern.test('a test @needs-administrator')).toBe(false);
    // The admin remote's run stubs explore: it leaves out the admin tests that open explore's pages, never its own.
    const admin = new RegExp(needsStubbedPattern(otherRemotes('admin'))!);
    expect(admin.test(`admin merges a duplicate sight ${needsTag('explore')}`)).toBe(true);
    expect(admin.test(`a test ${needsTag('admin')}`)).toBe(false);
  });

  it("leave out exactly the real explore and admin tests that open another remote's pages", () => {
    const leftOut = (remote: 'explore' | 'admin') => {
      const pattern = new RegExp(needsStubbedPattern(otherRemotes(remote))!);
      return remoteSpecs(remote)
        .flatMap((file) =>
          [...readFileSync(path.join(E2E_TESTS_DIR, file), 'utf8').matchAll(/\btest\((['"`])(.*?)\1/g)].map(
            (m) => `${file}: ${m[2]!}`,
          ),
        )
        .filter((title) => pattern.test(title))
        .map((title) => title.split(':')[0]);
    };
    expect(leftOut('explore')).toEqual(['explore-guide.spec.ts', 'explore-trust-loop.spec.ts']);
    expect(leftOut('admin')).toEqual([
      'admin-content.spec.ts',
      'admin-merge.spec.ts',
      'admin-moderation.spec.ts',
      'admin-news.spec.ts',
    ]);
  });

  it('tag only other remotes, with names the contract knows', () => {
    for (const remote of REMOTE_NAMES)
      for (const file of remoteSpecs(remote)) {
        const tags = [...readFileSync(path.join(E2E_TESTS_DIR, file), 'utf8').matchAll(/@needs-(\w+)/g)].map(
          (m) => m[1],
        );
        for (const tag of tags) {
          expect({ file, tag, known: (REMOTE_NAMES as readonly string[]).includes(tag!) }).toEqual({
            file,
            tag,
            known: true,
          });
          expect({ file, tag }).not.toEqual({ file, tag: remote });
        }
      }
  });
});

describe('stub remotes', () => {
  const SHELL_DIST = path.join(ROOT, 'shell', 'dist');
  let dir = '';
  // account has a public route (/login), so the shell renders its stub; explore's routes need a sign-in, so its
  // stub gets the manifest check only, as `pnpm contract:check` gives the real explore.
  const stubbed = ['account', 'explore'] as const;

  beforeAll(async () => {
    if (!existsSync(path.join(SHELL_DIST, 'mf-manifest.json')))
      throw new Error('shell/dist is missing: build first (pnpm build)');
    dir = mkdtempSync(path.join(os.tmpdir(), 'wf-remote-stubs-'));
    await buildStubRemotes(stubbed, (n) => path.join(dir, n));
  }, 300_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('are webpack containers named after the remote, exposing ./App and sharing every singleton', () => {
    for (const name of stubbed) {
      const manifest = JSON.parse(
        readFileSync(path.join(dir, name, 'mf-manifest.json'), 'utf8'),
      ) as FederationManifest;
      expect(manifest.name).toBe(name);
      expect(existsSync(path.join(dir, name, 'remoteEntry.js'))).toBe(true);
      expect(checkRemoteManifest(name, manifest, shellVersionsOf(SHELL_DIST))).toEqual([]);
      expect(checkBuiltRemote(name, path.join(dir, name), SHELL_DIST)).toEqual([]);
    }
  });

  it('pass `pnpm contract:check` against the shell: the account stub renders its placeholder in the shell', async () => {
    const results = await contractCheckStubs(SHELL_DIST, dir, stubbed);
    const account = results.get('account')!;
    expect(account.problems).toEqual([]);
    expect(account.report.join('\n')).toMatch(
      /✓ render \.\/App with RemoteProps at \/login \(heading "account \(stub\)"\)/,
    );
    expect(results.get('explore')!.ok).toBe(true);
  }, 120_000);

  it("are what the browser tests' stack serves for the remotes E2E_REMOTE_STUBS holds, and only those", () => {
    expect(remoteStubs(dir)).toEqual({
      account: path.join(dir, 'account'),
      explore: path.join(dir, 'explore'),
    });
    expect(remoteStubs(undefined)).toEqual({});
  });

  it('fail the manifest check when a stub stands in under another name', () => {
    // The check is not vacuous: the account stub is no explore.
    expect(checkBuiltRemote('explore', path.join(dir, 'account'), SHELL_DIST)).toEqual([
      'name is "account", the contract says "explore"',
    ]);
  });
});
