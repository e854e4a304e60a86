import type http from 'node:http';
import { chromium, type Browser } from 'playwright-core';
import { REMOTE_NAMES } from '@wayfarer/contracts';
import { createStaticServer } from '@wayfarer/mf-config';
import type { Stack } from '../e2e/src/stack';
import {
  BENCH_CHROMIUM_ARGS,
  CHROMIUM_PATH,
  adminSession,
  benchOffset,
  browserSession,
  closeServer,
  fmtRatio,
  heading,
  settle,
  kib,
  machine,
  met,
  monolithPort,
  ratio,
  realSightId,
  startBenchStack,
  travellerSession,
  withSession,
  type BrowserSession,
} from './lib';
import { MONOLITH_DIR, buildMonolith, precompressed } from './monolith/build';
import { NetworkLog, isExternalBlocked, isScript, type LoggedRequest } from './network-log';
import { benchPaints } from './paint';
import type { TargetResult, TargetId } from './targets';

/** BENCH_BUNDLE_FILES=1: also list each script a first load transferred, largest first. */
const LIST_FILES = process.env.BENCH_BUNDLE_FILES === '1';

/**
 * The raw bytes of `/` when the first-load targets were set, and the target: at most a third of them transferred.
 */
const TODAY_RAW_HOME = 1469.5 * 1024;
const HOME_BYTES_TARGET = TODAY_RAW_HOME / 3;

/** The same site twice: the Module Federation stack (shell + four remotes + API) and the monolith build. */
export interface BenchSite {
  stack: Stack;
  browser: Browser;
  mf: string;
  mono: string;
  /** Origin -> short name (shell, explore, …, api, tiles, monolith) for the printed tables. */
  names: Map<string, string>;
  /** localStorage of a signed-in traveller / the seeded admin, for each build's page origin. */
  traveller: { mf: BrowserSession; mono: BrowserSession };
  admin: { mf: BrowserSession; mono: BrowserSession };
  sightId: string;
}

interface Route {
  id: TargetId;
  path: string;
  who: 'anonymous' | 'traveller' | 'admin';
  limit: number;
}

/**
 * `pnpm bench bundle`: what Chromium transfers for a first load (fresh context, nothing cached) of `/`, `/explore`,
 * `/explore/:id` and `/admin`, Module Federation against the monolith build, both served by the production static
 * server (`createStaticServer`, with whatever compression it does), by origin; then first and largest contentful
 * paint under mobile emulation (bench/paint.ts).
 */
export async function benchBundles(): Promise<TargetResult[]> {
  console.log('\n## Bundle: bytes Chromium transfers, Module Federation vs one monolith build\n');
  console.log(`  machine: ${machine()}`);
  await buildMonolith();
  const offset = benchOffset('bundle');
  const { stack, tileBytes, stop } = await startBenchStack(offset);
  let mono: http.Server | null = null;
  let browser: Browser | null = null;
  try {
    const monoPort = monolithPort(stack);
    mono = createStaticServer({ root: MONOLITH_DIR, spaFallback: true, remotes: false, env: stack.env });
    await new Promise<void>((resolve, reject) => {
      mono!.once('error', reject);
      mono!.listen(monoPort, () => resolve());
    });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: BENCH_CHROMIUM_ARGS });
    const mf = `http://localhost:${stack.ports.shell}`;
    const monoUrl = `http://localhost:${monoPort}`;
    const names = new Map<string, string>([
      [mf, 'shell'],
      [monoUrl, 'monolith'],
      [`http://localhost:${stack.ports.api}`, 'api'],
      [`http://localhost:${3006 + offset}`, 'map tiles'],
    ]);
    for (const n of REMOTE_NAMES) names.set(`http://localhost:${stack.ports.remotes[n]}`, n);
    const [traveller, admin, sightId] = [
      await travellerSession(stack),
      await adminSession(stack),
      await realSightId(stack),
    ];
    const site: BenchSite = {
      stack,
      browser,
      mf,
      mono: monoUrl,
      names,
      traveller: {
        mf: browserSession(stack, mf, traveller),
        mono: browserSession(stack, monoUrl, traveller),
      },
      admin: { mf: browserSession(stack, mf, admin), mono: browserSession(stack, monoUrl, admin) },
      sightId,
    };
    printPrecompressed();
    console.log(
      `  map tiles: a local stand-in (${kib(tileBytes)} a tile); other hosts are not resolved (offline rule)`,
    );
    const results = await benchBytes(site);
    results.push(...(await benchPaints(site)));
    return results;
  } finally {
    await browser?.close();
    await closeServer(mono);
    await stop();
  }
}

