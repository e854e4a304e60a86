import { describe, expect, it } from '@jest/globals';
import { detectAll } from 'tinyld';
import { GUIDE_LANGUAGES, type SightClaim } from '@wayfarer/contracts';
import { describeSight } from '../services/describe';
import { PHRASES } from '../services/guide-phrases';
import type { Category } from '../services/categories';
import {
  distanceM,
  localGuideWriter,
  type FactRef,
  type GuideFacts,
  type StopFacts,
  type WrittenGuide,
} from '../services/guide-writer';
import { readSeedSights, type SightRow } from '../services/seed';

/**
 * The local writer never states what it does not know. Guides for a sample of real seed sights:
 * every sentence comes with the facts it is built from, each fact is one the writer was given, and what is left of
 * the sentence once its facts are taken out is one of the writer's few fixed frames (no invented filler).
 */

const KINDS = new Set<FactRef['kind']>([
  'name',
  'category',
  'kind',
  'city',
  'country',
  'distance',
  'direction',
  'walking_time',
  'station_title',
  'station_text',
  'guide_stops',
  'guide_position',
  // Without a licensed text about the sight the guide says so (the writer's licensed prose is tested in sight-texts).
  'no_text',
]);

/** The frames a sentence may have once names, places, numbers and directions are replaced by placeholders. */
const FRAMES: RegExp[] = [
  /^Welcome to N\.$/,
  /^N is an? [a-z][a-z -]*[a-z]( in P)?\.$/,
  /^N is in P\.$/,
  /^This short guide covers this one place\.$/,
  /^There is no openly licensed description of N in English yet, so this guide keeps to the facts\.$/,
  /^This guide has # stops(, with about # (metres|kilometres) of walking, roughly # minutes? on foot)?\.$/,
  /^When you are ready, continue to the next stop\.$/,
  /^Stop #: (N|T)\.$/,
  /^From N, walk about # (metres|kilometres) D, roughly # minutes?\.$/,
  /^After an? (landmark|museum|natural sight|historic site), this is an? (landmark|museum|natural sight|historic site): a change of scene\.$/,
  /^This is the last stop of the guide\.$/,
  /^N is about # (metres|kilometres) D of here\.$/,
  /^Thank you for listening\.$/,
];

