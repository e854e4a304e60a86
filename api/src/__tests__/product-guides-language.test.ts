import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { detectAll } from 'tinyld';
import { GenerateGuideResponse, SightGuideResponse, type Guide } from '@wayfarer/contracts';
import { loadConfig } from '../config/env';
import { splitSentences } from '../services/guide-writer';
import { mp3Info } from '../services/tts';
import { startTestServer, type TestServer } from '../testing/test-server';
import { startWikiStandIn } from '../testing/wiki-server';
import { actors, call, generateGuide, type Actor } from './product-helpers';

/**
 * A guide has a language (en, fr, de, es, it, ar), chosen when it is asked for; it is written
 * in that language, spoken with that language's espeak-ng voice, and written from the facts in that language when
 * the sources have them (the stand-in's French Wikipedia), else from the English ones with a flag. A sight holds
 * the user's guides in several languages; GET /sights/:id/guide answers the one asked for and lists the languages.
 */

let s: TestServer;
let dataDir: string;
let wiki: Awaited<ReturnType<typeof startWikiStandIn>>;
let eiffel: string;
const QUICK = { max_stations: 2, include_nearby: true };

beforeAll(async () => {
  wiki = await startWikiStandIn();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-guides-lang-'));
  const base = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    // Each language's Wikipedia, as https://{lang}.wikipedia.org/api/rest_v1 is configured for the real one.
    WIKI_API_URL: `${wiki.origin}/{lang}/api/rest_v1`,
    WIKIDATA_API_URL: wiki.wikidataUrl,
    WIKI_PREFETCH_PER_MINUTE: '0',
  });
  s = await startTestServer({
    seed: true,
    config: { dataDir, media: base.media, wiki: base.wiki },
    worker: true,
  });
  eiffel = (await s.db.query<{ id: string }>("SELECT id FROM public.sights WHERE name = 'Eiffel Tower'"))
    .rows[0].id;
}, 120_000);
afterAll(async () => {
  await s?.close();
  await wiki?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const freshUser = async (): Promise<Actor> => (await actors(s)).user;

/** What the analytics recorded for a guide's narration: the engine's voices and the language. */
async function narration(guideId: string) {
  return (
    await s.db.query<{ voices: string[]; language: string }>(
      `SELECT meta->'tts_voices' AS voices, meta->>'language' AS language FROM public.analytics_events
        WHERE kind = 'guide_generation' AND meta->>'guide_id' = $1`,
      [guideId],
    )
  ).rows[0];
}

/** The guide's own words: its text with the sights' names taken out (names are in many languages). */
const wordsOf = (g: Guide, names: string[]) =>
  g.stations
    .map((st) => st.text)
    .join(' ')
    .split(/\s+/)
    .filter((w) => !names.some((n) => n.includes(w.replace(/[.,:;!?()]/g, ''))))
    .join(' ');

describe('guide language', () => {
  it.each([['xx'], ['EN'], ['french'], [42], [null]])(
    'refuses language %p with a 400 that names the languages',
    async (language) => {
      const user = await freshUser();
      const r = await call(s, 'POST', '/sights/generate-guide', user, { sight_id: eiffel, language });
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).toContain('language must be one of en, fr, de, es, it, ar');
      const q = await call(
        s,
        'GET',
        `/sights/${eiffel}/guide?language=${encodeURIComponent(String(language))}`,
        user,
      );
      expect(q.status).toBe(400);
    },
  );

  it('writes a French guide in French, spoken with the French voice, from the French Wikipedia', async () => {
    const user = await freshUser();
    const started = Date.now();
    const r = await generateGuide(s, user, { sight_id: eiffel, language: 'fr', ...QUICK });
    const frMs = Date.now() - started;
    expect(r.status).toBe(200);
    const { guide } = GenerateGuideResponse.parse(r.body);
    expect(guide.status).toBe('ready');
    expect(guide.language).toBe('fr');
    expect(guide.stations[0].title).toBe('Bienvenue à Eiffel Tower');
    expect(guide.stations[0].text).toContain('Eiffel Tower est un monument à Paris (France).');
    expect(guide.stations[1].text).toMatch(/marchez environ \d[\d ,]* (mètres|kilomètres) vers (le |l’)/);
    const names = (await s.db.query<{ name: string }>('SELECT name FROM public.sights')).rows
      .map((x) => x.name)
      .filter((n) => guide.stations.some((st) => st.text.includes(n)));
    expect(detectAll(wordsOf(guide, names))[0]?.lang).toBe('fr');
    // The French Wikipedia had the tower: the facts are French, and their source is listed.
    expect(guide.facts_language).toBe('fr');
    expect(guide.stations[0].sources?.map((x) => x.url)).toContain(`${wiki.origin}/wiki/Q243`);
    expect(guide.stations[0].text).toMatch(/Eiffel Tower, hauteur : 330\smètres\./);
    // Spoken by espeak-ng's French voice, timed sentence by sentence on the audio.
    expect(await narration(guide.id)).toEqual({ voices: ['fr-fr+f3'], language: 'fr' });
    for (const st of guide.stations) {
      expect(st.sentences.map((x) => x.text)).toEqual(splitSentences(st.text));
      const audio = Buffer.from(await (await fetch(`${s.url}${st.audio_url}`)).arrayBuffer());
      expect(st.duration_s).toBeCloseTo(mp3Info(audio).durationS, 1);
      for (let i = 1; i < st.sentences.length; i++)
        expect(st.sentences[i].start).toBeGreaterThan(st.sentences[i - 1].start);
    }

    // The same guide in English, for the timing the lead asked for.
    const other = await freshUser();
    const enStarted = Date.now();
    const en = await generateGuide(s, other, { sight_id: eiffel, language: 'en', ...QUICK });
    const enMs = Date.now() - enStarted;
    expect(GenerateGuideResponse.parse(en.body).guide.status).toBe('ready');
    console.log(`guide timing (2 stations, facts cached after the first): fr ${frMs} ms, en ${enMs} ms`);
  }, 120_000);

  it('writes from the English facts with a flag when the language has none, and in Arabic with the Arabic voice', async () => {
    const user = await freshUser();
    // The stand-in's Colosseum has no German article: the English facts are used, and the guide says so.
    const r = await generateGuide(s, user, {
      sight_id: 'wd-Q10285',
      language: 'de',
      max_stations: 1,
      include_nearby: false,
      voice: 'male',
    });
    const { guide } = GenerateGuideResponse.parse(r.body);
    expect(guide.status).toBe('ready');
    expect(guide.language).toBe('de');
    expect(guide.facts_language).toBe('en');
    expect(guide.stations[0].text).toContain('Willkommen bei Colosseum.');
    expect(await narration(guide.id)).toEqual({ voices: ['de+m3'], language: 'de' });

    const ar = await generateGuide(s, user, {
      sight_id: 'wd-Q10285',
      language: 'ar',
      max_stations: 1,
      include_nearby: false,
    });
    const arabic = GenerateGuideResponse.parse(ar.body).guide;
    expect(arabic.stations[0].text).toContain('مرحبا بكم في Colosseum.');
    expect(await narration(arabic.id)).toEqual({ voices: ['ar+f3'], language: 'ar' });
    expect(arabic.stations[0].sentences.length).toBe(splitSentences(arabic.stations[0].text).length);
  }, 120_000);

  it('keeps guides of a sight per language: the one asked for, and the languages there are', async () => {
    const user = await freshUser();
    const en = GenerateGuideResponse.parse(
      (await generateGuide(s, user, { sight_id: eiffel, max_stations: 1, include_nearby: false })).body,
    ).guide;
    expect(en.language).toBe('en');
    const it_ = GenerateGuideResponse.parse(
      (
        await generateGuide(s, user, {
          sight_id: eiffel,
          language: 'it',
          max_stations: 1,
          include_nearby: false,
        })
      ).body,
    ).guide;
    expect(it_.stations[0].title).toBe('Benvenuti a Eiffel Tower');

    const get = async (q = '') => {
      const r = await call(s, 'GET', `/sights/${eiffel}/guide${q}`, user);
      expect(r.status).toBe(200);
      return SightGuideResponse.parse(r.body);
    };
    const italian = await get('?language=it');
    expect(italian.guide?.id).toBe(it_.id);
    expect(italian.languages).toEqual(['en', 'it']);
    expect((await get('?language=en')).guide?.id).toBe(en.id);
    // Without a language: the latest guide, whatever its language.
    expect((await get()).guide?.id).toBe(it_.id);
    // A language without a guide: none, the others still listed.
    const spanish = await get('?language=es');
    expect(spanish.guide).toBeNull();
    expect(spanish.languages).toEqual(['en', 'it']);
  }, 120_000);
});

describe('transcript sentences per language', () => {
  it('splits French, Arabic and German text into sentences as they are spoken', () => {
    expect(splitSentences('Regardez ! La tour mesure 330 mètres. Vraiment ? Oui.')).toEqual([
      'Regardez !',
      'La tour mesure 330 mètres.',
      'Vraiment ?',
      'Oui.',
    ]);
    expect(splitSentences('مرحبا بكم في الكولوسيوم. هل ترون الأقواس؟ إنها جميلة، أليس كذلك؟')).toEqual([
      'مرحبا بكم في الكولوسيوم.',
      'هل ترون الأقواس؟',
      'إنها جميلة، أليس كذلك؟',
    ]);
    expect(splitSentences('Der Turm ist 1.063 Meter entfernt. Gehen Sie weiter!')).toEqual([
      'Der Turm ist 1.063 Meter entfernt.',
      'Gehen Sie weiter!',
    ]);
  });
});
