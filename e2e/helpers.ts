import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import WebSocket from 'ws';
import { makeAnonKey, readEnv } from '@wayfarer/mf-config';
import { stackInfo } from './fixtures';
import { pngChunk } from '../scripts/lib/png';

export const USERS = {
  admin: { email: 'admin@wayfarer.local', password: 'wayfarer-admin' },
  traveller: { email: 'traveller@wayfarer.local', password: 'wayfarer-traveller' },
} as const;

export const anonKey = () => makeAnonKey(readEnv().JWT_SECRET);

/** A real supabase-js client in Node against the test API (in-memory session). */
export function nodeClient(): SupabaseClient {
  const mem = new Map<string, string>();
  return createClient(stackInfo().apiUrl, anonKey(), {
    auth: {
      flowType: 'pkce',
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (k) => mem.get(k) ?? null,
        setItem: (k, v) => void mem.set(k, v),
        removeItem: (k) => void mem.delete(k),
      },
    },
    realtime: { transport: WebSocket as never },
  });
}

/** The newest sign-up code the local mailbox holds for an address. */
export async function mailboxCode(apiUrl: string, email: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const res = await fetch(`${apiUrl}/dev/mailbox.json?to=${encodeURIComponent(email)}`);
    if (res.ok) {
      const body = (await res.json()) as { items?: { code?: string | null }[] } | { code?: string | null }[];
      const items = Array.isArray(body) ? body : (body.items ?? []);
      const code = items.find((m) => m.code)?.code;
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code in the mailbox for ${email}`);
}

/** Storage key supabase-js uses in the browser for a project URL (sb-<first host label>-auth-token). */
export function storageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

/**
 * Puts a session into the page's storage, as supabase-js would after a sign-in without 'Stay logged in' (the tab's
 * sessionStorage, which other tabs of the context then ask for), and reloads.
 */
export async function injectSession(page: Page, session: Session, path = '/'): Promise<void> {
  const { shellUrl, apiUrl } = stackInfo();
  if (!page.url().startsWith(shellUrl))
    await page.goto(shellUrl + '/favicon-none', { waitUntil: 'domcontentloaded' });
  await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [
    storageKey(apiUrl),
    JSON.stringify(session),
  ] as const);
  await page.goto(shellUrl + path);
}

/** An access token for a user, signed in through the real auth API (for direct API calls in a spec). */
export async function accessToken(user: { email: string; password: string }): Promise<string> {
  const { data, error } = await nodeClient().auth.signInWithPassword(user);
  if (error || !data.session) throw new Error(`sign-in failed for ${user.email}: ${error?.message}`);
  return data.session.access_token;
}

/** A JSON call to the test API with an optional bearer: the status and the parsed body, whatever the status. */
export async function api(
  apiUrl: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await fetch(`${apiUrl}${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Signs a user in through the real auth API and hands the session to the page. */
/**
 * POST /sights/generate-guide through the API, then GET /guides/:id until a worker has made it: the finished
 * guide (the API answers at once with the queued guide; the stack's worker process makes it).
 */
export async function generateGuideViaApi<G extends { id: string; status: string }>(
  apiUrl: string,
  token: string,
  body: unknown,
  timeoutMs = 60_000,
): Promise<G> {
  const r = await fetch(`${apiUrl}/sights/generate-guide`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (r.status !== 200) throw new Error(`POST /sights/generate-guide: ${r.status} ${await r.text()}`);
  const { guide } = (await r.json()) as { guide: G };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const g = (await (
      await fetch(`${apiUrl}/guides/${guide.id}`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { guide: G };
    if (g.guide.status === 'ready') return g.guide;
    if (g.guide.status === 'failed' || Date.now() > deadline)
      throw new Error(`guide ${guide.id}: ${JSON.stringify(g.guide)}`);
    await new Promise((res) => setTimeout(res, 200));
  }
}

export async function signIn(page: Page, email: string, password: string, path = '/'): Promise<Session> {
  const sb = nodeClient();
  const { data, error } = await sb.auth.signInWithPassword({ email, password });
  if (error || !data.session) throw new Error(`sign-in failed for ${email}: ${error?.message}`);
  await injectSession(page, data.session, path);
  return data.session;
}

export interface NewUser {
  email: string;
  password: string;
  displayName: string;
  session: Session;
}

let counter = 0;
/** Creates a confirmed user with a complete profile through the real API (sign-up, mailbox code, verify, upsert). */
export async function createVerifiedUser(
  opts: { email?: string; password?: string; displayName?: string } = {},
): Promise<NewUser> {
  const email = opts.email ?? `e2e-${Date.now()}-${counter++}@example.test`;
  const password = opts.password ?? 'correct-horse-7';
  const displayName = opts.displayName ?? `Tester ${counter}`;
  const sb = nodeClient();
  const meta = {
    name: displayName,
    firstName: 'Test',
    lastName: 'User',
    gender: 'prefer-not',
    birthdate: '1990-05-17',
  };
  const { error } = await sb.auth.signUp({ email, password, options: { data: meta } });
  if (error) throw new Error(`sign-up failed: ${error.message}`);
  const code = await mailboxCode(stackInfo().apiUrl, email);
  const { data, error: vErr } = await sb.auth.verifyOtp({ email, token: code, type: 'signup' });
  if (vErr || !data.session) throw new Error(`verify failed: ${vErr?.message}`);
  const { error: pErr } = await sb.from('profiles').upsert(
    {
      id: data.session.user.id,
      display_name: displayName,
      gender: 'prefer-not',
      birthdate: '1990-05-17',
      first_name: 'Test',
      last_name: 'User',
    },
    { onConflict: 'id' },
  );
  if (pErr) throw new Error(`profile upsert failed: ${pErr.message}`);
  return { email, password, displayName, session: data.session };
}

/** Creates a verified user and signs the page in as them. */
export async function signUpVerified(
  page: Page,
  opts: { email?: string; password?: string; displayName?: string } = {},
  path = '/',
): Promise<NewUser> {
  const user = await createVerifiedUser(opts);
  await injectSession(page, user.session, path);
  return user;
}

/** Collects console errors and page errors of a page, for "no console error" checks. */
export function collectErrors(page: Page, ignore: RegExp[] = []): string[] {
  const errors: string[] = [];
  const keep = (t: string) => !ignore.some((r) => r.test(t));
  page.on('console', (m) => {
    if (m.type() === 'error' && keep(m.text())) errors.push(m.text());
  });
  page.on('pageerror', (e) => keep(e.message) && errors.push(e.message));
  return errors;
}

/** Opens 'Create account' on /login and fills the form (Grace Hopper, born 9 December 1986, password cobol-1959). */
export async function fillSignup(page: Page, email: string) {
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Display name').fill('Amazing Grace');
  await page.getByLabel('Day').selectOption('9');
  await page.getByLabel('Month').selectOption({ label: 'December' });
  await page.getByLabel('Year').selectOption('1986');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('cobol-1959');
  await page.getByLabel('Confirm password').fill('cobol-1959');
}

/** A valid RGB PNG of random pixels (random so it barely compresses and every run's file is new). */
export function noisePng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  const px = randomBytes(width * 3 * height);
  for (let y = 0; y < height; y++) px.copy(raw, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3); // filter 0
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 1 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The seeded Eiffel Tower's id (the sight the explore, guide and cluster tests use), through the API's nearby. */
export async function eiffelId(apiUrl: string): Promise<string> {
  const res = await fetch(`${apiUrl}/sights/nearby?lat=48.8584&lon=2.2945&km=1`);
  const { items } = (await res.json()) as { items: { id: string; name: string }[] };
  const hit = items.find((i) => /eiffel/i.test(i.name));
  if (!hit) throw new Error('Eiffel Tower not seeded near 48.8584,2.2945');
  return hit.id;
}
