import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { migrate } from '../db/migrate';
import { openPglite, type PgliteDb } from '../db/pglite';
import {
  localGuideWriter,
  type FactRef,
  type GuideFacts,
  type StopFacts,
  type WrittenGuide,
} from '../services/guide-writer';
import { PHRASES } from '../services/guide-phrases';
import { cleanForSpeech, proseForSpeech, shorten, wordsOf } from '../services/narration-text';
import { insertSights, readSeedSights, type SightRow } from '../services/seed';
import { cachedFacts, refreshFacts, sightFacts, type FactsSource } from '../services/sight-facts';
import { readSightTexts, seedSightTexts, summaryOfText, type SightTextRow } from '../services/sight-texts';
import { createWikiClient } from '../services/wiki-client';
import { startWikiStandIn } from '../testing/wiki-server';

/**
 * Licensed sight texts shipped with the product: loaded into the facts cache at seed (never over a fetched summary),
 * and narrated by the local writer for the ear (short sentences, the striking ones first, each traced to its
 * source sentence, page and licence), or, without one in the guide's language, one honest sentence saying so.
 */

const BY_SA_4 = { licence: 'CC BY-SA 4.0', licence_url: 'https://creativecommons.org/licenses/by-sa/4.0/' };

/** Real-looking rows: an encyclopaedia lead (with its pronunciations, regnal dates and reference marks), a beach. */
const FIXTURE: SightTextRow[] = [
  {
    id: 'wd-Q10285',
    lang: 'en',
    title: 'Colosseum',
    text:
      'The Colosseum (/ˌkɒləˈsiːəm/ KOL-ə-SEE-əm; Italian: Colosseo [kolosˈsɛːo]) is an elliptical amphitheatre in the centre of the city of Rome, Italy, just east of the Roman Forum. It is the largest ancient amphitheatre ever built, and is still the largest standing amphitheatre in the world, despite its age.[1] Construction began under the Emperor Vespasian (r. 69–79 AD) in 72 and was completed in AD 80 under his successor and heir, Titus (r. 79–81).[2] Further modifications were made during the reign of Domitian (r. 81–96).\n' +
      'The three emperors who were patrons of the work are known as the Flavian dynasty, and the amphitheatre was named the Flavian Amphitheatre (Latin: Amphitheatrum Flavium; Italian: Anfiteatro Flavio [aŋfiteˈaːtro ˈflaːvjo]) by later classicists and archaeologists for its association with their family name (Flavius). The Colosseum could hold an estimated 50,000 to 80,000 spectators at various points in its history. It was used for gladiatorial contests and public spectacles.',
    source_url: 'https://en.wikipedia.org/wiki/Colosseum',
    ...BY_SA_4,
    origin: 'fixture',
  },
  {
    id: 'wd-Q243',
    lang: 'en',
    title: 'Eiffel Tower',
    text: 'The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, France. It is named after the engineer Gustave Eiffel, whose company designed and built the tower from 1887 to 1889.',
    source_url: 'https://en.wikipedia.org/wiki/Eiffel_Tower',
    ...BY_SA_4,
    origin: 'fixture',
  },
  {
    id: 'bm-a-lanzada-es',
    lang: 'en',
    title: 'Praia da Lanzada',
    text: "Galicia's great white arc — two kilometres of cold clean Atlantic beside a hermitage of fertility legends.\nA dune-backed arc on the Rías Baixas with a 12th-century hermitage",
    source_url: 'https://europebeachmap.com/beaches/a-lanzada-es/',
    licence: 'CC BY 4.0',
    licence_url: 'https://creativecommons.org/licenses/by/4.0/',
    origin: 'Flightmussy/beachmap-mcp@7b7623e843270ba9964f81067a9d34226f934604:data/beaches.csv',
  },
];

const seed = readSeedSights();
const byId = new Map(seed.map((r) => [r.id, r]));
const toStop = (r: SightRow): StopFacts => ({
  id: r.id,
  name: r.name,
  category_slugs: r.category_slugs,
  category_hint: r.category_hint,
  subtype: r.subtype,
  city: r.city,
  country: r.country,
  popularity: r.popularity,
  latitude: r.latitude,
  longitude: r.longitude,
});
const factsOf = (rows: SightTextRow[]) =>
  Object.fromEntries(rows.map((r) => [r.id, { summary: summaryOfText(r), claims: [] }]));

