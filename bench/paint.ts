import { screenEmulationMetrics, throttling, userAgents } from 'lighthouse/core/config/constants.js';
import type { Browser } from 'playwright-core';
import {
  fmtRatio,
  heading,
  kib,
  machine,
  settle,
  median,
  met,
  ms,
  ratio,
  withSession,
  type BrowserSession,
} from './lib';
import { NetworkLog } from './network-log';
import type { BenchSite } from './bundle';
import type { TargetResult } from './targets';

/**
 * Mobile emulation as Lighthouse's default mobile profile describes it, applied to the page the way DevTools
 * throttling does (Network.emulateNetworkConditions + Emulation.setCPUThrottlingRate), with Lighthouse's own
 * constants: Slow 4G is 150 ms RTT and 1.6 Mbps down / 750 Kbps up; DevTools throttling applies per request, so
 * Lighthouse turns it into 150 x 3.75 = 562.5 ms request latency and 90 % of the throughput.
 */
const SLOW_4G = throttling.mobileSlow4G;
export const NETWORK = {
  offline: false,
  latency: SLOW_4G.requestLatencyMs,
  downloadThroughput: Math.floor((SLOW_4G.downloadThroughputKbps * 1024) / 8),
  uploadThroughput: Math.floor((SLOW_4G.uploadThroughputKbps * 1024) / 8),
};
export const CPU_SLOWDOWN = SLOW_4G.cpuSlowdownMultiplier;
const SCREEN = screenEmulationMetrics.mobile;
const RUNS = Number(process.env.BENCH_PAINT_RUNS ?? 5);
const LCP_LIMIT = 1.1;

interface PaintRun {
  fcp: number;
  lcp: number;
  lcpElement: string;
  finalPath: string;
  heading: string;
  /** Bytes transferred and seconds from the first request to the last byte, for the throttling check. */
  bytes: number;
  seconds: number;
  cpuSlowdown?: number;
}

/**
 * `pnpm bench bundle`, second half: first contentful paint and largest contentful paint of `/` and `/explore` under
 * mobile emulation, Module Federation and monolith alternately, each run in a fresh context (nothing cached), median
 * of 5. The paint entries are read in the page after it settled: `performance.getEntriesByName('first-contentful-
 * paint')` and the last `largest-contentful-paint` entry of a buffered PerformanceObserver.
 */
export async function benchPaints(site: BenchSite): Promise<TargetResult[]> {
  console.log(
    `\n## First and largest contentful paint under mobile emulation (median of ${RUNS}, fresh context each)\n`,
  );
  console.log(`  machine: ${machine()}`);
  console.log(
    `  network: Slow 4G as Lighthouse's DevTools throttling sets it: latency ${NETWORK.latency} ms a request (RTT ${SLOW_4G.rttMs} ms x 3.75), ` +
      `download ${NETWORK.downloadThroughput.toLocaleString('en')} B/s (${SLOW_4G.downloadThroughputKbps.toFixed(2)} Kbps = 1.6 Mbps x 0.9), ` +
      `upload ${NETWORK.uploadThroughput.toLocaleString('en')} B/s (${SLOW_4G.uploadThroughputKbps} Kbps = 750 Kbps x 0.9)`,
  );
  console.log(
    `  CPU: Emulation.setCPUThrottlingRate ${CPU_SLOWDOWN}; screen ${SCREEN.width}x${SCREEN.height} at ${SCREEN.deviceScaleFactor}x, mobile, touch, ` +
      `Lighthouse's mobile user agent`,
  );
  const routes = [
    { id: 'lcp-home' as const, path: '/', session: undefined },
    { id: 'lcp-explore' as const, path: '/explore', session: site.traveller },
  ];
  const runs = new Map<string, PaintRun[]>();
  for (let i = 0; i < RUNS; i++)
    for (const route of routes)
      for (const build of ['MF', 'monolith'] as const) {
        const base = build === 'MF' ? site.mf : site.mono;
        const session = route.session?.[build === 'MF' ? 'mf' : 'mono'];
        const key = `${route.path} ${build}`;
        const list = runs.get(key) ?? [];
        list.push(await paintRun(site.browser, base + route.path, session, i === 0));
        runs.set(key, list);
      }

  const results: TargetResult[] = [];
  for (const route of routes) {
    console.log(`\n### ${route.path}${route.session ? '  (signed in as a verified traveller)' : ''}\n`);
    const med: Record<string, { fcp: number; lcp: number }> = {};
    for (const build of ['MF', 'monolith'] as const) {
      const list = runs.get(`${route.path} ${build}`)!;
      med[build] = { fcp: median(list.map((r) => r.fcp)), lcp: median(list.map((r) => r.lcp)) };
      console.log(
        `  ${build.padEnd(9)} FCP median ${ms(med[build].fcp).padStart(9)}  LCP median ${ms(med[build].lcp).padStart(9)}` +
          `   (runs: FCP ${list.map((r) => Math.round(r.fcp)).join(', ')}; LCP ${list.map((r) => Math.round(r.lcp)).join(', ')} ms)`,
      );
      const first = list[0];
      console.log(
        `  ${''.padEnd(9)} run 1: page "${first.heading}", LCP element ${first.lcpElement}; ${kib(first.bytes)} in ${first.seconds.toFixed(1)} s ` +
          `(at most ${kib(NETWORK.downloadThroughput)}/s)` +
          (first.cpuSlowdown
            ? `; CPU check: a fixed loop ran ${first.cpuSlowdown.toFixed(1)}x slower throttled`
            : ''),
      );
      const odd = list.filter((r) => r.finalPath !== route.path);
      if (odd.length)
        console.log(`  ${''.padEnd(9)} (${odd.length} runs ended on ${odd[0].finalPath}, not ${route.path})`);
    }
    const rLcp = ratio(med.MF.lcp, med.monolith.lcp);
    const ok = Number.isFinite(rLcp) && rLcp <= LCP_LIMIT;
    console.log(
      `  ratio MF / monolith: FCP ${fmtRatio(ratio(med.MF.fcp, med.monolith.fcp))}, LCP ${fmtRatio(rLcp)}`,
    );
    console.log(`  target: LCP MF <= ${LCP_LIMIT.toFixed(2)}x monolith -> ${met(ok)} (${fmtRatio(rLcp)})`);
    results.push({
      id: route.id,
      value: `${fmtRatio(rLcp)}x (${ms(med.MF.lcp)} / ${ms(med.monolith.lcp)})`,
      met: ok,
    });
  }
  return results;
}

