import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import webpack from 'webpack';
import { readEnv } from '../env';
import { createStaticServer } from '../serve';
import { createWebpackConfig, sourceMapsDirOf } from '../webpack';

/**
 * A production build keeps its source maps private: no script names a map, no map is in the served folder (they go
 * to <out>-sourcemaps), and the static server answers 404 for one.
 */
let app: string;
let out: string;
let server: http.Server;
let base: string;

const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((f) => f.isFile())
        .map((f) => path.relative(dir, path.join(f.parentPath, f.name)).split(path.sep).join('/'))
    : [];

beforeAll(async () => {
  app = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-source-maps-'));
  fs.mkdirSync(path.join(app, 'src'));
  fs.writeFileSync(
    path.join(app, 'src', 'main.ts'),
    "const secret: string = 'the source of the app';\nexport const shout = (s: string) => s.toUpperCase();\nconsole.log(shout(secret));\nvoid import('./lazy');\n",
  );
  fs.writeFileSync(path.join(app, 'src', 'lazy.ts'), "console.log('a lazy chunk');\n");
  out = path.join(app, 'dist');
  // A map an earlier build left in the served folder.
  fs.mkdirSync(path.join(out, 'js'), { recursive: true });
  fs.writeFileSync(path.join(out, 'js', 'old.0123456789abcdef.js.map'), '{}');
  const config = createWebpackConfig(
    app,
    { name: 'probe', kind: 'remote', port: 0, title: 'probe' },
    { mode: 'production', monolith: true },
  );
  await new Promise<void>((resolve, reject) =>
    webpack(config, (err, stats) => {
      if (err) return reject(err);
      if (stats?.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve();
    }),
  );
  server = createStaticServer({ root: out, spaFallback: true, remotes: false, env: readEnv({}) });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  fs.rmSync(app, { recursive: true, force: true });
});

describe('production source maps', () => {
  it('are not in the served folder, and no script names one', () => {
    const served = filesUnder(out);
    const scripts = served.filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    expect(served.filter((f) => /\.map(\.(br|gz))?$/.test(f))).toEqual([]);
    for (const f of scripts)
      expect(fs.readFileSync(path.join(out, f), 'utf8')).not.toMatch(/^\/\/[#@] sourceMappingURL=/m);
  });

  it('are written beside it, for error tracking', () => {
    const maps = filesUnder(sourceMapsDirOf(out));
    expect(maps).toEqual(expect.arrayContaining(['js/main.js.map']));
    const main = JSON.parse(fs.readFileSync(path.join(sourceMapsDirOf(out), 'js/main.js.map'), 'utf8')) as {
      sourcesContent?: string[];
    };
    expect(main.sourcesContent?.join('\n')).toContain('the source of the app');
  });

  it('are not served, even when one is put in the folder', async () => {
    fs.copyFileSync(path.join(sourceMapsDirOf(out), 'js/main.js.map'), path.join(out, 'js/main.js.map'));
    const r = await fetch(`${base}/js/main.js.map`);
    expect(r.status).toBe(404);
    expect(await r.text()).not.toContain('the source of the app');
    expect((await fetch(`${base}/js/main.js`)).status).toBe(200);
  });
});
