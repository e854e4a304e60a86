import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../testing/test-server';
import { actors, call, type Actors } from './product-helpers';

/**
 * Several API copies on one PostgreSQL: nothing a request depends on lives in one copy's
 * memory only. Needs a real PostgreSQL (the PG pass of `pnpm test` sets DATABASE_URL); the embedded database is one
 * process's by design, so there is nothing to test there.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const pgOnly = onPostgres ? describe : describe.skip;

pgOnly('two API copies on one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  let who: Actors;
  beforeAll(async () => {
    const rateLimit = { windowSeconds: 600, perIp: 1000, perEmail: 6 };
    // Six failed sign-ins per address are free, then each try waits a minute (longer than this test).
    const signinBackoff = {
      afterFailures: 6,
      afterFailuresPerIp: 1000,
      baseSeconds: 60,
      maxSeconds: 600,
      forgetSeconds: 86400,
    };
    a = await startTestServer({ seed: true, config: { rateLimit, signinBackoff } });
    b = await startTestServer({ copyOf: a, config: { rateLimit, signinBackoff } });
    who = await actors(a);
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const nearbyIds = async (s: TestServer, q: string) =>
    (
      (await (await fetch(`${s.url}/sights/nearby?${q}`)).json()) as { items: Array<{ id: string }> }
    ).items.map((i) => i.id);

  async function within(ms: number, ok: () => Promise<boolean>): Promise<number> {
    const t0 = Date.now();
    for (;;) {
      if (await ok()) return Date.now() - t0;
      if (Date.now() - t0 > ms) throw new Error(`not within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it("a write through one copy is in the other copy's nearby answers within 1 s, and at once on its own", async () => {
    const q = 'lat=48.8584&lon=2.2945&km=1';
    // Both copies have answered this query (and keep the answer until their index changes).
    expect(await nearbyIds(a, q)).toContain('wd-Q243');
    expect(await nearbyIds(b, q)).toContain('wd-Q243');
    expect((await call(a, 'POST', '/admin/sights/wd-Q243/hide', who.admin)).status).toBe(200);
    expect(await nearbyIds(a, q)).not.toContain('wd-Q243');
    await within(1000, async () => !(await nearbyIds(b, q)).includes('wd-Q243'));
    expect((await call(b, 'POST', '/admin/sights/wd-Q243/unhide', who.admin)).status).toBe(200);
    expect(await nearbyIds(b, q)).toContain('wd-Q243');
    await within(1000, async () => (await nearbyIds(a, q)).includes('wd-Q243'));
  });

  it('a session, a comment and the rate limit are the same on both copies', async () => {
    const sight = 'wd-Q243';
    const posted = await call(a, 'POST', `/sights/${sight}/comments`, who.user, {
      body: 'Seen from copy A',
      rating: 5,
    });
    expect(posted.status).toBe(201);
    const onB = (await call(b, 'GET', `/sights/${sight}/comments`, who.user)).body as {
      items: Array<{ id: string; body: string }>;
    };
    expect(onB.items.map((c) => c.id)).toContain(posted.body.id);
    // The like made on B is seen by A.
    expect((await call(b, 'POST', `/comments/${posted.body.id}/like`, who.other)).body.liked).toBe(true);
    const onA = (await call(a, 'GET', `/sights/${sight}/comments`, who.other)).body as {
      items: Array<{ id: string; likes_count: number; user_liked: boolean }>;
    };
    expect(onA.items.find((c) => c.id === posted.body.id)).toMatchObject({
      likes_count: 1,
      user_liked: true,
    });
    // Failed sign-ins for one e-mail count across copies (wf_auth.signin_failures): alternating copies reach the
    // back-off.
    const email = `nobody-${Date.now()}@test.local`;
    const statuses: number[] = [];
    for (let i = 0; i < a.config.signinBackoff.afterFailures + 2; i++) {
      const s = i % 2 ? a : b;
      const r = await fetch(`${s.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'wrong-password-1' }),
      });
      statuses.push(r.status);
    }
    // 6 allowed in all (3 on each copy), the 7th and 8th refused, whichever copy they reach.
    expect(statuses.slice(0, 6).every((x) => x !== 429)).toBe(true);
    expect(statuses.slice(6)).toEqual([429, 429]);
  });
});
