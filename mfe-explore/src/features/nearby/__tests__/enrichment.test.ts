import { enrichMissing, itemsToEnrich } from '../utils/enrichment';
import { toPlace, type Place } from '../utils/places-logic';

const mk = (i: number, city: string | null = null) =>
  toPlace({
    id: `s${i}`,
    name: `S${i}`,
    latitude: 1,
    longitude: 1,
    city,
    country: 'X',
    country_code: 'XX',
  }) as Place;

describe('enrichment', () => {
  it('picks at most 40 items missing fields', () => {
    const items = [...Array.from({ length: 50 }, (_, i) => mk(i)), mk(99, 'Paris')];
    const todo = itemsToEnrich(items);
    expect(todo).toHaveLength(40);
    expect(todo.some((t) => t.sight_id === 's99')).toBe(false);
  });

  it('never has more than 6 requests in flight, falls back to single calls, swallows failures', async () => {
    let inFlight = 0;
    let peak = 0;
    const track = async <T>(fn: () => T): Promise<T> => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 2));
      inFlight--;
      return fn();
    };
    const items = itemsToEnrich(Array.from({ length: 40 }, (_, i) => mk(i)));
    const got: string[] = [];
    let batchCalls = 0;
    await enrichMissing(
      items,
      {
        batch: (chunk) =>
          track(() => {
            batchCalls++;
            if (batchCalls % 2 === 0) throw new Error('batch down');
            return chunk.map((c) => ({ sight_id: c.sight_id, ok: true, city: 'C' }));
          }),
        single: (it) =>
          track(() => {
            if (it.sight_id === 's39') throw new Error('nope');
            return { sight_id: it.sight_id, ok: true, city: 'C' };
          }),
      },
      (r) => got.push(r.sight_id),
    );
    expect(peak).toBeLessThanOrEqual(6);
    expect(peak).toBeGreaterThan(1);
    expect(got).toHaveLength(39);
    expect(got).not.toContain('s39');
  });
});
