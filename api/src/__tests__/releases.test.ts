import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestServer } from '../testing/test-server';
import { canaryBucket } from '../services/releases';
import { actors, call, type Actors } from './product-helpers';
import { startTestServer } from '../testing/test-server';
import { goodManifest, startManifestServer, type ManifestServer } from '../testing/manifest-server';

/**
 * The release registry: admin routes, a session's remote map, beacons, automatic rollback.
 * Manifests live on a local HTTP server, the only allowed origin; the API fetches and checks them itself.
 */
let s: TestServer;
let a: Actors;
let host: ManifestServer;
beforeAll(async () => {
  host = await startManifestServer();
  s = await startTestServer({
    config: {
      releases: {
        canaryMaxFailureRate: 0.3,
        canaryMinSessions: 4,
        beaconsPerIp: 50,
        defaultUrls: {
          explore: 'http://remotes.test:3001',
          account: 'http://remotes.test:3002',
          marketing: 'http://remotes.test:3003',
          admin: 'http://remotes.test:3004',
        },
        manifestOrigins: [host.origin],
        shellUrl: host.origin,
        checkTimeoutMs: 1500,
        checkMaxBytes: 64 * 1024,
        remoteMapsPerIp: 10_000,
        sessionTtlSeconds: 7 * 24 * 3600,
      },
    },
  });
  a = await actors(s);
}, 120_000);
afterAll(async () => {
  await s?.close();
  await host?.close();
});

const manifest = (v: string) => `${host.origin}/releases/${v}/mf-manifest.json`;
/** Publishes a version's manifest on the allowed host (the contract's, unless given). */
const publish = (version: string, body: unknown = goodManifest('marketing')) => host.publish(version, body);
const brokenManifest = () => {
  const m = goodManifest('marketing');
  return { ...m, exposes: [] };
};
const register = (
  version: string,
  contract_check?: { ok: boolean; problems: string[] } | null,
  remote = 'marketing',
) =>
  call(s, 'POST', '/admin/releases', a.admin, {
    remote,
    version,
    manifest_url: manifest(version),
    ...(contract_check !== undefined && { contract_check }),
  });
const map = (session: string) => call(s, 'GET', `/releases/remote-map?session=${session}`, null);
const rollout = async (remote = 'marketing') =>
  (await call(s, 'GET', '/admin/releases', a.admin)).body.remotes.find(
    (r: { remote: string }) => r.remote === remote,
  );
const releaseOf = async (version: string) =>
  (await rollout()).releases.find((x: { version: string }) => x.version === version);
const auditOf = async (action: string) =>
  (await call(s, 'GET', `/admin/audit-log?action=${action}`, a.admin)).body.items as Array<{
    target_id: string;
    admin_id: string | null;
    details: Record<string, unknown>;
  }>;
