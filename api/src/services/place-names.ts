import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The six languages the app speaks; place names are kept for these only. */
export const PLACE_LANGS = ['en', 'de', 'fr', 'es', 'it', 'ar'] as const;
export type PlaceLang = (typeof PLACE_LANGS)[number];

const CITY_NAMES_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'data',
  'city-names.csv',
);

/** (country code, city as sights.csv spells it) → name by language. */
type CityTable = Map<string, Partial<Record<PlaceLang, string>>>;

let table: CityTable | null = null;

const key = (countryCode: string, name: string) => `${countryCode.trim().toUpperCase()}|${name.trim()}`;

function parseLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"') {
        if (line[i + 1] === '"') {
          cur += '"';
          i++;
        } else quoted = false;
      } else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

const isLang = (l: string): l is PlaceLang => (PLACE_LANGS as readonly string[]).includes(l);

/** Reads city-names.csv (`country_code,city,geonameid,lang,name,source`); a missing file is an empty table. */
export function loadCityNames(file = CITY_NAMES_FILE): CityTable {
  const t: CityTable = new Map();
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return t;
  }
  const lines = text.split('\n');
  const head = parseLine(lines[0] ?? '');
  const [iCc, iCity, iLang, iName] = ['country_code', 'city', 'lang', 'name'].map((h) => head.indexOf(h));
  for (const line of lines.slice(1)) {
    if (!line) continue;
    const f = parseLine(line);
    const lang = f[iLang];
    if (!isLang(lang) || !f[iName]) continue;
    const k = key(f[iCc], f[iCity]);
    const row = t.get(k) ?? {};
    row[lang] = f[iName];
    t.set(k, row);
  }
  return t;
}

function cityTable(): CityTable {
  table ??= loadCityNames();
  return table;
}

/** Only for tests: use this table instead of the shipped file (null goes back to the file). */
export function setCityNamesForTests(t: CityTable | null): void {
  table = t;
}

/**
 * A city's name in a language ('Roma', 'IT', 'de' → 'Rom'), from the open names list built by
 * scripts/data/build-city-names.mjs. A city or language the list does not know keeps the name it was given.
 */
export function localCityName(name: string, countryCode: string | null | undefined, lang: string): string {
  if (!name || !countryCode) return name;
  const l = lang.slice(0, 2).toLowerCase();
  if (!isLang(l)) return name;
  return cityTable().get(key(countryCode, name))?.[l] ?? name;
}

const regionNames = new Map<string, Intl.DisplayNames>();

/** A country's name in a language from its ISO code ('DE', 'fr' → 'Allemagne'), through Intl.DisplayNames (CLDR). */
export function localCountryName(countryCode: string, lang: string): string {
  const cc = countryCode.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(cc)) return countryCode;
  const l = lang.slice(0, 2).toLowerCase() || 'en';
  let names = regionNames.get(l);
  if (!names) {
    try {
      names = new Intl.DisplayNames([l], { type: 'region', fallback: 'none' });
    } catch {
      return countryCode;
    }
    regionNames.set(l, names);
  }
  return names.of(cc) ?? countryCode;
}

/**
 * Every known city name in a language that differs from the name the data gives it, keyed `CC|city` (the client
 * localises lists and the sight page with it). Names equal to the source are left out: the client falls back.
 */
export function cityNamesFor(lang: PlaceLang): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, names] of cityTable()) {
    const n = names[lang];
    if (n && n !== k.slice(k.indexOf('|') + 1)) out[k] = n;
  }
  return out;
}