/** Every sentence has its facts; a text's sentence says only words of the source sentence it names, found in the text. */
function traced(g: WrittenGuide, facts: GuideFacts) {
  for (const st of g.stations) {
    expect(st.facts).toHaveLength(st.sentences.length);
    st.sentences.forEach((sentence, i) => {
      const fs = st.facts![i];
      expect({ sentence, facts: fs.length > 0 }).toEqual({ sentence, facts: true });
      for (const f of fs.filter((x) => x.kind === 'text')) {
        const summary = facts.facts?.[f.sightId ?? '']?.summary;
        expect(summary).toBeTruthy();
        expect(f.source).toEqual({
          title: expect.stringMatching(/: /),
          url: summary!.url,
          licence: summary!.licence,
        });
        expect(summary!.extract.replace(/\s*\[[^\]]*\]/g, '').replace(/\s+/g, ' ')).toContain(f.value);
        const source = new Set(wordsOf(f.value).map((w) => w.toLowerCase()));
        const extra = wordsOf(sentence).filter((w) => !source.has(w.toLowerCase()));
        expect({ sentence, extra }).toEqual({ sentence, extra: [] });
        expect(st.sources).toContainEqual(f.source);
      }
    });
  }
}

describe('licensed prose for the ear', () => {
  it('drops pronunciations, bracketed dates and reference marks, and never cuts inside brackets', () => {
    expect(
      cleanForSpeech(
        'The Colosseum (/ˌkɒləˈsiːəm/ KOL-ə-SEE-əm; Italian: Colosseo [kolosˈsɛːo]) is an elliptical amphitheatre.',
      ),
    ).toBe('The Colosseum is an elliptical amphitheatre.');
    expect(cleanForSpeech('A dune-backed arc on the Rías Baixas')).toBe(
      'A dune-backed arc on the Rías Baixas.',
    );
    expect(cleanForSpeech('Elle mesure 330 mètres (1 083 pieds) ; elle domine Paris !', 'fr')).toBe(
      'Elle mesure 330 mètres ; elle domine Paris !',
    );
    const prose = proseForSpeech(FIXTURE[0].text).map((s) => s.text);
    expect(prose).toContain(
      'Construction began under the Emperor Vespasian in 72 and was completed in AD 80 under his successor and heir, Titus.',
    );
    expect(prose).toContain('Further modifications were made during the reign of Domitian.');
    expect(prose.join(' ')).not.toMatch(/[[\]()]|KOL-|\br\./);
  });

  it('cuts a long sentence at a clause boundary only, keeping both halves whole', () => {
    expect(
      shorten(
        'The three emperors who were patrons of the work are known as the Flavian dynasty, and the amphitheatre was named the Flavian Amphitheatre by later classicists and archaeologists for its association with their family name.',
      ),
    ).toEqual([
      'The three emperors who were patrons of the work are known as the Flavian dynasty.',
      'And the amphitheatre was named the Flavian Amphitheatre by later classicists and archaeologists for its association with their family name.',
    ]);
    // A list's last item is no clause: a long sentence without a clause boundary stays whole.
    const list =
      'The museum holds paintings by Titian, Raphael, Caravaggio, Rubens, Velázquez, Rembrandt, Vermeer, Goya, Turner, Constable, Monet, Manet, Degas, Cézanne and many lesser masters of their schools, and prints.';
    expect(shorten(list)).toEqual([list]);
    expect(shorten('Short and plain, and done.')).toEqual(['Short and plain, and done.']);
  });

  it('says the most striking facts first, a sentence that leans on another right after it', () => {
    const prose = proseForSpeech(
      'The hall is a building in the old town. It is the oldest covered market in Europe. He rebuilt it after the fire. Its architect was Jan Kowal. This made him rich.',
    ).map((s) => s.text);
    expect(prose).toEqual([
      'It is the oldest covered market in Europe.',
      'He rebuilt it after the fire.',
      'The hall is a building in the old town.',
      'Its architect was Jan Kowal.',
      'This made him rich.',
    ]);
    // A word budget keeps the most striking and drops the rest, never cutting a group.
    expect(
      proseForSpeech(
        'The hall is a building in the old town. It is the oldest covered market in Europe. He rebuilt it after the fire.',
        'en',
        12,
      ).map((s) => s.text),
    ).toEqual(['It is the oldest covered market in Europe.', 'He rebuilt it after the fire.']);
  });
});

