import type { TargetResult } from '../../bench/targets';
import { narrationCoverage } from '../src/testing/narration-coverage';

/**
 * `pnpm bench narration`: for the 200 most popular seed sights, the English guide the local writer makes on a
 * fresh install; how many first stations have at least 45 seconds of narration drawn from licensed sources, and
 * how many sentences in all 200 guides lack a source.
 */
export async function run(): Promise<TargetResult[]> {
  const c = await narrationCoverage(200, 45);
  console.log(`narration: ${c.covered} of ${c.top} first stations reach ${c.minSeconds} s from sources`);
  for (const s of c.short.slice(0, 10)) console.log(`  short: ${s.id} ${s.name} (${s.seconds} s)`);
  return [
    {
      id: 'narration-top200',
      value: `${c.covered} / ${c.top} first stations >= ${c.minSeconds} s; ${c.unsourced.length} sentences without a source`,
      met: c.covered === c.top && c.unsourced.length === 0,
    },
  ];
}
