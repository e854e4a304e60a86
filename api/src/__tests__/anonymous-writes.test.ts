import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestServer } from '../testing/test-server';
import { startTestServer } from '../testing/test-server';
import { loadConfig } from '../config/env';
import { call } from './product-helpers';

/**
 * What anyone may write without signing in (presence heartbeats, a session's remote map) is limited per address
 * and expires: the tables stay bounded however many new session ids a client makes up.
 */
let s: TestServer;
const base = loadConfig({});
beforeAll(async () => {
  s = await startTestServer({
    config: {
      rateLimit: { ...base.rateLimit, windowSeconds: 3600 },
      presence: { heartbeatsPerIp: 5, ttlSeconds: 3600 },
      releases: { ...base.releases, remoteMapsPerIp: 5, sessionTtlSeconds: 3600 },
      // Every write sweeps, so the test sees the expired rows go at once.
      anonymousSweepIntervalSeconds: 0,
      // X-Forwarded-For from the test's own address names the client (as behind the balancer).
      trustProxy: ['127.0.0.1'],
    },
  });
}, 120_000);
afterAll(() => s?.close());

const count = async (table: string) =>
  Number((await s.db.query<{ n: string }>(`SELECT count(*) AS n FROM public.${table}`)).rows[0]!.n);
const heartbeat = (session_id: string, ip = '203.0.113.1') =>
  fetch(`${s.url}/presence/heartbeat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ session_id, path: '/' }),
  });

describe('anonymous writes', () => {
  it('limits presence heartbeats per address (429 once over)', async () => {
    const before = await count('presence');
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await call(s, 'POST', '/presence/heartbeat', null, { session_id: `hb-${i}` })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const over = await call(s, 'POST', '/presence/heartbeat', null, { session_id: 'hb-over' });
    expect(over.body.message).toMatch(/Too many requests/);
    expect(await count('presence')).toBe(before + 5);
  });

  it('limits remote maps per address (429 once over)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await call(s, 'GET', `/releases/remote-map?session=map-session-${i}`, null)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(
      Number(
        (
          await s.db.query<{ n: string }>(
            "SELECT count(DISTINCT session_id) AS n FROM public.release_sessions WHERE session_id LIKE 'map-session-%'",
          )
        ).rows[0]!.n,
      ),
    ).toBe(5);
  });

  it('deletes presence rows and release sessions older than their time to live', async () => {
    const old = new Date(Date.now() - 2 * 3600 * 1000).toISOString();
    await s.db.query(
      `INSERT INTO public.presence (session_id, path, last_seen) VALUES ('stale-tab', '/', $1), ('fresh-tab', '/', now())`,
      [old],
    );
    await s.db.query(
      `INSERT INTO public.release_sessions (session_id, remote, version, first_seen)
       VALUES ('stale-session', 'explore', '', $1), ('fresh-session', 'explore', '', now())`,
      [old],
    );
    await s.db.query(
      `INSERT INTO public.release_load_failures (remote, version, phase, session_id, created_at)
       VALUES ('explore', '', 'entry', 'stale-session', $1)`,
      [old],
    );
    const ids = async (sql: string) => (await s.db.query<{ id: string }>(sql)).rows.map((r) => r.id).sort();
    // Any anonymous write sweeps (this one from another address: the first one's limit is spent).
    expect((await heartbeat('another-tab', '198.51.100.7')).status).toBe(200);
    expect(await ids("SELECT session_id AS id FROM public.presence WHERE session_id LIKE '%-tab'")).toEqual([
      'another-tab',
      'fresh-tab',
    ]);
    expect(
      await ids("SELECT session_id AS id FROM public.release_sessions WHERE session_id LIKE '%-session'"),
    ).toEqual(['fresh-session']);
    expect(
      await ids(
        "SELECT session_id AS id FROM public.release_load_failures WHERE session_id = 'stale-session'",
      ),
    ).toEqual([]);
  });
});
