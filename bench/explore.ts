import { chromium, type Page } from 'playwright-core';
import { Stack } from '../e2e/src/stack';
import { CHROMIUM_FLAGS } from '../e2e/playwright.config';
import { benchClustering, spiralSights } from './clustering';
import type { TargetResult } from './targets';

/**
 * Explore timings in Chromium against the production build:
 *  1. navigation to /explore (shell already loaded, client-side route change) until markers are on the map;
 *  2. render and cluster 10,000 sights: from the nearby response arriving to every sight clustered and the view's
 *     clusters and markers in the map (state update, React render of the page and list, clustering, marker build),
 *     read from the page's performance measures.
 * First, in Node, the map's cluster index against supercluster on the same 10,000 sights (bench/clustering.ts).
 */
const PARIS = { lat: 48.8584, lon: 2.2945 };
const TARGET_10K_MS = 200;

async function signInSession(shellUrl: string, apiUrl: string): Promise<{ key: string; value: string }> {
  const cfg = await (await fetch(`${shellUrl}/runtime-config.js`)).text();
  const anon = /"supabaseAnonKey"\s*:\s*"([^"]*)"/.exec(cfg)?.[1] ?? '';
  const res = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', apikey: anon, Authorization: `Bearer ${anon}` },
    body: JSON.stringify({ email: 'traveller@wayfarer.local', password: 'wayfarer-traveller' }),
  });
  if (!res.ok) throw new Error(`bench sign-in failed: ${res.status} ${await res.text()}`);
  const s = (await res.json()) as Record<string, unknown>;
  const expiresIn = Number(s.expires_in ?? 3600);
  const session = { ...s, expires_at: s.expires_at ?? Math.floor(Date.now() / 1000) + expiresIn };
  return { key: `sb-${new URL(apiUrl).hostname.split('.')[0]}-auth-token`, value: JSON.stringify(session) };
}

/** The nearby answer of n synthetic sights around the point: the same sights the clustering comparison uses. */
function syntheticSights(n: number) {
  return { items: spiralSights(n) };
}

async function clientNavigate(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

const markersShown = (min: number) =>
  `(() => { const c = document.querySelector('[data-testid="explore-map"] .leaflet-container');
    return !!c && Number(c.getAttribute('data-marker-count') || 0) >= ${min}
      && !!document.querySelector('.explore-pin, .marker-cluster'); })()`;

export async function run(): Promise<TargetResult[]> {
  console.log('\n## Explore (Chromium, production build)');
  const clustering = benchClustering();
  console.log('');
  const stack = new Stack(Number(process.env.BENCH_EXPLORE_OFFSET ?? 80));
  await stack.start();
  const shellUrl = `http://localhost:${stack.ports.shell}`;
  const apiUrl = `http://localhost:${stack.ports.api}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  try {
    const auth = await signInSession(shellUrl, apiUrl);
    const newPage = async () => {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await ctx.addInitScript(([k, v]) => localStorage.setItem(k, v), [auth.key, auth.value] as const);
      // Tiles are unreachable here; fail them fast so they do not hold connections.
      await ctx.route(/tile\.openstreetmap\.org/, (r) => r.abort());
      return ctx.newPage();
    };

    // 1. Navigation to markers (real seeded sights), first visit of the remote in each round.
    const nav: number[] = [];
    for (let i = 0; i < 5; i++) {
      const page = await newPage();
      await page.goto(`${shellUrl}/`, { waitUntil: 'networkidle' });
      const t0 = Date.now();
      await clientNavigate(page, `/explore?lat=${PARIS.lat}&lon=${PARIS.lon}&km=5`);
      await page.waitForFunction(markersShown(1), undefined, { timeout: 30_000 });
      nav.push(Date.now() - t0);
      await page.context().close();
    }
    console.log(
      `  navigation to /explore until markers      median ${String(median(nav)).padStart(5)} ms   (runs: ${nav.join(', ')})`,
    );

    // 2. 10,000 sights from the nearby call: render and cluster.
    const body = JSON.stringify(syntheticSights(10_000));
    const render: number[] = [];
    const cluster: number[] = [];
    for (let i = 0; i < 5; i++) {
      const page = await newPage();
      await page.route('**/sights/nearby**', (r) =>
        r.fulfill({ status: 200, contentType: 'application/json', body }),
      );
      await page.route('**/sights/ingest', (r) => r.fulfill({ status: 503, body: '{}' }));
      await page.route('**/sights/enrich**', (r) => r.fulfill({ status: 503, body: '{}' }));
      await page.goto(`${shellUrl}/`, { waitUntil: 'networkidle' });
      await clientNavigate(page, `/explore?lat=${PARIS.lat}&lon=${PARIS.lon}&km=5`);
      await page.waitForFunction(markersShown(10_000), undefined, { timeout: 60_000 });
      // A string, not a function: tsx's name helpers do not exist in the page.
      const m = (await page.evaluate(`({
        render: performance.getEntriesByName('explore:render-cluster').at(-1)?.duration ?? NaN,
        cluster: performance.getEntriesByName('explore:cluster').at(-1)?.duration ?? NaN,
      })`)) as { render: number; cluster: number };
      render.push(Math.round(m.render));
      cluster.push(Math.round(m.cluster));
      await page.context().close();
    }
    const r = median(render);
    console.log(
      `  render + cluster 10,000 sights            median ${String(r).padStart(5)} ms   (runs: ${render.join(', ')}; target <= ${TARGET_10K_MS} ms: ${r <= TARGET_10K_MS ? 'met' : 'NOT met'})`,
    );
    console.log(
      `    of which clustering + marker build      median ${String(median(cluster)).padStart(5)} ms`,
    );
  } finally {
    await browser.close();
    await stack.stop();
  }
  return [
    {
      id: 'explore-cluster',
      value: `${clustering.scenarios.map((r) => r.ratio.toFixed(2)).join(' / ')}x (first view / every zoom / pans)`,
      met: clustering.met,
    },
  ];
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  run().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
