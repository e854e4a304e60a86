import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { GenerateGuideResponse, SightDetailResponse } from '@wayfarer/contracts';
import { defaultWikidataUrl, loadConfig } from '../config/env';
import {
  CC0,
  CC_BY_SA_4,
  fetchFacts,
  formatWikidataTime,
  refreshFacts,
  type FactsSource,
} from '../services/sight-facts';
import { createWikiClient, retryAfterMs, type WikiClientOptions } from '../services/wiki-client';
import { startTestServer, type TestServer } from '../testing/test-server';
import { startWikiStandIn } from '../testing/wiki-server';
import { actors, call, generateGuide, type Actor } from './product-helpers';

/**
 * Facts for sights from Wikipedia (REST page/summary) and Wikidata (wbgetentities), against a
 * local stand-in that answers in their formats (src/testing/wiki-server.ts), never the internet.
 */

let wiki: Awaited<ReturnType<typeof startWikiStandIn>>;
beforeAll(async () => {
  wiki = await startWikiStandIn();
});
afterAll(async () => {
  await wiki?.close();
});
beforeEach(() => wiki.reset());

function source(client: Partial<WikiClientOptions> = {}): FactsSource {
  return {
    wikipediaUrl: wiki.wikipediaUrl,
    wikidataUrl: wiki.wikidataUrl,
    refreshDays: 30,
    client: createWikiClient({
      userAgent: 'Wayfarer-test/0.1',
      timeoutMs: 5000,
      requestsPerSecond: 50,
      concurrency: 4,
      baseDelayMs: 50,
      ...client,
    }),
  };
}

describe('facts formatting and configuration', () => {
  it('writes Wikidata times at their precision', () => {
    expect(formatWikidataTime({ time: '+1889-03-31T00:00:00Z', precision: 11 })).toBe('31 March 1889');
    expect(formatWikidataTime({ time: '+1889-03-00T00:00:00Z', precision: 10 })).toBe('March 1889');
    expect(formatWikidataTime({ time: '+0080-00-00T00:00:00Z', precision: 9 })).toBe('80');
    expect(formatWikidataTime({ time: '-0044-00-00T00:00:00Z', precision: 9 })).toBe('44 BC');
    expect(formatWikidataTime({ time: '+1880-00-00T00:00:00Z', precision: 8 })).toBe('1880s');
    expect(formatWikidataTime({ time: '+1850-00-00T00:00:00Z', precision: 7 })).toBe('19th century');
    expect(formatWikidataTime({ time: '+1201-00-00T00:00:00Z', precision: 7 })).toBe('13th century');
    expect(formatWikidataTime({ time: '+2000-00-00T00:00:00Z', precision: 6 })).toBeNull();
    expect(formatWikidataTime({ time: 'garbage', precision: 11 })).toBeNull();
  });

  it('is off by default; WIKI_API_URL alone gives Wikidata at the real service or the same stand-in', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).wiki).toBeUndefined();
    expect(defaultWikidataUrl('https://{lang}.wikipedia.org/api/rest_v1')).toBe(
      'https://www.wikidata.org/w/api.php',
    );
    expect(defaultWikidataUrl('http://127.0.0.1:9/api/rest_v1')).toBe('http://127.0.0.1:9/w/api.php');
    const c = loadConfig({
      NODE_ENV: 'test',
      WIKI_API_URL: 'https://{lang}.wikipedia.org/api/rest_v1/',
    }).wiki!;
    expect(c).toMatchObject({
      wikipediaUrl: 'https://{lang}.wikipedia.org/api/rest_v1',
      wikidataUrl: 'https://www.wikidata.org/w/api.php',
      language: 'en',
    });
    expect(() => loadConfig({ NODE_ENV: 'test', WIKI_API_URL: 'x', WIKI_LANGUAGE: 'english' })).toThrow(
      /WIKI_API_URL|WIKI_LANGUAGE/,
    );
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(10_000 + 5000).toUTCString(), 10_000)).toBe(5000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});

