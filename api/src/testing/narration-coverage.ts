import { GenerateGuideInput, type SightSummary } from '@wayfarer/contracts';
import { distanceM, localGuideWriter, type StopFacts } from '../services/guide-writer';
import { wordsOf } from '../services/narration-text';
import { API_DATA_DIR, readSeedSights, type SightRow } from '../services/seed';
import { readSightTexts, sightTextsFile, summaryOfText } from '../services/sight-texts';

/**
 * What the local writer makes of the most popular seed sights on a fresh install (no outside service): the writer
 * is fed what the guide job gives it, namely the sight, the nearby sights the job picks, and the shipped texts as the
 * seed loads them into the facts cache. Shared by the test that every sentence has its source and by `pnpm bench
 * narration`, which prints how many first stations reach the narration length.
 */
export interface NarrationCoverage {
  top: number;
  minSeconds: number;
  /** Sights whose English first station has at least `minSeconds` of narration drawn from sources. */
  covered: number;
  /** The sights short of it, with their sourced seconds. */
  short: Array<{ id: string; name: string; seconds: number }>;
  /** Sentences of the guides that name no source (`<sight id> / <station>: <sentence>`). */
  unsourced: string[];
}

const toStop = (r: SightRow): StopFacts => ({
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
});

/** The job's order for sights and stops: most popular first (no popularity last), then by id. */
const byPopularity = (a: SightRow, b: SightRow) =>
  (b.popularity ?? -Infinity) - (a.popularity ?? -Infinity) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export async function narrationCoverage(top = 200, minSeconds = 45): Promise<NarrationCoverage> {
  const file = sightTextsFile(API_DATA_DIR);
  if (!file) throw new Error(`no shipped sight texts in ${API_DATA_DIR}`);
  // As the seed loads them: the first row of a sight and language.
  const texts = new Map<string, SightSummary>();
  for (const r of readSightTexts(file).rows)
    if (r.lang === 'en' && !texts.has(r.id)) texts.set(r.id, summaryOfText(r));

  const options = GenerateGuideInput.parse({ sight_id: 'x' });
  const seed = readSeedSights();
  const chosen = [...seed].sort(byPopularity).slice(0, top);

  const short: NarrationCoverage['short'] = [];
  const unsourced: string[] = [];
  for (const row of chosen) {
    const sight = toStop(row);
    // The job's nearby query: within the radius, not the sight, most popular first, 60 at most.
    const nearby = seed
      .filter(
        (r) =>
          r.id !== row.id &&
          Math.abs(r.latitude - row.latitude) < 0.05 &&
          distanceM(row.latitude, row.longitude, r.latitude, r.longitude) <= options.nearby_radius_m,
      )
      .sort(byPopularity)
      .slice(0, 60)
      .map(toStop);
    const facts = Object.fromEntries(
      [sight, ...nearby].flatMap((s) =>
        texts.has(s.id) ? [[s.id, { summary: texts.get(s.id)!, claims: [] }]] : [],
      ),
    );
    const g = await localGuideWriter.write(
      { sight, stations: [], nearby: options.include_nearby ? nearby : [], facts },
      { maxStations: options.max_stations, language: 'en' },
    );
    for (const st of g.stations)
      st.sentences.forEach((s, i) => {
        if (!st.facts?.[i]?.length) unsourced.push(`${row.id} / ${st.title}: ${s}`);
      });
    const first = g.stations[0];
    const words = first.sentences
      .filter((_, i) => first.facts![i].some((f) => f.source))
      .reduce((n, s) => n + wordsOf(s).length, 0);
    const seconds = Math.round((words / options.words_per_minute) * 60);
    if (seconds < minSeconds) short.push({ id: row.id, name: row.name, seconds });
  }
  return { top: chosen.length, minSeconds, covered: chosen.length - short.length, short, unsourced };
}