/**
 * Whether the monolith was precompressed at build like the apps (its folder is built from empty; the apps' dist/
 * folders also keep earlier builds' hashed chunks, so what they serve is judged from the answers, per route).
 */
function printPrecompressed(): void {
  const c = precompressed(MONOLITH_DIR);
  console.log(
    `  monolith precompressed at build: ${c.br} .br and ${c.gz} .gz beside its ${c.js} .js files of 1 KiB or more` +
      (c.br + c.gz === 0 ? ' (none: every byte below is uncompressed)' : ''),
  );
}

/** One first load in a fresh context: every request Chromium made, once the page settled. */
export async function firstLoad(browser: Browser, url: string, session?: BrowserSession): Promise<Load> {
  const context = await browser.newContext({ ...withSession(session), serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const log = await NetworkLog.attach(context, page);
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await settle(page, log);
    return { requests: log.list(), finalPath: new URL(page.url()).pathname, heading: await heading(page) };
  } finally {
    await context.close();
  }
}

interface Load {
  requests: LoggedRequest[];
  finalPath: string;
  /** The page's main heading once settled, to show that the route really rendered. */
  heading: string;
}

interface Sums {
  js: number;
  all: number;
  count: number;
}

function sumByOrigin(requests: LoggedRequest[]): Map<string, Sums> {
  const out = new Map<string, Sums>();
  for (const r of requests) {
    if (!r.finished || r.failed) continue;
    const s = out.get(r.origin) ?? { js: 0, all: 0, count: 0 };
    s.all += r.bytes;
    s.count++;
    if (isScript(r)) s.js += r.bytes;
    out.set(r.origin, s);
  }
  return out;
}

const totalOf = (m: Map<string, Sums>): Sums =>
  [...m.values()].reduce((a, b) => ({ js: a.js + b.js, all: a.all + b.all, count: a.count + b.count }), {
    js: 0,
    all: 0,
    count: 0,
  });

const scripts = (requests: LoggedRequest[]) => requests.filter((x) => isScript(x) && x.finished && !x.failed);

/** "br x14, none x2 (/runtime-config.js 0.5 KiB, …)": the Content-Encoding of the scripts as served. */
function encodings(requests: LoggedRequest[]): string {
  const n = new Map<string, number>();
  for (const r of scripts(requests)) n.set(r.encoding || 'none', (n.get(r.encoding || 'none') ?? 0) + 1);
  const raw = scripts(requests)
    .filter((r) => !r.encoding)
    .map((r) => `${new URL(r.url).pathname} ${kib(r.bytes)}`);
  return (
    ([...n].map(([k, v]) => `${k} x${v}`).join(', ') || 'no scripts') +
    (raw.length ? ` (raw: ${raw.join(', ')})` : '')
  );
}

/** Share of the script bytes that came compressed. */
const compressedShare = (requests: LoggedRequest[]) => {
  const all = scripts(requests).reduce((a, r) => a + r.bytes, 0);
  return all ? scripts(requests).reduce((a, r) => a + (r.encoding ? r.bytes : 0), 0) / all : 0;
};

async function benchBytes(site: BenchSite): Promise<TargetResult[]> {
  const routes: Route[] = [
    { id: 'js-home', path: '/', who: 'anonymous', limit: 1.1 },
    { id: 'js-explore', path: '/explore', who: 'traveller', limit: 1.25 },
    {
      id: 'js-explore-id',
      path: `/explore/${encodeURIComponent(site.sightId)}`,
      who: 'traveller',
      limit: 1.25,
    },
    { id: 'js-admin', path: '/admin', who: 'admin', limit: 1.25 },
  ];
  console.log(
    '\n  Bytes = Network.loadingFinished.encodedDataLength per request (what crossed the wire: headers + body, compressed\n' +
      '  when the server compressed), fresh browser context per load, read once the page settled (its main h1 shown, no remote\n' +
      '  loading, then 1 s without network activity).\n' +
      '  JS = responses Chromium loaded as scripts.',
  );
  const results: TargetResult[] = [];
  let homeAll = 0;
  let homeJs = 0;
  for (const route of routes) {
    const session = route.who === 'anonymous' ? undefined : site[route.who];
    const mf = await firstLoad(site.browser, site.mf + route.path, session?.mf);
    const mono = await firstLoad(site.browser, site.mono + route.path, session?.mono);
    const who = {
      anonymous: 'not signed in',
      traveller: 'signed in as a verified traveller',
      admin: 'signed in as the seeded admin',
    }[route.who];
    console.log(`\n### ${route.path}  (${who})\n`);
    console.log(
      `  ${''.padEnd(9)}${'origin'.padEnd(24)}${'JS'.padStart(13)}${'all bytes'.padStart(13)}${'requests'.padStart(10)}`,
    );
    const printBuild = (label: string, load: Load) => {
      const by = sumByOrigin(load.requests);
      let first = true;
      for (const [origin, s] of [...by].sort((a, b) => b[1].all - a[1].all)) {
        const name = `${site.names.get(origin) ?? 'other'} ${origin.replace(/^https?:\/\/localhost/, '')}`;
        console.log(
          `  ${(first ? label : '').padEnd(9)}${name.padEnd(24)}${kib(s.js).padStart(13)}${kib(s.all).padStart(13)}${String(s.count).padStart(10)}`,
        );
        first = false;
      }
      const t = totalOf(by);
      console.log(
        `  ${''.padEnd(9)}${'= total'.padEnd(24)}${kib(t.js).padStart(13)}${kib(t.all).padStart(13)}${String(t.count).padStart(10)}`,
      );
      console.log(
        `  ${''.padEnd(9)}page: "${load.heading}"${load.finalPath !== route.path ? ` (ended on ${load.finalPath}, not ${route.path})` : ''}`,
      );
      if (LIST_FILES)
        for (const r of scripts(load.requests).sort((a, b) => b.bytes - a.bytes))
          console.log(
            `  ${''.padEnd(9)}  ${kib(r.bytes).padStart(11)}  ${site.names.get(r.origin) ?? 'other'} ${new URL(r.url).pathname}`,
          );
      return t;
    };
    const tm = printBuild('MF', mf);
    const to = printBuild('monolith', mono);
    const rJs = ratio(tm.js, to.js);
    console.log(
      `  ${'ratio'.padEnd(9)}${'MF / monolith'.padEnd(24)}${fmtRatio(rJs).padStart(13)}${fmtRatio(ratio(tm.all, to.all)).padStart(13)}`,
    );
    console.log(`  JS content-encoding: MF ${encodings(mf.requests)}`);
    console.log(`                       monolith ${encodings(mono.requests)}`);
    if (Math.abs(compressedShare(mf.requests) - compressedShare(mono.requests)) > 0.2)
      console.log(
        '  WARNING: one build came compressed and the other not; this ratio compares unlike things',
      );
    const blocked = [...mf.requests, ...mono.requests].filter(isExternalBlocked);
    if (blocked.length) {
      const hosts = new Map<string, number>();
      for (const b of blocked) hosts.set(new URL(b.url).host, (hosts.get(new URL(b.url).host) ?? 0) + 1);
      console.log(
        `  not counted: ${blocked.length} requests to other hosts, not resolved offline (${[...hosts].map(([h, n]) => `${h} x${n}`).join(', ')})`,
      );
    }
    const ok = Number.isFinite(rJs) && rJs <= route.limit;
    console.log(
      `  target: transferred JS MF <= ${route.limit.toFixed(2)}x monolith -> ${met(ok)} (${fmtRatio(rJs)})`,
    );
    results.push({ id: route.id, value: `${fmtRatio(rJs)}x (${kib(tm.js)} / ${kib(to.js)})`, met: ok });
    if (route.path === '/') {
      homeAll = tm.all;
      homeJs = tm.js;
    }
  }
  const okHome = homeAll > 0 && homeAll <= HOME_BYTES_TARGET;
  console.log(
    `\n  / transferred, all resources (MF): ${kib(homeAll)} (JS ${kib(homeJs)}); target <= ${kib(HOME_BYTES_TARGET)} ` +
      `(a third of today's raw ${kib(TODAY_RAW_HOME)}) -> ${met(okHome)}`,
  );
  results.push({
    id: 'bytes-home',
    value: `${kib(homeAll)} (${((100 * homeAll) / TODAY_RAW_HOME).toFixed(0)}% of 1,469.5 KiB)`,
    met: okHome,
  });
  return results;
}