async function paintRun(
  browser: Browser,
  url: string,
  session: BrowserSession | undefined,
  checkCpu: boolean,
): Promise<PaintRun> {
  const context = await browser.newContext({
    ...withSession(session),
    viewport: { width: SCREEN.width, height: SCREEN.height },
    deviceScaleFactor: SCREEN.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: userAgents.mobile,
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    const log = await NetworkLog.attach(context, page);
    await log.cdp.send('Network.emulateNetworkConditions', NETWORK);
    await log.cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'load', timeout: 180_000 });
    await settle(page, log, 2000);
    const paints = await page.evaluate(
      () =>
        new Promise<{ fcp: number; lcp: number; element: string }>((resolve) => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
          let last: (PerformanceEntry & { element?: Element | null; url?: string; size?: number }) | null =
            null;
          const po = new PerformanceObserver((list) => {
            const entries = list.getEntries();
            last = entries[entries.length - 1] ?? last;
          });
          po.observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => {
            po.disconnect();
            const e = last;
            const el = e?.element;
            const what = el
              ? `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.classList.length ? `.${[...el.classList].slice(0, 2).join('.')}` : ''}>` +
                (e?.url ? ` ${e.url.slice(0, 60)}` : ` "${(el.textContent ?? '').trim().slice(0, 40)}"`)
              : 'none';
            resolve({ fcp, lcp: e?.startTime ?? NaN, element: `${what}${e?.size ? `, ${e.size} px²` : ''}` });
          }, 250);
        }),
    );
    const done = log.list().filter((r) => r.finished && !r.failed && r.finishedAt > 0);
    const start = Math.min(...done.map((r) => r.sentAt));
    const end = Math.max(...done.map((r) => r.finishedAt));
    let cpuSlowdown: number | undefined;
    if (checkCpu) {
      const loop = () =>
        page.evaluate(() => {
          const t = performance.now();
          let x = 0;
          for (let i = 0; i < 20_000_000; i++) x = (x + i * 7) % 1_000_003;
          return performance.now() - t + (x < 0 ? 1 : 0);
        });
      const best = async () => Math.min(await loop(), await loop(), await loop());
      const slow = await best();
      await log.cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      const fast = await best();
      cpuSlowdown = slow / fast;
    }
    return {
      fcp: paints.fcp,
      lcp: paints.lcp,
      lcpElement: paints.element,
      finalPath: new URL(page.url()).pathname,
      heading: await heading(page),
      bytes: done.reduce((a, r) => a + r.bytes, 0),
      seconds: done.length ? end - start : 0,
      cpuSlowdown,
    };
  } finally {
    await context.close();
  }
}
