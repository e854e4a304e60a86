import path from 'node:path';
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import webpack from 'webpack';
import { chromium, type Browser } from 'playwright-core';
import { createStaticServer, createWebpackConfig, runGenerate, type AppFederationConfig } from '@wayfarer/mf-config';
import shellFederation from '../shell/module-federation.config';
import { Stack, ROOT } from '../e2e/src/stack';
import { createVerifiedUser, storageKey } from '../e2e/helpers';
import { CHROMIUM_FLAGS } from '../e2e/playwright.config';

interface Bytes {
  raw: number;
  gzip: number;
}
type ByOrigin = Record<string, Bytes>;

const MONOLITH_DIR = path.join(ROOT, '.bench', 'monolith');

/** One webpack build of the shell with the remotes imported statically (their generated sources first). */
async function buildMonolith(): Promise<void> {
  for (const dir of ['shell', 'mfe-explore', 'mfe-account', 'mfe-marketing', 'mfe-admin']) runGenerate(path.join(ROOT, dir));
  const shellDir = path.join(ROOT, 'shell');
  const app: AppFederationConfig = { ...shellFederation, runtimePlugins: [] };
  const config = createWebpackConfig(shellDir, app, {
    mode: 'production',
    outDir: MONOLITH_DIR,
    monolith: true,
    replace: [{ test: /mf\/remote-loader$/, with: path.join(ROOT, 'bench', 'monolith', 'static-remote-loader.ts') }],
  });
  await new Promise<void>((resolve, reject) =>
    webpack(config, (err, stats) => (err || stats?.hasErrors() ? reject(err ?? new Error(stats!.toString('errors-only'))) : resolve())),
  );
}

/** JS bytes a fresh page load fetches, by origin (raw and gzip of each response body). */
async function measure(browser: Browser, url: string, session?: { key: string; value: string }): Promise<ByOrigin> {
  const context = await browser.newContext();
  if (session)
    await context.addInitScript(([k, v]) => {
      if (!localStorage.getItem(k)) localStorage.setItem(k, v);
    }, [session.key, session.value] as const);
  const page = await context.newPage();
  const out: ByOrigin = {};
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (type !== 'script') return;
    pending.push(
      res
        .body()
        .then((body) => {
          const origin = new URL(res.url()).origin;
          const b = (out[origin] ??= { raw: 0, gzip: 0 });
          b.raw += body.length;
          b.gzip += gzipSync(body, { level: 9 }).length;
        })
        .catch(() => undefined),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  await Promise.all(pending);
  await context.close();
  return out;
}

const total = (b: ByOrigin): Bytes =>
  Object.values(b).reduce((a, x) => ({ raw: a.raw + x.raw, gzip: a.gzip + x.gzip }), { raw: 0, gzip: 0 });
const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

export async function benchBundles(): Promise<{ ratioHome: number }> {
  console.log('\n## Bundle bytes: Module Federation vs one monolith build\n');
  await buildMonolith();
  const stack = new Stack(50);
  await stack.start();
  const monoPort = 3060;
  const mono: http.Server = createStaticServer({ root: MONOLITH_DIR, spaFallback: true, remotes: false, env: stack.env });
  await new Promise<void>((r) => mono.listen(monoPort, () => r()));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  try {
    process.env.E2E_PORT_OFFSET = '50';
    const user = await createVerifiedUser();
    const session = { key: storageKey(`http://localhost:${stack.ports.api}`), value: JSON.stringify(user.session) };
    let ratioHome = 0;
    for (const route of ['/', '/explore']) {
      const auth = route === '/' ? undefined : session;
      const mf = await measure(browser, `http://localhost:${stack.ports.shell}${route}`, auth);
      const mo = await measure(browser, `http://localhost:${monoPort}${route}`, auth);
      console.log(`first load of ${route}`);
      for (const [origin, b] of Object.entries(mf)) console.log(`  MF        ${origin.padEnd(24)} raw ${kb(b.raw).padStart(10)}  gzip ${kb(b.gzip).padStart(10)}`);
      const tm = total(mf);
      const to = total(mo);
      console.log(`  MF total  ${''.padEnd(24)} raw ${kb(tm.raw).padStart(10)}  gzip ${kb(tm.gzip).padStart(10)}`);
      console.log(`  monolith  ${''.padEnd(24)} raw ${kb(to.raw).padStart(10)}  gzip ${kb(to.gzip).padStart(10)}`);
      const ratio = tm.gzip / to.gzip;
      console.log(`  ratio MF/monolith (gzip) ${ratio.toFixed(3)}   (raw ${(tm.raw / to.raw).toFixed(3)})`);
      if (route === '/') ratioHome = ratio;
    }
    console.log(`target for /: MF/monolith <= 1.10 -> ${ratioHome <= 1.1 ? 'met' : 'NOT met'}`);
    return { ratioHome };
  } finally {
    await browser.close();
    mono.close();
    await stack.stop();
  }
}