describe('the local writer with licensed texts', () => {
  const colosseum = toStop(byId.get('wd-Q10285')!);
  const nearby = seed
    .filter((r) => r.id !== colosseum.id && Math.abs(r.latitude - colosseum.latitude) < 0.015)
    .filter((r) => Math.abs(r.longitude - colosseum.longitude) < 0.02)
    .map(toStop);

  it('narrates the text for the ear, striking first, each sentence traced to its source, directions kept', async () => {
    const facts: GuideFacts = { sight: colosseum, stations: [], nearby, facts: factsOf(FIXTURE) };
    const g = await localGuideWriter.write(facts, { maxStations: 4 });
    traced(g, facts);
    const first = g.stations[0];
    expect(first.sentences.slice(0, 4)).toEqual([
      'Welcome to Colosseum.',
      expect.stringMatching(/^Colosseum is a landmark in /),
      'It is the largest ancient amphitheatre ever built, and is still the largest standing amphitheatre in the world, despite its age.',
      'The Colosseum is an elliptical amphitheatre in the centre of the city of Rome, Italy, just east of the Roman Forum.',
    ]);
    expect(first.sentences).toContain(
      'The three emperors who were patrons of the work are known as the Flavian dynasty.',
    );
    expect(first.sentences.join(' ')).not.toMatch(/openly licensed|[[\]()]/);
    for (const s of first.sentences) expect(wordsOf(s).length).toBeLessThanOrEqual(28);
    expect(first.sources).toEqual([
      {
        title: 'Wikipedia: Colosseum',
        url: 'https://en.wikipedia.org/wiki/Colosseum',
        licence: { name: 'CC BY-SA 4.0', url: 'https://creativecommons.org/licenses/by-sa/4.0/' },
      },
    ]);
    // The walk between stops is still said at every stop.
    for (const st of g.stations.slice(1)) expect(st.sentences[1]).toMatch(/^From .+, walk about \d/);
    // No sentence of the guide is said twice.
    const all = g.stations.flatMap((st) => st.sentences.filter((_, i) => st.facts![i][0].kind === 'text'));
    expect(new Set(all).size).toBe(all.length);
  });

  it('credits a text that is not Wikipedia by its site and licence', async () => {
    const beach = toStop(byId.get('bm-a-lanzada-es')!);
    const facts: GuideFacts = { sight: beach, stations: [], nearby: [], facts: factsOf(FIXTURE) };
    const g = await localGuideWriter.write(facts, { maxStations: 1 });
    traced(g, facts);
    expect(g.stations[0].sentences).toContain(
      "Galicia's great white arc — two kilometres of cold clean Atlantic beside a hermitage of fertility legends.",
    );
    expect(g.stations[0].sentences).toContain(
      'A dune-backed arc on the Rías Baixas with a 12th-century hermitage.',
    );
    expect(g.stations[0].sources).toEqual([
      {
        title: 'Beachmap: Praia da Lanzada',
        url: 'https://europebeachmap.com/beaches/a-lanzada-es/',
        licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
      },
    ]);
  });

  it.each(Object.keys(PHRASES))(
    'says in one %s sentence that there is no licensed text in the language, and narrates none in another',
    async (lang) => {
      // The job falls back on English facts for a language without any: they are not read out in this language.
      const facts: GuideFacts = {
        sight: colosseum,
        stations: [],
        nearby: [],
        facts: lang === 'en' ? {} : factsOf(FIXTURE),
        factsLanguage: 'en',
      };
      const g = await localGuideWriter.write(facts, { maxStations: 1, language: lang });
      const note = PHRASES[lang as keyof typeof PHRASES].noText('Colosseum');
      expect(g.stations[0].sentences.filter((s) => s === note)).toHaveLength(1);
      const i = g.stations[0].sentences.indexOf(note);
      const noText: FactRef = {
        kind: 'no_text',
        value: lang,
        sightId: 'wd-Q10285',
      };
      expect(g.stations[0].facts![i]).toContainEqual(noText);
      expect(g.stations[0].facts!.flat().some((f) => f.kind === 'text')).toBe(false);
      expect(g.stations[0].sentences.join(' ')).not.toMatch(/amphitheatre/);
    },
  );
});