/** The old writer's invented lines (popularity turned into crowds, fame, visiting tips per category). */
const FILLER = [
  /well-known/i,
  /steady stream/i,
  /weekends/i,
  /most visited/i,
  /many visitors/i,
  /quieter place/i,
  /rarely crowded/i,
  /busy for much/i,
  /take a moment/i,
  /plan time/i,
  /opening hours/i,
  /walk the grounds/i,
  /suitable shoes/i,
  /best light/i,
  /walking around it once/i,
  /how it sits among/i,
  /two or three rooms/i,
  /building itself/i,
  /listen: the sounds/i,
  /furthest point/i,
  /different periods/i,
  /imagine the place/i,
  /enjoy your visit/i,
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function frameOf(sentence: string, facts: FactRef[]): string {
  let t = sentence;
  const values = (k: FactRef['kind']) =>
    facts
      .filter((f) => f.kind === k)
      .map((f) => f.said ?? f.value)
      .sort((a, b) => b.length - a.length);
  const place = [values('city')[0], values('country')[0]].filter(Boolean).join(', ');
  if (place) t = t.replace(place, 'P');
  for (const n of values('name')) t = t.split(n.trim().replace(/[.!?…:;,\s]+$/, '')).join('N');
  for (const n of values('station_title')) t = t.split(n.trim().replace(/[.!?…:;,\s]+$/, '')).join('T');
  for (const d of values('direction')) t = t.replace(new RegExp(`\\b${escape(d)}\\b`), 'D');
  return t
    .replace(/N[.!?…:;,]+(?=[.,:])/g, 'N')
    .replace(/\d+(?:[,.]\d+)*/g, '#')
    .replace(/# (stop|stops)\b/, '# stops');
}

function toStop(r: SightRow): StopFacts {
  return {
    id: r.id,
    name: r.name,
    category_slugs: r.category_slugs,
    category_hint: r.category_hint,
    subtype: r.subtype,
    city: r.city,
    country: r.country,
    country_code: r.country_code,
    popularity: r.popularity,
    latitude: r.latitude,
    longitude: r.longitude,
  };
}

const seed = readSeedSights();
const byId = new Map(seed.map((r) => [r.id, r]));

/** 50 seed sights: famous ones, ones without city or country, and an even spread over the file. */
function sample(): StopFacts[] {
  const picked = new Map<string, SightRow>();
  for (const id of ['wd-Q10285', 'wd-Q243', 'wd-Q45178', 'wd-Q12512', 'wd-Q9141'])
    picked.set(id, byId.get(id)!);
  for (const r of seed.filter((x) => !x.city).slice(0, 5)) picked.set(r.id, r);
  for (const r of seed.filter((x) => !x.country).slice(0, 4)) picked.set(r.id, r);
  for (let i = 0; picked.size < 48; i += 331) picked.set(seed[i % seed.length].id, seed[i % seed.length]);
  const stops = [...picked.values()].map(toStop);
  // Two with what the seed never lacks: no known category, and nothing but a name.
  const bare = toStop(seed[7]);
  stops.push({ ...bare, id: 't-no-category', category_slugs: [], category_hint: null, subtype: null });
  stops.push({
    ...bare,
    id: 't-name-only',
    category_slugs: ['attraction-of-unknown-kind'],
    category_hint: null,
    subtype: null,
    city: null,
    country: null,
  });
  return stops;
}

function nearbyOf(s: StopFacts): StopFacts[] {
  return seed
    .filter(
      (r) =>
        r.id !== s.id &&
        Math.abs(r.latitude - s.latitude) < 0.05 &&
        distanceM(s.latitude, s.longitude, r.latitude, r.longitude) <= 2000,
    )
    .map(toStop);
}

/** The cached Wikidata facts and the frames of their sentences, allowed where a guide was given them. */
const CACHED_KINDS = new Set<FactRef['kind']>([
  'inception',
  'architect',
  'creator',
  'heritage',
  'height',
  'visitors',
]);
const CACHED_FRAMES: RegExp[] = [
  /^N dates from (the )?V\.$/,
  /^N was designed by V\.$/,
  /^N was created by V\.$/,
  /^N has the heritage designation V\.$/,
  /^N is V high\.$/,
  /^In V, N had V visitors\.$/,
  /^N has V visitors a year\.$/,
];

function check(g: WrittenGuide, facts: GuideFacts) {
  const given = [facts.sight, ...facts.nearby];
  const cached = Boolean(facts.facts);
  for (const st of g.stations) {
    expect(st.facts).toHaveLength(st.sentences.length);
    st.sentences.forEach((sentence, i) => {
      const fs = st.facts![i];
      const where = `${facts.sight.id} / ${st.title}: "${sentence}"`;
      expect({ where, facts: fs.length > 0 }).toEqual({ where, facts: true });
      for (const f of fs) {
        expect({ where, kind: KINDS.has(f.kind) || (cached && CACHED_KINDS.has(f.kind)) }).toEqual({
          where,
          kind: true,
        });
        if (CACHED_KINDS.has(f.kind)) {
          // A cached fact is one of the claims the writer was given for that sight, with that claim's source.
          const claim = facts.facts?.[f.sightId ?? '']?.claims.find((c) => c.kind === f.kind);
          expect({ where, value: f.value, source: f.source?.url }).toEqual({
            where,
            value: claim?.value,
            source: claim?.url.replace(/#.*$/, ''),
          });
        }
        // Facts about a sight are that sight's facts as given to the writer.
        const owner = f.sightId ? given.find((x) => x.id === f.sightId) : null;
        if (f.sightId) expect({ where, owner: Boolean(owner) }).toEqual({ where, owner: true });
        if (owner && f.kind === 'name') expect(f.value).toBe(owner.name);
        if (owner && f.kind === 'city') expect(f.value).toBe(owner.city);
        if (owner && f.kind === 'country') expect(f.value).toBe(owner.country);
        if (owner && f.kind === 'kind') expect(f.value).toBe(owner.subtype);
        if (owner && f.kind === 'category')
          expect([...owner.category_slugs, owner.category_hint]).toContain(f.value);
        if (f.kind === 'station_text') expect(facts.stations.map((x) => x.text).join(' ')).toContain(f.value);
      }
      if (fs.some((f) => f.kind === 'station_text')) {
        expect(sentence).toBe(fs.find((f) => f.kind === 'station_text')!.value);
        return;
      }
      // A cached fact's value (a visitors count and its year, a list of names said with 'and') stands as V.
      let valued = sentence;
      for (const v of fs.filter((f) => CACHED_KINDS.has(f.kind)).map((f) => f.value)) {
        const m = /^(.*) \((.+)\)$/.exec(v);
        const parts = m ? [m[1], m[2]] : [v, v.replace(/, ([^,]+)$/, ' and $1')];
        for (const p of parts.sort((a, b) => b.length - a.length)) valued = valued.split(p).join('V');
      }
      const frame = frameOf(valued, fs);
      const frames = cached ? [...FRAMES, ...CACHED_FRAMES] : FRAMES;
      expect({ where, frame, known: frames.some((re) => re.test(frame)) }).toEqual({
        where,
        frame,
        known: true,
      });
      for (const re of FILLER) expect({ where, filler: re.test(sentence) }).toEqual({ where, filler: false });
    });
  }
}

describe('local writer: every sentence from a named fact', () => {
  const stops = sample();

  it('writes guides for 50 seed sights whose every sentence maps to facts the writer holds', async () => {
    expect(stops).toHaveLength(50);
    expect(stops.some((s) => !s.city)).toBe(true);
    expect(stops.some((s) => !s.country)).toBe(true);
    let sentences = 0;
    for (const sight of stops) {
      const facts: GuideFacts = { sight, stations: [], nearby: nearbyOf(sight) };
      const g = await localGuideWriter.write(facts, { maxStations: 5 });
      check(g, facts);
      sentences += g.stations.reduce((n, st) => n + st.sentences.length, 0);
    }
    expect(sentences).toBeGreaterThan(300);
  }, 60_000);

  it("keeps a sight's own stations as its text, each sentence sourced", async () => {
    const sight = toStop(byId.get('wd-Q243')!);
    const facts: GuideFacts = {
      sight,
      stations: [
        {
          title: 'The lift',
          text: 'The lift climbs the north pillar. Tickets are sold at its foot.',
          latitude: 48.8584,
          longitude: 2.2946,
        },
      ],
      nearby: nearbyOf(sight),
    };
    const g = await localGuideWriter.write(facts, { maxStations: 4 });
    check(g, facts);
    expect(g.stations[1].sentences).toEqual([
      'Stop 2: The lift.',
      'The lift climbs the north pillar.',
      'Tickets are sold at its foot.',
    ]);
    expect(g.stations[1].facts![1]).toEqual([
      { kind: 'station_text', value: 'The lift climbs the north pillar.', sightId: 'wd-Q243' },
    ]);
    const own = await localGuideWriter.write({ ...facts, nearby: [] }, { maxStations: 4 });
    check(own, { ...facts, nearby: [] });
    expect(own.stations.at(-1)!.sentences.slice(-2)).toEqual([
      'This is the last stop of the guide.',
      'Thank you for listening.',
    ]);
  });

  it('says of the Colosseum only what the seed knows', async () => {
    const sight = toStop(byId.get('wd-Q10285')!);
    const g = await localGuideWriter.write(
      { sight, stations: [], nearby: nearbyOf(sight) },
      { maxStations: 4 },
    );
    const first = g.stations[0];
    expect(first.sentences.slice(0, 2)).toEqual([
      'Welcome to Colosseum.',
      'Colosseum is a landmark in Rome, Italy.',
    ]);
    expect(first.facts![1]).toEqual([
      { kind: 'name', value: 'Colosseum', sightId: 'wd-Q10285' },
      { kind: 'category', value: 'landmark', sightId: 'wd-Q10285' },
      { kind: 'city', value: 'Roma', sightId: 'wd-Q10285', said: 'Rome' },
      { kind: 'country', value: 'Italy', sightId: 'wd-Q10285' },
    ]);
    expect(first.sentences.join(' ')).not.toMatch(/visitor|well-known|crowd|weekend|moment/i);
    const alone = await localGuideWriter.write({ sight, stations: [], nearby: [] }, { maxStations: 4 });
    expect(alone.stations[0].sentences).toEqual([
      'Welcome to Colosseum.',
      'Colosseum is a landmark in Rome, Italy.',
      'There is no openly licensed description of Colosseum in English yet, so this guide keeps to the facts.',
      'This short guide covers this one place.',
      'Thank you for listening.',
    ]);
  });

  it('states cached Wikidata facts as facts, each naming its claim and source, and lists the sources per station', async () => {
    const claim = (kind: SightClaim['kind'], property: string, label: string, value: string): SightClaim => ({
      kind,
      property,
      label,
      value,
      url: `https://www.wikidata.org/wiki/Q10285#${property}`,
      licence: { name: 'CC0 1.0', url: 'https://creativecommons.org/publicdomain/zero/1.0/' },
    });
    const sight = toStop(byId.get('wd-Q10285')!);
    const nearby = nearbyOf(sight);
    const facts: GuideFacts = {
      sight,
      stations: [],
      nearby,
      facts: {
        'wd-Q10285': {
          summary: null,
          claims: [
            claim('inception', 'P571', 'Inception', '80'),
            claim('architect', 'P84', 'Architect', 'Vespasian, Titus'),
            claim('heritage', 'P1435', 'Heritage designation', 'World Heritage Site'),
            claim('height', 'P2048', 'Height', '48 metres'),
            claim('visitors', 'P1174', 'Visitors per year', '7,400,000 (2019)'),
            claim('website', 'P856', 'Official website', 'https://colosseo.it/'),
          ],
        },
      },
    };
    const g = await localGuideWriter.write(facts, { maxStations: 3 });
    check(g, facts);
    const first = g.stations[0];
    expect(first.sentences).toEqual([
      'Welcome to Colosseum.',
      'Colosseum is a landmark in Rome, Italy.',
      'Colosseum dates from 80.',
      'Colosseum was designed by Vespasian and Titus.',
      'Colosseum has the heritage designation World Heritage Site.',
      'Colosseum is 48 metres high.',
      'In 2019, Colosseum had 7,400,000 visitors.',
      'There is no openly licensed description of Colosseum in English yet, so this guide keeps to the facts.',
      expect.stringMatching(/^This guide has 3 stops/),
      'When you are ready, continue to the next stop.',
    ]);
    expect(first.facts![2]).toEqual([
      { kind: 'name', value: 'Colosseum', sightId: 'wd-Q10285' },
      {
        kind: 'inception',
        value: '80',
        sightId: 'wd-Q10285',
        source: {
          title: 'Wikidata: Q10285',
          url: 'https://www.wikidata.org/wiki/Q10285',
          licence: facts.facts!['wd-Q10285'].claims[0].licence,
        },
      },
    ]);
    expect(first.sources).toEqual([
      {
        title: 'Wikidata: Q10285',
        url: 'https://www.wikidata.org/wiki/Q10285',
        licence: { name: 'CC0 1.0', url: 'https://creativecommons.org/publicdomain/zero/1.0/' },
      },
    ]);
    // Stops without cached facts list no source; a URL is never read aloud.
    expect(g.stations.slice(1).every((st) => st.sources?.length === 0)).toBe(true);
    expect(g.stations.flatMap((st) => st.sentences).join(' ')).not.toMatch(/colosseo\.it/);
  });

  it('gives the sight page a short honest line, and no more than the facts say', () => {
    expect(
      describeSight({
        name: 'Colosseum',
        category: 'landmark',
        subtype: 'tourist_attraction',
        city: 'Rome',
        country: 'Italy',
        popularity: 77,
      }),
    ).toBe('Colosseum is a landmark in Rome, Italy.');
    expect(
      describeSight({
        name: 'Fort Point',
        category: 'historic',
        subtype: 'fortress',
        city: null,
        country: 'United States',
        popularity: 90,
      }),
    ).toBe('Fort Point is a fortress in United States.');
    expect(describeSight({ name: 'Somewhere', category: null, city: 'Oslo', country: null })).toBe(
      'Somewhere is in Oslo.',
    );
    expect(describeSight({ name: 'Somewhere', category: null })).toBe('Somewhere.');
    // No seeded description carries the old filler.
    const filled = seed.filter((r) => FILLER.some((re) => re.test(r.description)));
    expect(filled.map((r) => r.description)).toEqual([]);
  });
});

/**
 * The local writer in every guide language says the same facts in that language's words. Each
 * sentence, once its facts are taken out, is one of the language's fixed frames (built from its phrase table with
 * placeholders), every fact is one the writer was given, and the text is in the language (tinyld).
 */
const CATEGORIES: Category[] = ['landmark', 'museum', 'scenery', 'historic'];

function framesOf(lang: (typeof GUIDE_LANGUAGES)[number]): Set<string> {
  const p = PHRASES[lang];
  const digits = (t: string) => t.replace(/\d+(?:[,.]\d+)*/g, '#');
  const counts = [1, 2, 3, 5, 11, 100];
  const dists = [...counts.map((n) => p.metres(n)), p.kilometres((1.2).toLocaleString(lang))];
  const out = new Set<string>();
  const add = (t: string) => out.add(digits(t));
  const places: Array<[string | null, string | null]> = [
    ['C', 'CO'],
    ['C', null],
    [null, 'CO'],
  ];
  add(p.welcome('N'));
  for (const [c, co] of [...places, [null, null] as [null, null]]) add(p.isKind('N', 'K', c, co));
  for (const [c, co] of places) add(p.isIn('N', c, co));
  for (const t of [p.oneStop, p.thanks, p.next, p.last, p.noText('N')]) add(t);
  for (const n of counts) {
    add(p.stops(p.stopCount(n)));
    add(p.stop(n, 'N'));
    add(p.stop(n, 'T'));
    for (const d of dists)
      for (const m of counts) {
        add(p.stopsWalk(p.stopCount(n), d, p.minutes(m)));
        add(p.walkFrom('N', d, 'D', p.minutes(m)));
      }
  }
  for (const d of dists) add(p.back('N', d, 'D'));
  for (const a of CATEGORIES) for (const b of CATEGORIES) if (a !== b) add(p.changeOfScene(a, b));
  return out;
}

function frameIn(lang: (typeof GUIDE_LANGUAGES)[number], sentence: string, facts: FactRef[]): string {
  const p = PHRASES[lang];
  let t = sentence;
  const said = (k: FactRef['kind']) =>
    facts
      .filter((f) => f.kind === k)
      .map((f) => f.said ?? f.value)
      .sort((a, b) => b.length - a.length);
  for (const d of said('direction')) t = t.split(d).join('D');
  for (const n of said('name')) t = t.split(n.trim().replace(/[.!?…:;,\s]+$/, '')).join('N');
  for (const n of said('station_title')) t = t.split(n.trim().replace(/[.!?…:;,\s]+$/, '')).join('T');
  // The city first where it stands, the country last (a city-state names both the same).
  for (const c of said('city')) t = t.replace(c, 'C');
  for (const c of said('country')) {
    const at = t.lastIndexOf(c);
    if (at >= 0) t = t.slice(0, at) + 'CO' + t.slice(at + c.length);
  }
  // What the place is: the language's noun for its kind or category (only when that fact is named).
  if (facts.some((f) => f.kind === 'name') && facts.some((f) => f.kind === 'kind' || f.kind === 'category'))
    for (const k of [...Object.values(p.kind), ...Object.values(p.category)].sort(
      (a, b) => b.length - a.length,
    ))
      if (t.includes(` ${k}`)) {
        t = t.replace(` ${k}`, ' K');
        break;
      }
  return t.replace(/N[.!?…:;,]+(?=[.,:])/g, 'N').replace(/\d+(?:[,.]\d+)*/g, '#');
}

describe('local writer: every guide language', () => {
  const stops = sample();

  it.each(GUIDE_LANGUAGES.filter((l) => l !== 'en'))(
    'writes %s guides for 50 seed sights whose every sentence is a frame of the language filled with given facts',
    async (lang) => {
      const frames = framesOf(lang);
      let all = '';
      for (const sight of stops) {
        const facts: GuideFacts = { sight, stations: [], nearby: nearbyOf(sight) };
        const g = await localGuideWriter.write(facts, { maxStations: 5, language: lang });
        expect(g.language).toBe(lang);
        const given = [facts.sight, ...facts.nearby];
        for (const st of g.stations) {
          expect(st.facts).toHaveLength(st.sentences.length);
          st.sentences.forEach((sentence, i) => {
            const fs = st.facts![i];
            const where = `${lang} ${sight.id} / ${st.title}: "${sentence}"`;
            expect({ where, facts: fs.length > 0 }).toEqual({ where, facts: true });
            for (const f of fs) {
              expect({ where, kind: KINDS.has(f.kind) }).toEqual({ where, kind: true });
              const owner = f.sightId ? given.find((x) => x.id === f.sightId) : null;
              if (f.sightId) expect({ where, owner: Boolean(owner) }).toEqual({ where, owner: true });
              if (owner && f.kind === 'name') expect(f.value).toBe(owner.name);
              if (owner && f.kind === 'city') expect(f.value).toBe(owner.city);
              if (owner && f.kind === 'country') expect(f.value).toBe(owner.country);
            }
            const frame = frameIn(lang, sentence, fs);
            expect({ where, frame, known: frames.has(frame) }).toEqual({ where, frame, known: true });
            // The writer's own words (the sights' names, in many languages, taken out).
            all += ` ${frameIn(lang, sentence, fs).replace(/\b(N|T|C|CO)\b/g, '')}`;
          });
        }
      }
      expect(detectAll(all)[0]?.lang).toBe(lang);
    },
    60_000,
  );

  it('names the city, country and directions in the language, keeping the facts as given', async () => {
    const sight = toStop(byId.get('wd-Q10285')!);
    const g = await localGuideWriter.write(
      { sight, stations: [], nearby: nearbyOf(sight) },
      { maxStations: 3, language: 'fr' },
    );
    expect(g.stations[0].sentences.slice(0, 2)).toEqual([
      'Bienvenue à Colosseum.',
      'Colosseum est un monument à Rome (Italie).',
    ]);
    expect(g.stations[0].facts![1]).toContainEqual({
      kind: 'country',
      value: 'Italy',
      said: 'Italie',
      sightId: 'wd-Q10285',
    });
    const text = g.stations.flatMap((s) => s.sentences).join(' ');
    expect(text).toMatch(/marchez environ \d+ mètres vers (le |l’)/);
    expect(detectAll(text, { only: [...GUIDE_LANGUAGES] })[0]?.lang).toBe('fr');
    const arabic = await localGuideWriter.write(
      { sight, stations: [], nearby: [] },
      { maxStations: 1, language: 'ar' },
    );
    expect(arabic.stations[0].sentences).toEqual([
      'مرحبا بكم في Colosseum.',
      'Colosseum هو معلم بارز في روما، إيطاليا.',
      'لا يتوفر بعد وصف بترخيص مفتوح عن Colosseum باللغة العربية، لذلك يقتصر هذا الدليل على الحقائق.',
      'يتناول هذا الدليل القصير هذا المكان وحده.',
      'شكرا لاستماعكم.',
    ]);
  });
});
