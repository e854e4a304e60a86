import { describe, expect, it } from '@jest/globals';
import { narrationCoverage } from '../testing/narration-coverage';

/**
 * The guides the local writer makes for the 200 most popular seed sights, from the shipped data as a fresh
 * install has it: not one sentence without its source. (How many first stations reach 45 seconds of sourced
 * narration is a content target printed by `pnpm bench narration`.)
 */
describe('narration from licensed sources for the most popular sights', () => {
  it('names a source for every sentence of the 200 most popular sights’ English guides', async () => {
    const c = await narrationCoverage(200, 45);
    expect(c.top).toBe(200);
    expect(c.unsourced).toEqual([]);
  }, 60_000);
});