let sessionNo = 0;
const newSession = () => `session-${process.pid}-${++sessionNo}-${Math.random().toString(36).slice(2, 10)}`;
const beacon = (body: unknown) =>
  fetch(`${s.url}/releases/failures`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('release registry', () => {
  it('admin only: anonymous 401, a user 403', async () => {
    for (const [method, path, body] of [
      ['GET', '/admin/releases', undefined],
      ['POST', '/admin/releases', { remote: 'marketing', version: '9', manifest_url: manifest('9') }],
      ['POST', '/admin/releases/marketing/promote', { version: '1' }],
      ['POST', '/admin/releases/marketing/rollback', {}],
      ['POST', '/admin/releases/marketing/canary', { version: '1', percent: 10 }],
      ['POST', '/admin/releases/marketing/canary/stop', undefined],
    ] as const) {
      expect((await call(s, method, path, a.anon, body)).status).toBe(401);
      expect((await call(s, method, path, a.user, body)).status).toBe(403);
    }
  });

  it('refuses bad input with 4xx and a message', async () => {
    const bad = [
      { remote: 'nope', version: '1', manifest_url: manifest('1') },
      { remote: 'marketing', version: '../1', manifest_url: manifest('1') },
      { remote: 'marketing', version: '1', manifest_url: 'http://x.test/remoteEntry.js' },
      { remote: 'marketing', version: '1', manifest_url: manifest('1'), contract_check: { ok: 'yes' } },
    ];
    for (const body of bad) {
      const r = await call(s, 'POST', '/admin/releases', a.admin, body);
      expect(r.status).toBe(400);
      expect(r.body.message).toEqual(expect.any(String));
    }
    expect((await call(s, 'POST', '/admin/releases/nope/promote', a.admin, { version: '1' })).status).toBe(
      400,
    );
    const canary = await call(s, 'POST', '/admin/releases/marketing/canary', a.admin, {
      version: '1',
      percent: 100,
    });
    expect(canary.status).toBe(400);
    expect((await call(s, 'GET', '/releases/remote-map?session=x', null)).status).toBe(400);
    expect(
      (await call(s, 'POST', '/admin/releases/marketing/promote', a.admin, { version: '404' })).status,
    ).toBe(404);
  });

  it('without releases every session gets the current builds', async () => {
    const r = await map(newSession());
    expect(r.status).toBe(200);
    expect(r.body.remotes.marketing).toBe('http://remotes.test:3003');
    expect(r.body.versions.marketing).toBeNull();
  });

  it('refuses a manifest on a host that is not allowed (400, saying so)', async () => {
    for (const url of [
      'https://evil.test/releases/9.0.0/mf-manifest.json',
      `${host.origin.replace('127.0.0.1', 'localhost')}/releases/9.0.0/mf-manifest.json`,
    ]) {
      const r = await call(s, 'POST', '/admin/releases', a.admin, {
        remote: 'marketing',
        version: '9.0.0',
        manifest_url: url,
        contract_check: { ok: true, problems: [] },
      });
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(
        /manifest_url must be on an allowed origin \(http:\/\/127\.0\.0\.1:\d+\)/,
      );
    }
    expect((await releaseOf('9.0.0')) ?? null).toBeNull();
  });

  it('register, promote (refused when the server’s check fails, whatever the client said), rollback', async () => {
    publish('1.0.0');
    publish('2.0.0');
    publish('3.0.0', brokenManifest());
    expect((await register('1.0.0')).status).toBe(200);
    expect((await register('1.0.0')).status).toBe(409);
    expect((await register('2.0.0', { ok: true, problems: [] })).status).toBe(200);
    // The client says the check passed; the manifest says otherwise: the server's result is kept.
    expect((await register('3.0.0', { ok: true, problems: [] })).status).toBe(200);
    expect(await releaseOf('3.0.0')).toMatchObject({
      check_ok: false,
      check_problems: ['missing expose ./App'],
      checked_at: expect.any(String),
    });
    // Not published at all: the server could not read it.
    expect((await register('3.1.0', { ok: true, problems: [] })).status).toBe(200);
    expect((await releaseOf('3.1.0')).check_problems).toEqual([
      `manifest ${manifest('3.1.0')}: answered 404`,
    ]);

    const refused = await call(s, 'POST', '/admin/releases/marketing/promote', a.admin, { version: '3.0.0' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /promote refused: marketing 3\.0\.0 failed its contract check \(missing expose \.\/App\)/,
    );
    const unreadable = await call(s, 'POST', '/admin/releases/marketing/promote', a.admin, {
      version: '3.1.0',
    });
    expect(unreadable.status).toBe(409);
    expect(unreadable.body.message).toMatch(/answered 404/);
    const canary = await call(s, 'POST', '/admin/releases/marketing/canary', a.admin, {
      version: '3.0.0',
      percent: 50,
    });
    expect(canary.status).toBe(409);
    expect(canary.body.message).toMatch(/canary refused: .*missing expose \.\/App/);
    expect(await rollout()).toMatchObject({ active_version: null, canary_version: null });

    expect(
      (await call(s, 'POST', '/admin/releases/marketing/promote', a.admin, { version: '1.0.0' })).status,
    ).toBe(200);
    const p2 = await call(s, 'POST', '/admin/releases/marketing/promote', a.admin, { version: '2.0.0' });
    expect(p2.status).toBe(200);
    expect(p2.body.rollout.active_version).toBe('2.0.0');
    const m = await map(newSession());
    expect(m.body).toEqual({
      remotes: {
        explore: 'http://remotes.test:3001',
        account: 'http://remotes.test:3002',
        marketing: `${host.origin}/releases/2.0.0`,
        admin: 'http://remotes.test:3004',
      },
      versions: { explore: null, account: null, marketing: '2.0.0', admin: null },
    });

    const back = await call(s, 'POST', '/admin/releases/marketing/rollback', a.admin, {});
    expect(back.status).toBe(200);
    expect(back.body.rollout.active_version).toBe('1.0.0');
    expect((await map(newSession())).body.versions.marketing).toBe('1.0.0');
    const r = await rollout();
    expect(r.releases.find((x: { version: string }) => x.version === '2.0.0').status).toBe('rolled-back');
    expect(r.releases.find((x: { version: string }) => x.version === '3.0.0')).toMatchObject({
      check_ok: false,
      check_problems: ['missing expose ./App'],
      status: 'available',
    });
    expect((await auditOf('release.')).map((e) => e.target_id)).toEqual(
      expect.arrayContaining(['marketing@1.0.0', 'marketing@2.0.0', 'marketing@3.0.0']),
    );
  });

  it('checks the manifest again before a promote: one changed since registration is refused', async () => {
    publish('5.0.0');
    expect((await register('5.0.0')).status).toBe(200);
    expect((await releaseOf('5.0.0')).check_ok).toBe(true);
    publish('5.0.0', { ...goodManifest('marketing'), name: 'evil' });
    const r = await call(s, 'POST', '/admin/releases/marketing/promote', a.admin, { version: '5.0.0' });
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/name is "evil", the contract says "marketing"/);
    expect(await releaseOf('5.0.0')).toMatchObject({ check_ok: false, status: 'available' });
  });

  it('refuses a manifest that is too large, not JSON, never answers, or loads its chunks from elsewhere', async () => {
    host.set('/releases/6.0.0/mf-manifest.json', { raw: `{"name":"${'x'.repeat(70 * 1024)}"}` });
    host.set('/releases/6.1.0/mf-manifest.json', { raw: '<html>' });
    host.set('/releases/6.2.0/mf-manifest.json', 'hang');
    const m = goodManifest('marketing');
    publish('6.3.0', { ...m, metaData: { ...m.metaData, publicPath: 'https://evil.test/' } });
    for (const v of ['6.0.0', '6.1.0', '6.2.0', '6.3.0']) expect((await register(v)).status).toBe(200);
    expect((await releaseOf('6.0.0')).check_problems[0]).toMatch(/is larger than 65536 bytes/);
    expect((await releaseOf('6.1.0')).check_problems[0]).toMatch(/is not JSON/);
    expect((await releaseOf('6.2.0')).check_problems[0]).toMatch(/did not answer within 1500 ms/);
    expect((await releaseOf('6.3.0')).check_problems).toEqual([
      'public path https://evil.test/ is not on an allowed origin',
    ]);
  });

  it('a 50% canary splits sessions, each sticky on every request', async () => {
    const c = await call(s, 'POST', '/admin/releases/marketing/canary', a.admin, {
      version: '2.0.0',
      percent: 50,
    });
    expect(c.status).toBe(200);
    const sessions = Array.from({ length: 40 }, newSession);
    const first = await Promise.all(sessions.map(async (id) => (await map(id)).body.versions.marketing));
    for (const [i, id] of sessions.entries()) {
      expect(first[i]).toBe(canaryBucket(id, 'marketing') < 50 ? '2.0.0' : '1.0.0');
      expect((await map(id)).body.versions.marketing).toBe(first[i]);
    }
    expect(first.filter((v) => v === '2.0.0').length).toBeGreaterThan(5);
    expect(first.filter((v) => v === '1.0.0').length).toBeGreaterThan(5);
    const stop = await call(s, 'POST', '/admin/releases/marketing/canary/stop', a.admin);
    expect(stop.body.rollout).toMatchObject({
      canary_version: null,
      canary_percent: 0,
      active_version: '1.0.0',
    });
  });

  it('load-failure reports count only from sessions the registry gave that version', async () => {
    publish('7.0.0');
    expect((await register('7.0.0')).status).toBe(200);
    expect(
      (await call(s, 'POST', '/admin/releases/marketing/canary', a.admin, { version: '7.0.0', percent: 50 }))
        .status,
    ).toBe(200);
    // Enough canary sessions to judge (4), none of which fails.
    let canary = 0;
    const others: string[] = [];
    while (canary < 4 || others.length < 2) {
      const id = newSession();
      if ((await map(id)).body.versions.marketing === '7.0.0') canary++;
      else others.push(id);
    }
    // Sessions that never asked for a map, and sessions the registry gave the active version, report the canary.
    for (const session of [newSession(), newSession(), newSession(), ...others])
      expect((await beacon({ remote: 'marketing', version: '7.0.0', phase: 'render', session })).status).toBe(
        200,
      );
    expect(await rollout()).toMatchObject({ canary_version: '7.0.0' });
    expect(await releaseOf('7.0.0')).toMatchObject({ failed_sessions: 0, status: 'canary' });
    await call(s, 'POST', '/admin/releases/marketing/canary/stop', a.admin);
  });

  it('load-failure beacons (text/plain as sendBeacon sends them) roll a failing canary back automatically', async () => {
    publish('4.0.0');
    expect((await register('4.0.0', { ok: true, problems: [] })).status).toBe(200);
    await call(s, 'POST', '/admin/releases/marketing/canary', a.admin, { version: '4.0.0', percent: 99 });
    const canarySessions: string[] = [];
    while (canarySessions.length < 4) {
      const id = newSession();
      if ((await map(id)).body.versions.marketing === '4.0.0') canarySessions.push(id);
    }
    expect((await beacon('not json')).status).toBe(400);
    expect(
      (await beacon({ remote: 'marketing', version: '4.0.0', phase: 'boot', session: canarySessions[0] }))
        .status,
    ).toBe(400);
    // One failing session of 4+ (25%) stays under the 30% threshold; a second crosses it.
    const first = await beacon({
      remote: 'marketing',
      version: '4.0.0',
      phase: 'expose',
      session: canarySessions[0],
      message: 'boom',
    });
    expect(first.status).toBe(200);
    expect((await rollout()).canary_version).toBe('4.0.0');
    await beacon({ remote: 'marketing', version: '4.0.0', phase: 'render', session: canarySessions[1] });
    const r = await rollout();
    expect(r).toMatchObject({ canary_version: null, active_version: '1.0.0' });
    const v4 = r.releases.find((x: { version: string }) => x.version === '4.0.0');
    expect(v4).toMatchObject({ status: 'rolled-back', failed_sessions: 2 });
    expect(v4.failures).toMatchObject({ expose: 1, render: 1 });
    expect(v4.failure_rate).toBeGreaterThan(0.3);
    const [entry] = await auditOf('release.canary.auto_rollback');
    expect(entry).toMatchObject({ target_id: 'marketing@4.0.0', admin_id: null });
    expect(entry!.details).toMatchObject({ failed_sessions: 2, threshold: 0.3 });
    expect((await map(canarySessions[0]!)).body.versions.marketing).toBe('1.0.0');
  });

  it('rate-limits beacons per address', async () => {
    let last = 0;
    for (let i = 0; i < 60 && last !== 429; i++)
      last = (
        await call(s, 'POST', '/releases/failures', null, {
          remote: 'explore',
          phase: 'entry',
          session: 'rate-limit-session',
        })
      ).status;
    expect(last).toBe(429);
  });
});
