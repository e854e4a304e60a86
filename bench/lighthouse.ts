import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type http from 'node:http';
import lighthouse from 'lighthouse';
import { createStaticServer } from '@wayfarer/mf-config';
import { screenEmulationMetrics, throttling } from 'lighthouse/core/config/constants.js';
import { chromium } from 'playwright-core';
import {
  BENCH_CHROMIUM_ARGS,
  CHROMIUM_PATH,
  benchOffset,
  browserSession,
  closeServer,
  fmtRatio,
  monolithPort,
  ratio,
  kib,
  machine,
  median,
  met,
  ms,
  startBenchStack,
  travellerSession,
  type BrowserSession,
} from './lib';
import { MONOLITH_DIR, buildMonolith } from './monolith/build';
import type { TargetResult, TargetId } from './targets';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** A folder to keep each run's full Lighthouse report (JSON) in, for reading the diagnostics behind a score. */
const SAVE_DIR = process.env.BENCH_LIGHTHOUSE_SAVE;
/** Only the pages whose path is listed (comma-separated), e.g. `/,/pricing`. */
const ONLY = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
const SCORE_TARGET = 90;

interface LhRun {
  score: number;
  lcp: number;
  tbt: number;
  fcp: number;
  bytes: number;
  finalPath: string;
  /** Hosts of requests that left localhost: none resolve (the offline rule), so they fail at once. */
  external: string[];
  warnings: string[];
  /** Lighthouse's own CPU benchmark of the machine at that moment (higher is faster; it scales TBT's tasks). */
  benchmarkIndex: number;
  /** Lighthouse's runtime error (a protocol time-out on a busy machine, say): the run has no numbers. */
  error?: string;
}

const FAILED: LhRun = {
  score: NaN,
  lcp: NaN,
  tbt: NaN,
  fcp: NaN,
  bytes: NaN,
  benchmarkIndex: NaN,
  finalPath: '',
  external: [],
  warnings: [],
};

/** Debian's Chromium with the browser tests' flags (plus the offline rule), a fresh profile, a free debugging port. */
async function launchChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'wf-lighthouse-'));
  // Its own process group, so that stopping it ends its renderers, zygote and services too (they write to the
  // profile until they exit).
  const child = spawn(
    CHROMIUM_PATH,
    [...BENCH_CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore', detached: true },
  );
  const group = child.pid!;
  const alive = () => {
    try {
      process.kill(-group, 0);
      return true;
    } catch {
      return false;
    }
  };
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-group, sig);
    } catch {
      /* already gone */
    }
  };
  const stop = async () => {
    signal('SIGTERM');
    for (let i = 0; i < 100 && alive(); i++) await new Promise((r) => setTimeout(r, 50));
    if (alive()) signal('SIGKILL');
    for (let i = 0; i < 40 && alive(); i++) await new Promise((r) => setTimeout(r, 50));
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch (err) {
      console.log(`          (could not remove the profile ${profile}: ${(err as Error).message})`);
    }
  };
  // Chromium writes the port it picked into the profile (first line of DevToolsActivePort).
  const file = path.join(profile, 'DevToolsActivePort');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const port = existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : 0;
    if (port > 0) return { port, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`Chromium (${CHROMIUM_PATH}) did not open a debugging port`);
}

/**
 * Puts a signed-in session into the profile's localStorage for the shell origin before Lighthouse runs: over CDP
 * (Playwright connected to the same Chromium), on the origin's /healthz (a tiny JSON answer, so no file of the app
 * is loaded or cached), then the HTTP cache is cleared. Lighthouse then runs with `disableStorageReset: true`,
 * since its own reset would wipe that localStorage; the fresh profile per run keeps the load cold all the same.
 */
async function seedSession(port: number, shell: string, session: BrowserSession): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.goto(`${shell}/healthz`);
    await page.evaluate((items) => {
      for (const { name, value } of items) localStorage.setItem(name, value);
    }, session.items);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    // Disconnects Playwright; the Chromium it did not launch keeps running.
    await browser.close();
  }
}

