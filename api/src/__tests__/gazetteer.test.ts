import { beforeAll, describe, expect, it } from '@jest/globals';
import { getGazetteer, type Gazetteer } from '../services/gazetteer';
import { readSeedSights } from '../services/seed';

/** Famous places, with coordinates taken from the seed data (api/data/sights.csv), and the city people name. */
const FAMOUS: Array<[id: string, name: string, city: string, cc: string]> = [
  ['wd-Q243', 'Eiffel Tower', 'Paris', 'FR'],
  ['wd-Q19675', 'Louvre Museum', 'Paris', 'FR'],
  ['wd-Q2981', 'Notre-Dame de Paris', 'Paris', 'FR'],
  ['wd-Q28785', 'Sacré-Cœur', 'Paris', 'FR'],
  ['wd-Q10285', 'Colosseum', 'Rome', 'IT'],
  ['wd-Q99309', 'Pantheon', 'Rome', 'IT'],
  ['wd-Q48435', 'Sagrada Família', 'Barcelona', 'ES'],
  ['wd-Q41225', 'Big Ben', 'London', 'GB'],
  ['wd-Q62378', 'Tower of London', 'London', 'GB'],
  ['wd-Q9202', 'Statue of Liberty', 'New York City', 'US'],
  ['wd-Q9188', 'Empire State Building', 'New York City', 'US'],
  ['wd-Q44440', 'Golden Gate Bridge', 'San Francisco', 'US'],
  ['wd-Q45178', 'Sydney Opera House', 'Sydney', 'AU'],
  ['wd-Q12506', 'Hagia Sophia', 'Istanbul', 'TR'],
  ['wd-Q131013', 'Acropolis of Athens', 'Athens', 'GR'],
  ['wd-Q190804', 'Rijksmuseum', 'Amsterdam', 'NL'],
  ['wd-Q133274', 'Kremlin', 'Moscow', 'RU'],
  ['wd-Q80290', 'Forbidden City', 'Beijing', 'CN'],
];

describe('gazetteer: the city a place belongs to', () => {
  let gaz: Gazetteer;
  const seed = new Map(readSeedSights().map((r) => [r.id, r]));
  beforeAll(async () => {
    gaz = await getGazetteer();
  }, 60_000);

  it.each(FAMOUS)('%s (%s) is in %s', (id, name, city, cc) => {
    const s = seed.get(id)!;
    expect(s.name).toBe(name);
    const hit = gaz.locate(s.latitude, s.longitude);
    expect(hit?.city.name).toBe(city);
    expect(hit?.city.countryCode).toBe(cc);
    // The same answer when the caller knows the country.
    expect(gaz.locate(s.latitude, s.longitude, cc)?.city.name).toBe(city);
  });

  it('prefers the large city over a nearer small town centre, but not over a town the point is in', () => {
    const eiffel = seed.get('wd-Q243')!;
    // The nearest populated place is a suburb's centre; the Eiffel Tower still belongs to Paris.
    expect(gaz.nearest(eiffel.latitude, eiffel.longitude)?.city.name).toBe('Neuilly-sur-Seine');
    expect(gaz.locate(eiffel.latitude, eiffel.longitude)?.city.name).toBe('Paris');
    // Musée des années trente stands in Boulogne-Billancourt's centre, 8 km from Paris's: the suburb keeps it.
    const boulogne = seed.get('wd-Q3330124')!;
    expect(gaz.locate(boulogne.latitude, boulogne.longitude)?.city.name).toBe('Boulogne-Billancourt');
    // A small town's own centre keeps what stands in it, though a big city (San Francisco, 805,000) is 7 km off.
    const sausalito = gaz.search('Sausalito, United States', 1)[0];
    expect(sausalito.population).toBeLessThan(10_000);
    expect(gaz.locate(sausalito.lat + 0.002, sausalito.lon)?.city.name).toBe('Sausalito');
    // Neighbourhoods (GeoNames sections of a city) are not named as the city: the Statue of Liberty's nearest
    // place is the Financial District.
    const liberty = seed.get('wd-Q9202')!;
    expect(gaz.nearest(liberty.latitude, liberty.longitude)?.city.featureCode).toBe('PPLX');
    // A country hint keeps a sight out of the neighbouring state: St. Peter's Basilica is in Vatican City.
    const peter = seed.get('wd-Q12512')!;
    expect(gaz.locate(peter.latitude, peter.longitude, 'VA')?.city.name).toBe('Vatican City');
    expect(gaz.locate(41.9036, 12.4766, 'IT')?.city.name).toBe('Rome');
  });

  it('falls back to the nearest place far from any town', () => {
    // Mid-Atlantic: nothing within 30 km, the nearest place (whatever its distance) is returned.
    const hit = gaz.locate(30, -40);
    expect(hit).not.toBeNull();
    expect(hit!.distanceKm).toBeGreaterThan(30);
    expect(hit!.city.id).toBe(gaz.nearest(30, -40)!.city.id);
  });
});
