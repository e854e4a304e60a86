import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestServer } from '../testing/test-server';
import { canaryBucket } from '../services/releases';
import { actors, call, type Actors } from './product-helpers';
import { startTestServer } from '../testing/test-server';

/** The release registry (issue #21 point 3-4): admin routes, a session's remote map, beacons, automatic rollback. */
let s: TestServer;
let a: Actors;
beforeAll(async () => {
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
      },
    },
  });
  a = await actors(s);
}, 120_000);
afterAll(() => s?.close());

const manifest = (v: string) => `http://remotes.test:3003/releases/${v}/mf-manifest.json`;
const register = (version: string, check: { ok: boolean; problems: string[] } | null, remote = 'marketing') =>
  call(s, 'POST', '/admin/releases', a.admin, {
    remote,
    version,
    manifest_url: manifest(version),
    contract_check: check,
  });
const map = (session: string) => call(s, 'GET', `/releases/remote-map?session=${session}`, null);
const rollout = async (remote = 'marketing') =>
  (await call(s, 'GET', '/admin/releases', a.admin)).body.remotes.find(
    (r: { remote: string }) => r.remote === remote,
  );
const auditOf = async (action: string) =>
  (await call(s, 'GET', `/admin/audit-log?action=${action}`, a.admin)).body.items as Array<{
    target_id: string;
    admin_id: string | null;
    details: Record<string, unknown>;
  }>;
let sessionNo = 0;
const newSession = () => `session-${process.pid}-${++sessionNo}-${Math.random().toString(36).slice(2, 10)}`;

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

  it('register, promote (refused when the check failed or never ran), rollback', async () => {
    expect((await register('1.0.0', { ok: true, problems: [] })).status).toBe(200);
    expect((await register('1.0.0', { ok: true, problems: [] })).status).toBe(409);
    expect((await register('2.0.0', { ok: true, problems: [] })).status).toBe(200);
    expect((await register('3.0.0', { ok: false, problems: ['missing expose ./App'] })).status).toBe(200);
    expect((await register('3.1.0', null)).status).toBe(200);

    const refused = await call(s, 'POST', '/admin/releases/marketing/promote', a.admin, { version: '3.0.0' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /promote refused: marketing 3\.0\.0 failed its contract check \(missing expose \.\/App\)/,
    );
    const unchecked = await call(s, 'POST', '/admin/releases/marketing/promote', a.admin, {
      version: '3.1.0',
    });
    expect(unchecked.status).toBe(409);
    expect(
      (await call(s, 'POST', '/admin/releases/marketing/canary', a.admin, { version: '3.0.0', percent: 50 }))
        .status,
    ).toBe(409);

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
        marketing: 'http://remotes.test:3003/releases/2.0.0',
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

  it('load-failure beacons (text/plain as sendBeacon sends them) roll a failing canary back automatically', async () => {
    expect((await register('4.0.0', { ok: true, problems: [] })).status).toBe(200);
    await call(s, 'POST', '/admin/releases/marketing/canary', a.admin, { version: '4.0.0', percent: 99 });
    const canarySessions: string[] = [];
    while (canarySessions.length < 4) {
      const id = newSession();
      if ((await map(id)).body.versions.marketing === '4.0.0') canarySessions.push(id);
    }
    const beacon = (body: unknown) =>
      fetch(`${s.url}/releases/failures`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
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