async function runOnce(url: string, session: BrowserSession | undefined, saveAs?: string): Promise<LhRun> {
  const chrome = await launchChromium();
  try {
    if (session) await seedSession(chrome.port, session.origin, session);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      onlyCategories: ['performance'],
      logLevel: process.env.BENCH_LIGHTHOUSE_LOG === 'info' ? 'info' : 'error',
      disableStorageReset: Boolean(session),
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const { lhr } = result;
    if (saveAs) {
      writeFileSync(saveAs, JSON.stringify(lhr));
      // The page's trace and DevTools log beside it: the main thread's tasks Lantern scaled into TBT, and what
      // Lantern's simulation is made from (its graph of requests and tasks), for reading which ones set a metric.
      const { Trace: trace, DevtoolsLog: log } = result.artifacts as {
        Trace?: unknown;
        DevtoolsLog?: unknown;
      };
      if (trace) writeFileSync(saveAs.replace(/\.json$/, '.trace.json'), JSON.stringify(trace));
      if (log) writeFileSync(saveAs.replace(/\.json$/, '.devtoolslog.json'), JSON.stringify(log));
    }
    if (lhr.runtimeError)
      return { ...FAILED, error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
    const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const items =
      (lhr.audits['network-requests']?.details as { items?: { url?: string }[] } | undefined)?.items ?? [];
    return {
      score: (lhr.categories.performance?.score ?? NaN) * 100,
      lcp: num('largest-contentful-paint'),
      tbt: num('total-blocking-time'),
      fcp: num('first-contentful-paint'),
      bytes: num('total-byte-weight'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      finalPath: new URL(lhr.finalDisplayedUrl).pathname,
      external: items
        .map((i) => i.url ?? '')
        .filter((u) => /^https?:/.test(u) && !/^https?:\/\/(localhost|127\.0\.0\.1)[:/]/.test(u))
        .map((u) => new URL(u).host),
      warnings: lhr.runWarnings,
    };
  } finally {
    await chrome.stop();
  }
}

/**
 * `pnpm bench lighthouse`: Lighthouse 12 (npm `lighthouse`, run programmatically) with its default mobile profile
 * (simulated Slow 4G, 4x CPU, Moto G Power screen), performance category only, against Debian's Chromium, on the
 * production Module Federation stack: `/`, `/pricing` and a signed-in `/explore`, 3 runs each in a fresh Chromium
 * (fresh profile), median score. Nothing leaves the machine: Chromium resolves no host but localhost, the map tiles
 * come from a local stand-in, and Lighthouse's error reporting is off (its default).
 */
export async function benchLighthouse(): Promise<TargetResult[]> {
  console.log(
    `\n## Lighthouse ${lighthouseVersion()} (default mobile profile, performance only, median of ${RUNS})\n`,
  );
  console.log(`  machine: ${machine()}; browser ${CHROMIUM_PATH}`);
  const t = throttling.mobileSlow4G;
  console.log(
    `  Lighthouse's simulated throttling (Lantern): RTT ${t.rttMs} ms, ${t.throughputKbps} Kbps, CPU ${t.cpuSlowdownMultiplier}x; ` +
      `screen ${screenEmulationMetrics.mobile.width}x${screenEmulationMetrics.mobile.height}`,
  );
  await buildMonolith();
  const { stack, stop } = await startBenchStack(benchOffset('lighthouse'));
  let monoServer: http.Server | null = null;
  try {
    const monoUrl = `http://localhost:${monolithPort(stack)}`;
    monoServer = createStaticServer({
      root: MONOLITH_DIR,
      spaFallback: true,
      remotes: false,
      env: stack.env,
    });
    await new Promise<void>((resolve, reject) => {
      monoServer!.once('error', reject);
      monoServer!.listen(monolithPort(stack), () => resolve());
    });
    // The peer in the same run: the same pages built as one monolith (bench/monolith), served the same way.
    const mono = {
      url: monoUrl,
      session: (s: BrowserSession): BrowserSession => ({ ...s, origin: monoUrl }),
    };
    const shell = `http://localhost:${stack.ports.shell}`;
    const traveller = browserSession(stack, shell, await travellerSession(stack));
    const pages: { id: TargetId; path: string; session?: BrowserSession }[] = [
      { id: 'lighthouse-home', path: '/' },
      { id: 'lighthouse-pricing', path: '/pricing' },
      { id: 'lighthouse-explore', path: '/explore', session: traveller },
    ];
    console.log(
      "  signed-in /explore: a verified traveller's session is written into the shell origin's localStorage through CDP on\n" +
        '  /healthz (no app file cached), the HTTP cache cleared, then Lighthouse runs with disableStorageReset: true (its storage\n' +
        '  reset would sign the page out); every run has a fresh Chromium profile, so each load is cold.',
    );
    const results: TargetResult[] = [];
    if (SAVE_DIR) mkdirSync(SAVE_DIR, { recursive: true });
    for (const p of pages) {
      if (ONLY && !ONLY.includes(p.path)) continue;
      console.log(`\n### ${p.path}${p.session ? '  (signed in)' : ''}\n`);
      const runs: LhRun[] = [];
      const monoRuns: LhRun[] = [];
      const name = p.path.replace(/^\//, '').replace(/\W+/g, '_') || 'root';
      // Interleaved, one Module Federation run then one monolith run: a busy moment of the machine hits both.
      for (let i = 0; i < RUNS; i++) {
        for (const [build, origin, out] of [
          ['MF', shell, runs],
          ['monolith', mono.url, monoRuns],
        ] as const) {
          const session = p.session && (build === 'MF' ? p.session : mono.session(p.session));
          const saveAs = SAVE_DIR ? path.join(SAVE_DIR, `${name}-${build}-${i + 1}.json`) : undefined;
          const r = await runOnce(origin + p.path, session, saveAs);
          const label = `${build.padEnd(8)} run ${i + 1}`;
          if (r.error) {
            console.log(`  ${label}   no result (${r.error.replace(/\s+/g, ' ').slice(0, 160)})`);
            continue;
          }
          out.push(r);
          console.log(`  ${label}   ${line(r)}`);
          if (r.finalPath !== p.path) console.log(`          (the page ended on ${r.finalPath})`);
          if (r.external.length)
            console.log(
              `          (${r.external.length} requests to other hosts, not resolved offline: ${[...new Set(r.external)].join(', ')})`,
            );
          for (const w of r.warnings)
            console.log(`          warning: ${w.replace(/\s+/g, ' ').slice(0, 160)}`);
        }
      }
      const m = medianRun(runs, p.path);
      const mm = medianRun(monoRuns, p.path);
      console.log(
        `  MF       median  ${line(m)}${runs.length < RUNS ? `   (of ${runs.length} runs with a result)` : ''}`,
      );
      console.log(
        `  monolith median  ${line(mm)}${monoRuns.length < RUNS ? `   (of ${monoRuns.length} runs with a result)` : ''}`,
      );
      console.log(
        `  MF / monolith: score ${Math.round(m.score)} vs ${Math.round(mm.score)}, LCP ${fmtRatio(ratio(m.lcp, mm.lcp))}x, TBT ${fmtRatio(ratio(m.tbt, mm.tbt))}x`,
      );
      const ok = Number.isFinite(m.score) && m.score >= SCORE_TARGET;
      console.log(`  target: performance score >= ${SCORE_TARGET} -> ${met(ok)} (${Math.round(m.score)})`);
      results.push({
        id: p.id,
        value: `${Math.round(m.score)} (LCP ${ms(m.lcp)}, TBT ${ms(m.tbt)}; monolith ${Math.round(mm.score)})`,
        met: ok,
      });
    }
    return results;
  } finally {
    await closeServer(monoServer);
    await stop();
  }
}

const medianRun = (runs: LhRun[], finalPath: string): LhRun => ({
  score: median(runs.map((r) => r.score)),
  lcp: median(runs.map((r) => r.lcp)),
  tbt: median(runs.map((r) => r.tbt)),
  fcp: median(runs.map((r) => r.fcp)),
  bytes: median(runs.map((r) => r.bytes)),
  benchmarkIndex: median(runs.map((r) => r.benchmarkIndex)),
  finalPath,
  external: [],
  warnings: [],
});

const line = (r: LhRun) =>
  `score ${String(Math.round(r.score)).padStart(3)}   LCP ${ms(r.lcp).padStart(9)}   TBT ${ms(r.tbt).padStart(8)}   FCP ${ms(r.fcp).padStart(9)}   ` +
  `transferred ${kib(r.bytes).padStart(11)}   BenchmarkIndex ${Math.round(r.benchmarkIndex)}`;

function lighthouseVersion(): string {
  const file = createRequire(import.meta.url).resolve('lighthouse/package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}
