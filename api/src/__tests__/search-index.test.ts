import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadFold, type Fold } from '../services/search-fold';
import { requiredTrigrams, SightSearchIndex } from '../services/sight-search-index';
import { similarity, wordSimilarity } from '../services/trigram';
import { startTestServer, type TestServer } from '../testing/test-server';

// The in-process search must fold and score as the database does, or the two engines would answer differently.
let s: TestServer;
let fold: Fold;
let names: Array<{ id: string; name: string; search_name: string }>;
beforeAll(async () => {
  s = await startTestServer({ seed: true, config: { nearbyIndex: 'sql' } });
  fold = await loadFold(s.db);
  names = (
    await s.db.query<{ id: string; name: string; search_name: string }>(
      'SELECT id, name, search_name FROM public.sights ORDER BY id',
    )
  ).rows;
}, 120_000);
afterAll(async () => {
  await s?.close();
});

describe('search fold', () => {
  it('folds every seed name exactly as public.search_fold does', () => {
    expect(names.length).toBeGreaterThan(15_000);
    const differ = names.filter((n) => fold(n.name) !== n.search_name).map((n) => n.name);
    expect(differ).toEqual([]);
  });

  it('folds what travellers type: accents, ß, ø, ł, dotless i, ligatures, quotes and dashes', () => {
    expect(fold('  SAGRADA  FAMÍLIA! ')).toBe('sagrada familia');
    expect(fold('Straße Kalø Łódź Topkapı Sacré-Cœur')).toBe('strasse kalo lodz topkapi sacre coeur');
    expect(fold('“Nuku‘alofa” — palace')).toBe('nuku alofa palace');
  });
});

describe('trigram similarity', () => {
  // pg_trgm (with the C locale PGlite runs) takes only ASCII letters and digits for word characters, so the
  // comparison is over the names that fold to ASCII: nearly all of the seed.
  const ascii = () => names.filter((n) => /^[\x20-\x7e]*$/.test(n.search_name));
  const QUERIES = [
    'colloseum',
    'eiffel',
    'sagrada familia',
    'museum of art',
    'tower brige',
    'lo',
    'castle',
    'prag',
  ];

  it('gives similarity() and word_similarity() as pg_trgm does, to the last float4 bit', async () => {
    const sample = ascii().filter((_, i) => i % 25 === 0);
    expect(sample.length).toBeGreaterThan(500);
    const { rows } = await s.db.query<{ q: string; t: string; sim: number; wsim: number }>(
      `SELECT q, t, similarity(t, q)::float8 AS sim, word_similarity(q, t)::float8 AS wsim
         FROM unnest($1::text[]) AS q, unnest($2::text[]) AS t`,
      [QUERIES, sample.map((n) => n.search_name)],
    );
    const wrong = rows.filter((r) => similarity(r.t, r.q) !== r.sim || wordSimilarity(r.q, r.t) !== r.wsim);
    expect(
      wrong.map((r) => [r.q, r.t, r.sim, similarity(r.t, r.q), r.wsim, wordSimilarity(r.q, r.t)]),
    ).toEqual([]);
    // Not all zeros: the sample holds real matches.
    expect(rows.filter((r) => r.wsim >= 0.6).length).toBeGreaterThan(20);
  });

  it('asks for the trigrams a LIKE pattern needs: word edges padded only where the substring shows them', () => {
    expect(requiredTrigrams('col')).toEqual(['col']);
    expect(requiredTrigrams('col', true)).toEqual(['  c', ' co', 'col']);
    expect(requiredTrigrams('ada f')).toEqual(['ada', 'da ', '  f']);
  });
});

describe('SightSearchIndex', () => {
  it('follows writes: a re-read sight is found by its new name, a hidden one not at all, and compaction keeps the rest', async () => {
    const index = new SightSearchIndex();
    await index.load(s.db, null);
    const ids = (q: string) => index.search({ q, limit: 5 }).map((h) => h.id);
    expect(ids('colloseum')[0]).toBe('wd-Q10285');
    const before = index.size;

    await s.db.query(`UPDATE public.sights SET name = 'Amphitheatrum Flavium' WHERE id = 'wd-Q10285'`);
    await index.load(s.db, ['wd-Q10285']);
    expect(ids('amphitheatrum flavium')[0]).toBe('wd-Q10285');
    expect(ids('colosseum')).not.toContain('wd-Q10285');

    await s.db.query(`UPDATE public.sights SET hidden = true WHERE id = 'wd-Q243'`);
    await index.load(s.db, ['wd-Q243']);
    expect(ids('eiffel tower')).not.toContain('wd-Q243');
    expect(index.size).toBe(before - 1);

    // Many re-reads leave dead records behind; once they are a quarter of all, the index files the live ones again.
    const some = names.slice(0, 6000).map((n) => n.id);
    await index.load(s.db, some);
    await index.load(s.db, some);
    expect(index.size).toBe(before - 1);
    expect(ids('sagrada familia')[0]).toBe('wd-Q48435');
    expect(ids('amphitheatrum flavium')[0]).toBe('wd-Q10285');
  });
});