describe('loading the shipped texts into the facts cache', () => {
  let db: PgliteDb;
  let dir: string;
  let wiki: Awaited<ReturnType<typeof startWikiStandIn>>;
  const ids = ['wd-Q243', 'wd-Q10285', 'bm-a-lanzada-es'];

  const write = (name: string, rows: unknown[], extra: string[] = []) => {
    const body = [...rows.map((r) => JSON.stringify(r)), ...extra].join('\n') + '\n';
    const file = path.join(dir, name);
    fs.writeFileSync(file, name.endsWith('.gz') ? zlib.gzipSync(body) : body);
    return file;
  };
  const row = async (id: string, lang = 'en') =>
    (
      await db.query<{ status: string; summary_bundled: boolean; title: string | null; claims: unknown[] }>(
        `SELECT status, summary_bundled, summary->>'title' AS title, claims FROM public.sight_facts WHERE sight_id = $1 AND lang = $2`,
        [id, lang],
      )
    ).rows[0];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-sight-texts-'));
    wiki = await startWikiStandIn();
    db = await openPglite(undefined);
    await migrate(db);
    await insertSights(
      db,
      seed.filter((r) => ids.includes(r.id)),
    );
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    await wiki?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('loads valid rows of known sights (plain or gzip), skipping the rest, idempotently', async () => {
    const unknown = { ...FIXTURE[2], id: 'bm-nowhere-xx' };
    const file = write(
      'sight-texts.jsonl.gz',
      [...FIXTURE, unknown],
      [
        '{"id":"wd-Q243","lang":"xx","title":"t","text":"t","source_url":"https://x.org","licence":"l","licence_url":"https://x.org"}',
        'not json',
      ],
    );
    expect(readSightTexts(file).skipped).toBe(2);
    expect(await seedSightTexts(db, file)).toBe(3);
    expect(await seedSightTexts(db, file)).toBe(0);
    expect(await row('bm-a-lanzada-es')).toMatchObject({
      status: 'ok',
      summary_bundled: true,
      title: 'Praia da Lanzada',
    });

    // A sight without a Wikidata item shows its shipped text, configured source or not, and is never due.
    const beach = await sightFacts(db, 'bm-a-lanzada-es', 'en', true);
    expect(beach.due).toBe(false);
    expect(beach.facts).toMatchObject({
      status: 'ready',
      summary: { url: FIXTURE[2].source_url, licence: { name: 'CC BY 4.0' } },
    });
    expect(beach.facts.summary?.attribution).toBe('From "Praia da Lanzada", Beachmap, under CC BY 4.0');
    expect((await sightFacts(db, 'bm-a-lanzada-es', 'en', false)).facts.status).toBe('ready');
    // A sight with one: shown, and due for the configured source, which is the better path.
    expect(await sightFacts(db, 'wd-Q243', 'en', true)).toMatchObject({
      due: true,
      facts: { status: 'ready' },
    });
    expect(await sightFacts(db, 'wd-Q243', 'en', false)).toMatchObject({
      due: false,
      facts: { status: 'ready' },
    });
    expect((await cachedFacts(db, ids, 'en')).size).toBe(3);

    // A changed text in the file updates a shipped summary.
    const changed = write('changed.jsonl', [{ ...FIXTURE[2], title: 'A Lanzada' }]);
    expect(await seedSightTexts(db, changed)).toBe(1);
    expect((await row('bm-a-lanzada-es')).title).toBe('A Lanzada');
  });

  it('lets a fetched summary replace a shipped one, keeps the shipped one when a fetch has none, and never reloads over a fetched one', async () => {
    const src: FactsSource = {
      wikipediaUrl: wiki.wikipediaUrl,
      wikidataUrl: wiki.wikidataUrl,
      refreshDays: 30,
      client: createWikiClient({
        userAgent: 'Wayfarer-test/0.1',
        timeoutMs: 5000,
        requestsPerSecond: 50,
        concurrency: 4,
        baseDelayMs: 50,
      }),
    };
    const german = write('de.jsonl', [
      {
        ...FIXTURE[0],
        lang: 'de',
        title: 'Kolosseum',
        source_url: 'https://de.wikipedia.org/wiki/Kolosseum',
      },
    ]);
    expect(await seedSightTexts(db, german)).toBe(1);

    expect(await refreshFacts(db, src, 'wd-Q243', 'en', { force: true })).toBe('ok');
    const eiffel = await row('wd-Q243');
    expect(eiffel).toMatchObject({ status: 'ok', summary_bundled: false, title: 'Eiffel Tower' });
    const fetched = (await cachedFacts(db, ['wd-Q243'], 'en')).get('wd-Q243')!.summary!;
    expect(fetched.url).toBe(`${wiki.origin}/wiki/Eiffel_Tower`);

    // The stand-in's Wikipedia has no German Colosseum article: the shipped text stays, with the fetched claims.
    await refreshFacts(db, src, 'wd-Q10285', 'de', { force: true });
    const colosseum = await row('wd-Q10285', 'de');
    expect(colosseum).toMatchObject({ status: 'ok', summary_bundled: true, title: 'Kolosseum' });
    expect(colosseum.claims.length).toBeGreaterThan(0);

    // Seeding again leaves the fetched summary alone.
    expect(await seedSightTexts(db, write('again.jsonl', [FIXTURE[1]]))).toBe(0);
    expect((await cachedFacts(db, ['wd-Q243'], 'en')).get('wd-Q243')!.summary!.url).toBe(fetched.url);
  });
});