describe('fetching facts from the stand-in', () => {
  it('fetches the summary through the sitelink and the chosen claims with labels, each with its source and licence', async () => {
    const f = await fetchFacts(source(), 'Q243', 'en');
    expect(f.status).toBe('ok');
    expect(f.summary).toEqual({
      title: 'Eiffel Tower',
      extract: expect.stringMatching(/^The Eiffel Tower is a wrought-iron lattice tower/),
      url: `${wiki.origin}/wiki/Eiffel_Tower`,
      licence: CC_BY_SA_4,
      attribution: 'From the Wikipedia article "Eiffel Tower", by its contributors, under CC BY-SA 4.0',
    });
    const page = `${wiki.origin}/wiki/Q243`;
    expect(f.claims).toEqual([
      {
        property: 'P571',
        kind: 'inception',
        label: 'Inception',
        value: '31 March 1889',
        url: `${page}#P571`,
        licence: CC0,
      },
      {
        property: 'P84',
        kind: 'architect',
        label: 'Architect',
        value: 'Stephen Sauvestre, Maurice Koechlin',
        url: `${page}#P84`,
        licence: CC0,
      },
      {
        property: 'P1435',
        kind: 'heritage',
        label: 'Heritage designation',
        value: 'monument historique classé',
        url: `${page}#P1435`,
        licence: CC0,
      },
      {
        property: 'P2048',
        kind: 'height',
        label: 'Height',
        value: '330 metres',
        url: `${page}#P2048`,
        licence: CC0,
      },
      // The preferred statement wins over the normal one; the deprecated one is never used.
      {
        property: 'P1174',
        kind: 'visitors',
        label: 'Visitors per year',
        value: '6,207,303 (2017)',
        url: `${page}#P1174`,
        licence: CC0,
      },
      {
        property: 'P856',
        kind: 'website',
        label: 'Official website',
        value: 'https://www.toureiffel.paris/',
        url: `${page}#P856`,
        licence: CC0,
      },
    ]);
    // The item (claims and the one sitelink), the labels of the items its claims name, the summary: three requests.
    expect(wiki.calls).toHaveLength(3);
    expect(wiki.calls[0]).toMatch(
      /^GET \/w\/api\.php\?action=wbgetentities&format=json&ids=Q243&props=claims%7Csitelinks&sitefilter=enwiki$/,
    );
    expect(wiki.calls[1]).toMatch(/ids=Q9000001%7CQ9000002%7CQ9000010&props=labels&languages=en$/);
    expect(wiki.calls[2]).toBe('GET /api/rest_v1/page/summary/Eiffel_Tower');
  });

  it('keeps the claims when the article is unknown (404), and answers none for an item the source does not have', async () => {
    const louvre = await fetchFacts(source(), 'Q19675', 'en');
    expect(louvre.status).toBe('ok');
    expect(louvre.summary).toBeNull();
    expect(louvre.claims.map((c) => [c.kind, c.value])).toEqual([['inception', '10 August 1793']]);

    wiki.reset();
    expect(await fetchFacts(source(), 'Q999999999', 'en')).toEqual({
      status: 'none',
      summary: null,
      claims: [],
    });
    expect(wiki.calls).toHaveLength(1);
    // A malformed id never leaves.
    expect(await fetchFacts(source(), 'Q1 OR 1=1', 'en')).toEqual({
      status: 'none',
      summary: null,
      claims: [],
    });
    expect(wiki.calls).toHaveLength(1);
  });

  it('waits as a 429 Retry-After says, for every request of the client, then goes on', async () => {
    wiki.failNext(429, 1);
    const started = Date.now();
    const f = await fetchFacts(source(), 'Q10285', 'en');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(f.summary?.title).toBe('Colosseum');
    expect(f.claims.map((c) => [c.kind, c.value])).toEqual([
      ['inception', '80'],
      ['heritage', 'World Heritage Site'],
      ['height', '48 metres'],
      ['visitors', '7,400,000 (2019)'],
    ]);
    // The refused request was asked again.
    expect(wiki.calls[0]).toBe(wiki.calls[1]);
    expect(wiki.calls).toHaveLength(4);
  });

  it('backs off on 5xx with growing waits, and gives up with the time to try again', async () => {
    wiki.failNext(503, undefined, 2);
    const f = await fetchFacts(source({ baseDelayMs: 100 }), 'Q10285', 'en');
    expect(f.status).toBe('ok');
    expect(wiki.calls.filter((c) => /ids=Q10285/.test(c))).toHaveLength(3);

    wiki.reset();
    wiki.failNext(503, undefined, 10);
    const before = Date.now();
    await expect(fetchFacts(source({ baseDelayMs: 20, retries: 2 }), 'Q10285', 'en')).rejects.toMatchObject({
      message: 'HTTP 503',
      status: 503,
      retryAt: expect.any(Number),
    });
    expect(wiki.calls).toHaveLength(3);
    expect(Date.now() - before).toBeGreaterThanOrEqual(55); // 20 + 40 ms
  });

  it('keeps to its rate and concurrency limits', async () => {
    let inFlight = 0;
    let most = 0;
    const counting: typeof fetch = async (input, init) => {
      inFlight++;
      most = Math.max(most, inFlight);
      try {
        await new Promise((r) => setTimeout(r, 30));
        return await fetch(input, init);
      } finally {
        inFlight--;
      }
    };
    const client = createWikiClient({
      userAgent: 't',
      timeoutMs: 5000,
      requestsPerSecond: 3,
      concurrency: 2,
      fetch: counting,
    });
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 7 }, () => client.getJson(`${wiki.wikipediaUrl}/page/summary/Colosseum`)),
    );
    // 7 requests at 3 a second: the last one starts in the third second.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(most).toBeLessThanOrEqual(2);
    expect(wiki.calls).toHaveLength(7);
  });
});

