import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * api/data/sight-texts.jsonl: licensed descriptive text for seed sights, one row per sight and language, each
 * with where it came from. The builder's matching rule is checked on its own below.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const TEXTS = path.join(ROOT, 'api/data/sight-texts.jsonl');
const SIGHTS = path.join(ROOT, 'api/data/sights.csv');

interface TextRow {
  id: string;
  lang: string;
  title: string;
  text: string;
  source_url: string;
  licence: string;
  licence_url: string;
  origin: string;
}

interface Sight {
  id: string;
  name: string;
  lat: string;
  lon: string;
  category: string;
  city: string;
  popularity: string;
}

interface Site {
  name_en: string;
  name_fr: string;
  short_description_en: string;
  latitude: string;
  longitude: string;
}

interface BuilderLib {
  parseCsv(text: string): Record<string, string>[];
  htmlToParagraphs(html: string): string[];
  whcMatches(sight: Sight, site: Site): boolean;
}

const builder = (): Promise<BuilderLib> =>
  import(pathToFileURL(path.join(ROOT, 'scripts/data/build-sight-texts.mjs')).href) as Promise<BuilderLib>;

const rows: TextRow[] = fs
  .readFileSync(TEXTS, 'utf8')
  .split('\n')
  .filter((l) => l !== '')
  .map((l) => JSON.parse(l) as TextRow);

// The coverage the committed sources give today (see api/data/README.md); a rebuild that loses sights fails.
const MIN_SIGHTS_WITH_ENGLISH = 650;

describe('sight-texts.jsonl', () => {
  it('has one well-formed, attributed row per sight and language, for sights of the seed', async () => {
    const { parseCsv } = await builder();
    const ids = new Set(parseCsv(fs.readFileSync(SIGHTS, 'utf8')).map((s) => s.id));
    const seen = new Set<string>();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      const where = `${r.id}/${r.lang}`;
      expect({ where, known: ids.has(r.id) }).toEqual({ where, known: true });
      expect(['en', 'de', 'fr', 'es', 'it', 'ar']).toContain(r.lang);
      expect(r.text.trim().length).toBeGreaterThan(20);
      expect(r.text).not.toMatch(/<[a-z/][^>]*>|&[a-z]+;|[\u0080-\u009f\ufffd]/i);
      expect(r.title.trim()).not.toBe('');
      expect(r.source_url).toMatch(/^https:\/\/[^\s]+$/);
      expect(r.licence.trim()).not.toBe('');
      expect(r.licence_url).toMatch(/^https:\/\/creativecommons\.org\//);
      expect(r.origin).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}:\S+$/);
      expect(seen.has(`${r.id}\t${r.lang}`)).toBe(false);
      seen.add(`${r.id}\t${r.lang}`);
    }
  });

  it('gives English text for at least the documented number of sights', () => {
    const english = new Set(rows.filter((r) => r.lang === 'en').map((r) => r.id));
    expect(english.size).toBeGreaterThanOrEqual(MIN_SIGHTS_WITH_ENGLISH);
  });
});

describe('the World Heritage matching rule', () => {
  const site = (over: Partial<Site>): Site => ({
    name_en: 'Palace and Park of Versailles',
    name_fr: 'Palais et parc de Versailles',
    short_description_en: '<p>The Palace of Versailles was the principal residence of the French kings.</p>',
    latitude: '48.8044',
    longitude: '2.1232',
    ...over,
  });
  const sight = (over: Partial<Sight>): Sight => ({
    id: 'wd-Q2946',
    name: 'Palace of Versailles',
    lat: '48.80472',
    lon: '2.12028',
    category: 'historic',
    city: 'Versailles',
    popularity: '97',
    ...over,
  });

  it('takes a property that names the sight and lies near it', async () => {
    const { whcMatches } = await builder();
    expect(whcMatches(sight({ city: 'Paris' }), site({}))).toBe(true);
    // Its city's own name is not a distinctive word, but the summary spells the whole name out.
    expect(whcMatches(sight({}), site({}))).toBe(true);
  });

  it('refuses a property that is far away, or shares only the town', async () => {
    const { whcMatches } = await builder();
    expect(whcMatches(sight({ lat: '48.1', lon: '2.9' }), site({}))).toBe(false);
    const naples = site({
      name_en: 'Historic Centre of Naples',
      name_fr: 'Centre historique de Naples',
      short_description_en:
        '<p>From the Neapolis founded by Greek settlers in 470 B.C. to the city of today.</p>',
      latitude: '40.85',
      longitude: '14.2569',
    });
    const palace = sight({ name: 'Royal Palace of Naples', city: 'Napoli', lat: '40.8359', lon: '14.2487' });
    expect(whcMatches(palace, naples)).toBe(false);
  });

  it('turns the source HTML into plain paragraphs', async () => {
    const { htmlToParagraphs } = await builder();
    expect(
      htmlToParagraphs(
        '<p>Built in the XII<sup>e</sup> si&egrave;cle.</p>\n<p><em>Criterion (i):</em> A&nbsp;b</p>',
      ),
    ).toEqual(['Built in the XIIe siècle.', 'Criterion (i): A b']);
  });
});
