import { afterAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signJwt } from '../../../api/src/auth/jwt';
import { openCliDb } from '../../../api/src/cli/cli-db';
import { DEFAULT_JWT_SECRET } from '../../../api/src/config/env';
import { createUser } from '../../../api/src/testing/create-user';
import { apiCommand } from '../apps';
import { stopAll } from '../proc';
import { Supervisor } from '../supervisor';
import { freePort } from '../../../api/src/testing/free-port';

/**
 * `pnpm start`'s API on the embedded PGlite, killed with SIGKILL right after 20 acknowledged writes: the runner
 * says so and restarts it, and all 20 writes are there.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-restart-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function healthy(base: string, ms = 240_000): Promise<void> {
  const end = Date.now() + ms;
  while (
    !(await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > end) throw new Error('the API did not answer /health');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('pnpm start: the API killed with SIGKILL', () => {
  it('is reported and restarted, and 20 of 20 acknowledged writes survive', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_ON_START: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // Twenty comments from one user inside a minute is over the default per-user pace; this test is about
      // durability, so the pace is raised rather than the writes spread over users.
      COMMENTS_PER_USER_PER_MINUTE: '100',
    };
    delete env.DATABASE_URL;
    delete env.NODE_OPTIONS;
    const api = apiCommand(false);
    const lines: string[] = [];
    const supervisor = new Supervisor(
      [
        {
          name: 'api',
          start: () => spawn(api.cmd, api.args, { cwd: api.cwd, env, stdio: 'ignore', detached: true }),
        },
      ],
      { log: (m) => lines.push(m), stopAll },
    );
    supervisor.start();
    try {
      await healthy(base);
      // A user and a sight, written through the running API's socket (as `pnpm --filter api seed` would).
      const db = await openCliDb({ databaseUrl: undefined, dataDir: dir });
      const user = await createUser(db);
      await db.query(
        `INSERT INTO public.sights (id, slug, name, normalized_name, latitude, longitude, category_slugs, category_hint, source)
         VALUES ('kill-test', 'kill-test', 'Kill Test', 'kill test', 1, 2, ARRAY['landmark'], 'landmark', 'test')`,
      );
      await db.close();
      const token = await signJwt(
        DEFAULT_JWT_SECRET,
        { sub: user.id, email: user.email, role: 'authenticated', aud: 'authenticated' },
        3600,
      );

      const acknowledged: string[] = [];
      for (let i = 1; i <= 20; i++) {
        const r = await fetch(`${base}/sights/kill-test/comments`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ body: `write ${i}` }),
        });
        if (r.status === 201) acknowledged.push(`write ${i}`);
      }
      expect(acknowledged.length).toBe(20);

      const killed = supervisor.child('api')!;
      killed.kill('SIGKILL');
      await new Promise((r) => killed.once('exit', r));
      await healthy(base);
      expect(supervisor.child('api')).not.toBe(killed);
      expect(lines[0]).toMatch(/^api was killed by SIGKILL after [\d.]+ s; restarting it in 1000 ms$/);

      const after = (await (await fetch(`${base}/sights/kill-test/comments`)).json()) as {
        items: { body: string }[];
      };
      expect(after.items.map((c) => c.body).sort()).toEqual([...acknowledged].sort());
    } finally {
      await supervisor.stop();
    }
  }, 600_000);
});
