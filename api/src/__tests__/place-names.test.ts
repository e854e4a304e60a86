import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { localGuideWriter } from '../services/guide-writer';
import {
  PLACE_LANGS,
  cityNamesFor,
  loadCityNames,
  localCityName,
  localCountryName,
} from '../services/place-names';
import { readSeedSights } from '../services/seed';
import { stop } from '../testing/stop-facts';

/**
 * City and country names in the listener's language: the city from the open names list (api/data/city-names.csv,
 * built by scripts/data/build-city-names.mjs), the country from Intl.DisplayNames.
 */

describe('localCityName', () => {
  it('names Rome in each of the six languages', () => {
    const said = Object.fromEntries(PLACE_LANGS.map((l) => [l, localCityName('Roma', 'IT', l)]));
    expect(said).toEqual({ en: 'Rome', de: 'Rom', fr: 'Rome', es: 'Roma', it: 'Roma', ar: 'روما' });
  });

  it('names other well-known cities as their languages do', () => {
    expect(localCityName('München', 'DE', 'en')).toBe('Munich');
    expect(localCityName('München', 'DE', 'es')).toBe('Múnich');
    expect(localCityName('Āgra', 'IN', 'en')).toBe('Agra');
  });

  it('keeps the given name for an unknown city, country or language', () => {
    expect(localCityName('Nowhere-on-Sea', 'IT', 'de')).toBe('Nowhere-on-Sea');
    expect(localCityName('Roma', 'FR', 'de')).toBe('Roma');
    expect(localCityName('Roma', null, 'de')).toBe('Roma');
    expect(localCityName('Roma', 'IT', 'xx')).toBe('Roma');
  });

  it('reads a regional language tag by its language', () => {
    expect(localCityName('Roma', 'it', 'de-AT')).toBe('Rom');
  });

  it('covers the 1,000 most populous seed cities in every language for most of them', () => {
    // The names list covers each seed city it could match; the floor guards against a broken rebuild.
    const table = loadCityNames();
    const seedCities = new Set(readSeedSights().map((s) => `${s.country_code}|${s.city}`));
    const known = [...table.keys()].filter((k) => seedCities.has(k));
    expect(known.length).toBeGreaterThan(5000);
    for (const l of ['en', 'de', 'fr', 'es', 'ar'] as const)
      expect(known.filter((k) => table.get(k)![l]).length).toBeGreaterThan(2000);
  });

  it('reads a quoted name and skips unknown languages', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'city-names-')), 'c.csv');
    fs.writeFileSync(
      file,
      'country_code,city,geonameid,lang,name,source\nUS,"Washington, D.C.",1,fr,"Washington, D.C.",ne\nIT,Roma,2,xx,Rooma,ne\n',
    );
    const t = loadCityNames(file);
    expect(t.get('US|Washington, D.C.')).toEqual({ fr: 'Washington, D.C.' });
    expect(t.has('IT|Roma')).toBe(false);
  });
});

describe('cityNamesFor', () => {
  it('lists only the names that differ from the data', () => {
    const fr = cityNamesFor('fr');
    expect(fr['IT|Roma']).toBe('Rome');
    expect(fr['FR|Paris']).toBeUndefined();
  });
});

describe('localCountryName', () => {
  it('names a country from its code in the language', () => {
    expect(localCountryName('DE', 'fr')).toBe('Allemagne');
    expect(localCountryName('IT', 'de')).toBe('Italien');
    expect(localCountryName('IT', 'ar')).toBe('إيطاليا');
    expect(localCountryName('it', 'es')).toBe('Italia');
  });

  it('keeps what it cannot read', () => {
    expect(localCountryName('Italy', 'fr')).toBe('Italy');
    expect(localCountryName('XY', 'fr')).toBe('XY');
  });
});

describe('guides name places in their language', () => {
  const colosseum = stop('wd-Q10285', 'Colosseum', 41.8902, 12.4922, {
    city: 'Roma',
    country: 'Italy',
    country_code: 'IT',
  });
  const museum = stop('wd-Q1', 'Pergamonmuseum', 52.5212, 13.3969, {
    category_slugs: ['museum'],
    city: 'Berlin',
    country: 'Germany',
    country_code: 'DE',
  });

  it('a French guide names Rome "Rome" and Germany "Allemagne"', async () => {
    const rome = await localGuideWriter.write(
      { sight: colosseum, stations: [], nearby: [] },
      { maxStations: 1, language: 'fr' },
    );
    const text = rome.stations.flatMap((s) => s.sentences).join(' ');
    expect(text).toContain('Rome');
    expect(text).not.toContain('Roma');
    // The fact keeps the data's name and says what the sentence used.
    expect(rome.stations[0].facts!.flat()).toContainEqual({
      kind: 'city',
      value: 'Roma',
      sightId: 'wd-Q10285',
      said: 'Rome',
    });
    const berlin = await localGuideWriter.write(
      { sight: museum, stations: [], nearby: [] },
      { maxStations: 1, language: 'fr' },
    );
    expect(berlin.stations.flatMap((s) => s.sentences).join(' ')).toContain('Allemagne');
  });

  it('an English guide says "Rome", a German one "Rom", an Arabic one "روما"', async () => {
    const say = async (language: string) =>
      (
        await localGuideWriter.write(
          { sight: colosseum, stations: [], nearby: [] },
          { maxStations: 1, language },
        )
      ).stations[0].sentences.join(' ');
    expect(await say('en')).toContain('in Rome, Italy');
    expect(await say('de')).toContain('Rom');
    expect(await say('de')).not.toContain('Roma');
    expect(await say('ar')).toContain('روما');
  });
});
