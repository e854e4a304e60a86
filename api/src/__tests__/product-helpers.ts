import { signJwt } from '../auth/jwt';
import { createUser } from '../testing/create-user';
import { startTestServer, type TestServer } from '../testing/test-server';

export interface Actor {
  id: string | null;
  token: string | null;
}

/** A fresh confirmed user (an admin when asked) with an access token for it. */
export async function newActor(
  s: TestServer,
  opts: { admin?: boolean } = {},
): Promise<Actor & { id: string; token: string; email: string }> {
  const u = await createUser(s.db, { admin: opts.admin ?? false } as Parameters<typeof createUser>[1]);
  const token = await signJwt(
    s.config.jwtSecret,
    { sub: u.id, email: u.email, role: 'authenticated', aud: 'authenticated' },
    3600,
  );
  return { id: u.id, token, email: u.email };
}

/** Signed-in actors for authorization matrices: anonymous, a user, another user and an admin. */
export async function actors(s: TestServer): Promise<Actors> {
  const mk = async (admin: boolean): Promise<Actor> => {
    const { id, token } = await newActor(s, { admin });
    return { id, token };
  };
  return {
    anon: { id: null, token: null },
    user: await mk(false),
    other: await mk(false),
    admin: await mk(true),
  };
}

export async function call(s: TestServer, method: string, path: string, actor: Actor | null, body?: unknown) {
  const headers: Record<string, string> = {};
  if (actor?.token) headers.authorization = `Bearer ${actor.token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(`${s.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, body: (text ? JSON.parse(text) : {}) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * POST /sights/generate-guide, then GET /guides/:id until a worker has finished it: the answer as it was before
 * guides became jobs ({ ok, guide (finished), usage }), or the POST's own answer when it was not a 200.
 */
export async function generateGuide(s: TestServer, actor: Actor | null, body?: unknown, timeoutMs = 60_000) {
  const r = await call(s, 'POST', '/sights/generate-guide', actor, body);
  if (r.status !== 200) return r;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const g = await call(s, 'GET', `/guides/${r.body.guide.id}`, actor);
    if (g.status !== 200)
      throw new Error(`GET /guides/${r.body.guide.id}: ${g.status} ${JSON.stringify(g.body)}`);
    if (g.body.guide.status === 'ready' || g.body.guide.status === 'failed')
      return { status: r.status, body: { ...r.body, guide: g.body.guide } };
    if (Date.now() > deadline)
      throw new Error(`guide ${r.body.guide.id} still ${g.body.guide.status} after ${timeoutMs} ms`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

export type Actors = Record<'anon' | 'user' | 'other' | 'admin', Actor>;

/** A seeded test server plus the four actors: `beforeAll(async () => ({ s, a } = await seededServer()), 120_000)`. */
export async function seededServer(
  opts: Parameters<typeof startTestServer>[0] = {},
): Promise<{ s: TestServer; a: Actors }> {
  const s = await startTestServer({ seed: true, ...opts });
  return { s, a: await actors(s) };
}
