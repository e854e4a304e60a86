/**
 * The benchmark targets (a lean first load, the response schema's cost, guides made in the background), each with
 * the part of `pnpm bench` that measures it. A part returns `TargetResult[]` for the ids it measured; `pnpm bench`
 * prints them all in one table at the end. Numbers only: a target not met is printed as such, it never fails the
 * run.
 *
 * The explore and API parts (bench/explore.ts, api/bench/nearby.ts) are run through their `run()`: when it returns
 * a `TargetResult[]` with the ids below, the table shows them; otherwise the row says the part does not report it.
 */
export interface TargetResult {
  id: TargetId;
  /** The measured number as printed (with its unit and, for ratios, the two sides). */
  value: string;
  met: boolean;
}

export const TARGETS = [
  { id: 'js-home', part: 'bundle', target: 'transferred JS, first load of /: MF <= 1.10x monolith' },
  { id: 'js-explore', part: 'bundle', target: 'transferred JS, /explore: MF <= 1.25x monolith' },
  { id: 'js-explore-id', part: 'bundle', target: 'transferred JS, /explore/:id: MF <= 1.25x monolith' },
  { id: 'js-admin', part: 'bundle', target: 'transferred JS, /admin: MF <= 1.25x monolith' },
  {
    id: 'bytes-home',
    part: 'bundle',
    target: 'transferred bytes of / (all) <= 1/3 of 1,469.5 KiB = 489.8 KiB',
  },
  { id: 'lcp-home', part: 'bundle', target: 'LCP of / under mobile emulation: MF <= 1.10x monolith' },
  {
    id: 'lcp-explore',
    part: 'bundle',
    target: 'LCP of /explore under mobile emulation: MF <= 1.10x monolith',
  },
  { id: 'routes-first-login', part: 'routes', target: 'route switch / -> /login, first visit <= 150 ms' },
  {
    id: 'routes-first-pricing',
    part: 'routes',
    target: 'route switch /login -> /pricing, first visit <= 150 ms',
  },
  { id: 'routes-repeat-login', part: 'routes', target: 'route switch / -> /login, repeat <= 50 ms' },
  { id: 'routes-repeat-pricing', part: 'routes', target: 'route switch /login -> /pricing, repeat <= 50 ms' },
  { id: 'lighthouse-home', part: 'lighthouse', target: 'Lighthouse performance, / (median of 3) >= 90' },
  {
    id: 'lighthouse-pricing',
    part: 'lighthouse',
    target: 'Lighthouse performance, /pricing (median of 3) >= 90',
  },
  {
    id: 'lighthouse-explore',
    part: 'lighthouse',
    target: 'Lighthouse performance, signed-in /explore (median of 3) >= 90',
  },
  {
    id: 'api-nearby-p99',
    part: 'api',
    target: 'nearby p99 at 50 connections <= 1.5x a static answer of the same size',
  },
  // Every route declares its contract: what the response schema costs nearby.
  {
    id: 'api-nearby-schema',
    part: 'api',
    target: 'nearby with its response schema declared <= 1.10x nearby without (req/s, 50 connections)',
  },
  { id: 'explore-cluster', part: 'explore', target: 'clustering 10,000 sights <= 1.0x supercluster' },
  // Guides made in the background must not slow travellers' requests.
  {
    id: 'guide-first-sound',
    part: 'guides',
    target: 'station 1 of a 5-station guide playable <= 25% of the whole guide time',
  },
  {
    id: 'guide-load-nearby',
    part: 'guides',
    target: 'nearby p99 while 10 guides are made <= 2x without',
  },
  {
    id: 'api-search-p99',
    part: 'search',
    target: 'GET /search p99 at 50 connections over seed + 100k sights <= 2x nearby p99, same run',
  },
  {
    id: 'search-box-keystroke',
    part: 'searchbox',
    target: 'explore search box: last keystroke to results drawn, median <= 150 ms (Chromium)',
  },
  {
    id: 'narration-top200',
    part: 'narration',
    target:
      "200 most popular sights: English guide's first station >= 45 s from sources, no unsourced sentence",
  },
] as const;

export type TargetId = (typeof TARGETS)[number]['id'];

/** Prints every target: its number and met / NOT met, or why there is no number. */
export function printSummary(
  results: TargetResult[],
  partsRun: Set<string>,
  crashed = new Map<string, string>(),
): void {
  const byId = new Map(results.map((r) => [r.id, r]));
  const rows = TARGETS.map((t) => {
    const r = byId.get(t.id);
    const value = r
      ? r.value
      : crashed.has(t.part)
        ? `(the ${t.part} part crashed)`
        : partsRun.has(t.part)
          ? `(not reported by the ${t.part} part)`
          : `(not run: pnpm bench ${t.part})`;
    return { target: t.target, value, status: r ? (r.met ? 'met' : 'NOT met') : '-' };
  });
  const w1 = Math.max(...rows.map((r) => r.target.length));
  const w2 = Math.max(...rows.map((r) => r.value.length));
  console.log('\n## Summary: first-load, response-schema and background-guide targets\n');
  console.log(`  ${'target'.padEnd(w1)}  ${'number'.padEnd(w2)}  status`);
  console.log(`  ${'-'.repeat(w1)}  ${'-'.repeat(w2)}  -------`);
  for (const r of rows) console.log(`  ${r.target.padEnd(w1)}  ${r.value.padEnd(w2)}  ${r.status}`);
  const measured = rows.filter((r) => r.status !== '-');
  console.log(
    `\n  ${measured.filter((r) => r.status === 'met').length} of ${measured.length} measured targets met (${rows.length} targets in all)`,
  );
}
