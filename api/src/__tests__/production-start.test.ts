import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BILLING_PERIODS, COIN_PACKS, PLAN_IDS } from '@wayfarer/contracts';
import { REPO_ROOT } from '../config/env';
import { anonKey } from '../auth/jwt';
import { openPglite } from '../db/pglite';
import { migrate } from '../db/migrate';
import { createUser } from '../testing/create-user';
import { freePort } from '../testing/free-port';
import { LOOPBACK_ADDRESSES, listeningAddresses } from '../testing/listening';

/**
 * The API started as a production process (its real entry, NODE_ENV=production, a real secret, its own embedded
 * database), checked from outside as an attacker on the network or on the same machine would: no Google stand-in, no
 * free payments, no development mailbox, nothing listening beyond loopback by default, no database file another
 * local user can read.
 */
const SECRET = 'a-real-production-secret-of-more-than-32-characters';
let dataDir: string;
let port: number;
let api: ChildProcess;
let base: string;
let user: { email: string; password: string };
let output = '';

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-prod-start-'));
  // An account made beforehand on the same directory (the production seed creates no local accounts).
  const db = await openPglite(dataDir);
  await migrate(db);
  user = await createUser(db);
  await db.close();
  // As an earlier version left it (and as a mkdir with the usual umask makes it): open to every local user.
  fs.chmodSync(dataDir, 0o755);

  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  api = spawn(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), ['src/index.ts'], {
    cwd: path.join(REPO_ROOT, 'api'),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      JWT_SECRET: SECRET,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_ON_START: 'false',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Ready when the API says it listens (or gone, with what it said).
  await new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d.toString();
      if (/listening on/.test(output)) resolve();
    };
    api.stdout!.on('data', onData);
    api.stderr!.on('data', onData);
    api.once('exit', (code) => reject(new Error(`the API exited (${code}) before listening:\n${output}`)));
  });
}, 120_000);

afterAll(async () => {
  if (api && api.exitCode === null) {
    const gone = new Promise((r) => api.once('exit', r));
    api.kill('SIGTERM');
    await gone;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(): Promise<string> {
  const r = await fetch(`${base}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: await anonKey(SECRET), 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(r.status).toBe(200);
  return ((await r.json()) as { access_token: string }).access_token;
}

describe('the API as a production process', () => {
  it('listens on loopback only unless HOST says otherwise', () => {
    const addresses = listeningAddresses(port);
    expect(addresses.length).toBeGreaterThan(0);
    for (const a of addresses) expect(LOOPBACK_ADDRESSES.has(a)).toBe(true);
  });

  it('serves no development mailbox', async () => {
    expect((await fetch(`${base}/dev/mailbox.json`)).status).toBe(404);
    expect((await fetch(`${base}/dev/mailbox`)).status).toBe(404);
  });

  // Sign-in as production offers it: checks of the sign-in providers go in this block.
  describe('sign-in', () => {
    it('has no Google stand-in: no consent page, and Google is not offered without a real client', async () => {
      const consent = await fetch(`${base}/auth/v1/authorize/consent`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: 'admin@wayfarer.local', name: 'Mallory', code_challenge: 'abc' }),
        redirect: 'manual',
      });
      expect(consent.status).toBe(404);
      const settings = (await (await fetch(`${base}/auth/v1/settings`)).json()) as {
        external: { google: boolean };
      };
      expect(settings.external.google).toBe(false);
      const authorize = await fetch(`${base}/auth/v1/authorize?provider=google&code_challenge=abc`, {
        redirect: 'manual',
      });
      expect(authorize.status).toBe(400);
    });
  });

  // Payments as production takes them: checks of checkout and the payment provider go in this block.
  describe('payments', () => {
    it('takes no payment without a payment provider: coins and paid plans are refused', async () => {
      const token = await signIn();
      const post = (p: string, body: unknown) =>
        fetch(`${base}${p}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const coins = await post('/users/me/coins/checkout', { pack: COIN_PACKS[0]!.id });
      expect(coins.status).toBe(503);
      expect(((await coins.json()) as { message?: string; error?: string }).message ?? '').toMatch(
        /not available/,
      );
      const paid = PLAN_IDS.find((p) => p !== 'free' && p !== 'premium') ?? 'standard';
      const plan = await post('/subscriptions', { plan: paid, period: BILLING_PERIODS[0] });
      expect(plan.status).toBe(503);
    });
  });

  // Last: it stops the API (PGlite's files are final once it has closed them). Add checks above it.
  it('keeps its database files to its own OS user: the directory 0700 while it runs, every file 0600 once stopped', async () => {
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    const gone = new Promise((r) => api.once('exit', r));
    api.kill('SIGTERM');
    await gone;
    const bad: string[] = [];
    const walk = (dir: string) => {
      if ((fs.statSync(dir).mode & 0o777) !== 0o700)
        bad.push(`${dir} ${(fs.statSync(dir).mode & 0o777).toString(8)}`);
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.isFile() && (fs.statSync(p).mode & 0o077) !== 0)
          bad.push(`${p} ${(fs.statSync(p).mode & 0o777).toString(8)}`);
      }
    };
    walk(dataDir);
    expect(bad).toEqual([]);
    expect(fs.readdirSync(dataDir).length).toBeGreaterThan(0);
  });
});
