import { signJwt } from '../auth/jwt';
import { createUser } from '../testing/create-user';
import { startTestServer, type TestServer } from '../testing/test-server';

export interface Actor {
  id: string | null;
  token: string | null;
}

/** Signed-in actors for authorization matrices: anonymous, a user, another user and an admin. */
export async function actors(s: TestServer): Promise<Actors> {
  const mk = async (admin: boolean): Promise<Actor> => {
    const u = await createUser(s.db, { admin } as Parameters<typeof createUser>[1]);
    const token = await signJwt(s.config.jwtSecret, { sub: u.id, email: u.email, role: 'authenticated', aud: 'authenticated' }, 3600);
    return { id: u.id, token };
  };
  return { anon: { id: null, token: null }, user: await mk(false), other: await mk(false), admin: await mk(true) };
}

export async function call(s: TestServer, method: string, path: string, actor: Actor | null, body?: unknown) {
  const headers: Record<string, string> = {};
  if (actor?.token) headers.authorization = `Bearer ${actor.token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(`${s.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  return { status: r.status, body: (text ? JSON.parse(text) : {}) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export type Actors = Record<'anon' | 'user' | 'other' | 'admin', Actor>;

/** A seeded test server plus the four actors: `beforeAll(async () => ({ s, a } = await seededServer()), 120_000)`. */
export async function seededServer(opts: Parameters<typeof startTestServer>[0] = {}): Promise<{ s: TestServer; a: Actors }> {
  const s = await startTestServer({ seed: true, ...opts });
  return { s, a: await actors(s) };
}