describe('the facts cache and the sight page', () => {
  let s: TestServer;
  let user: Actor;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-facts-'));
    const base = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      WIKI_API_URL: wiki.wikipediaUrl,
      WIKI_PREFETCH_PER_MINUTE: '0',
    });
    s = await startTestServer({
      seed: true,
      config: { dataDir, media: base.media, wiki: base.wiki },
      worker: true,
    });
    // The fetch path from an empty cache: the licensed texts the seed ships are tested in sight-texts.test.ts.
    await s.db.query('DELETE FROM public.sight_facts');
    user = (await actors(s)).user;
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function detail(id: string) {
    const r = await call(s, 'GET', `/sights/detail/${id}`, null);
    expect(r.status).toBe(200);
    const facts = SightDetailResponse.parse(r.body).sight.facts;
    if (!facts) throw new Error('the detail answer carries no facts');
    return facts;
  }

  it('answers at once with pending, queues the sight, and shows what a worker cached', async () => {
    const first = await detail('wd-Q243');
    expect(first).toEqual({ status: 'pending', language: 'en', summary: null, claims: [] });
    const deadline = Date.now() + 20_000;
    let facts = first;
    while (facts.status === 'pending' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      facts = await detail('wd-Q243');
    }
    expect(facts.status).toBe('ready');
    expect(facts.summary).toMatchObject({
      title: 'Eiffel Tower',
      licence: CC_BY_SA_4,
      url: `${wiki.origin}/wiki/Eiffel_Tower`,
    });
    expect(facts.claims.find((c) => c.kind === 'architect')?.value).toBe(
      'Stephen Sauvestre, Maurice Koechlin',
    );

    // Cached: more page views ask the source nothing.
    const asked = wiki.calls.length;
    await detail('wd-Q243');
    await detail('wd-Q243');
    await new Promise((r) => setTimeout(r, 1200));
    expect(wiki.calls.length).toBe(asked);
    const row = (
      await s.db.query<{ status: string; wikidata_id: string }>(
        "SELECT status, wikidata_id FROM public.sight_facts WHERE sight_id = 'wd-Q243' AND lang = 'en'",
      )
    ).rows;
    expect(row).toEqual([{ status: 'ok', wikidata_id: 'Q243' }]);
  }, 40_000);

  it('says none, and fetches nothing, for a sight without a Wikidata item', async () => {
    const id = (
      await s.db.query<{ id: string }>(
        // (and no licensed text shipped for it, which the page would show)
        `SELECT id FROM public.sights s WHERE wikidata_id IS NULL
            AND NOT EXISTS (SELECT 1 FROM public.sight_facts f WHERE f.sight_id = s.id) ORDER BY id LIMIT 1`,
      )
    ).rows[0].id;
    expect(await detail(id)).toEqual({ status: 'none', language: 'en', summary: null, claims: [] });
    await new Promise((r) => setTimeout(r, 800));
    expect(wiki.calls).toEqual([]);
  });

  it('records a refused fetch with its Retry-After and keeps facts fetched before', async () => {
    const src = source({ retries: 0 });
    wiki.failNext(429, 120);
    expect(await refreshFacts(s.db, src, 'wd-Q243', 'en', { force: true })).toBe('error');
    const row = (
      await s.db.query<{
        status: string;
        error: string;
        attempts: number;
        wait_s: number;
        claims: unknown[];
      }>(
        `SELECT status, error, attempts, extract(epoch FROM refresh_after - now())::float8 AS wait_s, claims FROM public.sight_facts WHERE sight_id = 'wd-Q243'`,
      )
    ).rows[0];
    expect(row).toMatchObject({ status: 'ok', error: 'HTTP 429', attempts: 1 });
    expect(row.wait_s).toBeGreaterThan(100);
    expect(row.wait_s).toBeLessThanOrEqual(121);
    expect(row.claims.length).toBeGreaterThan(0);
    expect((await detail('wd-Q243')).status).toBe('ready');

    // The whole client keeps away until then: the next sight is not asked for, and records when to try again.
    const asked = wiki.calls.length;
    const started = Date.now();
    expect(await refreshFacts(s.db, src, 'wd-Q10285', 'en')).toBe('error');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(wiki.calls.length).toBe(asked);
    const colosseum = (
      await s.db.query<{ status: string; wait_s: number }>(
        `SELECT status, extract(epoch FROM refresh_after - now())::float8 AS wait_s FROM public.sight_facts WHERE sight_id = 'wd-Q10285'`,
      )
    ).rows[0];
    expect(colosseum.status).toBe('error');
    expect(colosseum.wait_s).toBeGreaterThan(100);
    // A sight never fetched and refused: pending (asked again later), never an error page.
    const r = await call(s, 'GET', '/sights/detail/wd-Q10285', null);
    expect(r.status).toBe(200);
    expect(r.body.sight.facts.status).toBe('pending');
  });

  it('writes a guide of a sight with cached facts that states them, each station listing its sources', async () => {
    const r = await generateGuide(s, user, { sight_id: 'wd-Q243', max_stations: 1, include_nearby: false });
    expect(r.status).toBe(200);
    const { guide } = GenerateGuideResponse.parse(r.body);
    expect(guide.status).toBe('ready');
    const text = guide.stations[0].text;
    expect(text).toContain('Eiffel Tower dates from 31 March 1889.');
    expect(text).toContain('Eiffel Tower was designed by Stephen Sauvestre and Maurice Koechlin.');
    expect(text).toContain('Eiffel Tower is 330 metres high.');
    expect(text).toContain('In 2017, Eiffel Tower had 6,207,303 visitors.');
    expect(text).not.toContain('toureiffel.paris');
    // The Wikipedia summary is narrated too (licensed text, sentence by sentence), so both sources are listed.
    expect(text).toContain('It is named after the engineer Gustave Eiffel');
    expect(guide.stations[0].sources).toEqual([
      { title: 'Wikipedia: Eiffel Tower', url: `${wiki.origin}/wiki/Eiffel_Tower`, licence: CC_BY_SA_4 },
      { title: 'Wikidata: Q243', url: `${wiki.origin}/wiki/Q243`, licence: CC0 },
    ]);
    const script = (
      await s.db.query<{
        script: { stations: Array<{ facts: Array<Array<{ kind: string; value: string }>> }> };
      }>('SELECT script FROM public.guides WHERE id = $1', [guide.id])
    ).rows[0].script;
    expect(script.stations[0].facts.flat()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'inception', value: '31 March 1889' }),
        expect.objectContaining({ kind: 'architect' }),
      ]),
    );
  }, 60_000);
});

describe('with no facts source configured', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seed: true });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('answers off and asks nobody', async () => {
    // A sight the seed ships no licensed text for (the Eiffel Tower's, when there is one, is taken out for this).
    await s.db.query("DELETE FROM public.sight_facts WHERE sight_id = 'wd-Q243'");
    const r = await call(s, 'GET', '/sights/detail/wd-Q243', null);
    expect(r.status).toBe(200);
    expect(r.body.sight.facts).toEqual({ status: 'off', language: 'en', summary: null, claims: [] });
    expect(r.body.sight.description).toBe('Eiffel Tower is a landmark in Paris, France.');
    // A sight the seed ships a text for shows it, with its source and licence, asking nobody.
    const shipped = (
      await s.db.query<{ sight_id: string; url: string }>(
        "SELECT sight_id, summary->>'url' AS url FROM public.sight_facts WHERE summary_bundled AND lang = 'en' ORDER BY sight_id LIMIT 1",
      )
    ).rows[0];
    const withText = await call(s, 'GET', `/sights/detail/${shipped.sight_id}`, null);
    expect(withText.body.sight.facts).toMatchObject({ status: 'ready', summary: { url: shipped.url } });
    expect(wiki.calls).toEqual([]);
  });
});
