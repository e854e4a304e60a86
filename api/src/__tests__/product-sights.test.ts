import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { refreshWrittenDescriptions } from '../services/seed';
import { enrichSight } from '../services/sights';
import { startTestServer, type TestServer } from '../testing/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seed: true });
}, 120_000);
afterAll(async () => {
  await s?.close();
});

const get = async (path: string) => {
  const r = await fetch(`${s.url}${path}`);
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
};

describe('GET /sights/nearby', () => {
  it('returns the real seeded Paris sights within 5 km, sorted by distance', async () => {
    const { status, body } = await get('/sights/nearby?lat=48.8584&lon=2.2945&km=5');
    expect(status).toBe(200);
    const items = body.items as Array<{ name: string; distance_m: number; distance_km: number }>;
    expect(items.length).toBeGreaterThanOrEqual(60);
    expect(items.length).toBeLessThanOrEqual(80);
    expect(items.some((i) => i.name === 'Eiffel Tower')).toBe(true);
    for (let i = 1; i < items.length; i++)
      expect(items[i].distance_m).toBeGreaterThanOrEqual(items[i - 1].distance_m);
    expect(
      items.every((i) => i.distance_m <= 5000 && Math.abs(i.distance_km * 1000 - i.distance_m) < 1),
    ).toBe(true);
  });

  it('filters by category with aliases', async () => {
    const { body } = await get('/sights/nearby?lat=48.8584&lon=2.2945&km=5&categories=museum');
    const items = body.items as Array<{ category_slugs: string[] }>;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.category_slugs.includes('museum'))).toBe(true);
    const alias = await get('/sights/nearby?lat=48.8584&lon=2.2945&km=20&type=history');
    expect(
      (alias.body.items as Array<{ category_slugs: string[] }>).every((i) =>
        i.category_slugs.includes('historic'),
      ),
    ).toBe(true);
  });

  it('clamps km to 20 and rejects bad coordinates with 400', async () => {
    const far = await get('/sights/nearby?lat=48.8584&lon=2.2945&km=500');
    expect((far.body.items as Array<{ distance_m: number }>).every((i) => i.distance_m <= 20000)).toBe(true);
    expect((await get('/sights/nearby?lat=abc&lon=2')).status).toBe(400);
    expect((await get('/sights/nearby?lat=91&lon=2')).status).toBe(400);
  });
});

describe('GET /sights/detail/:id', () => {
  it('returns the sight and stations; 404 for unknown ids', async () => {
    const ok = await get('/sights/detail/wd-Q243');
    expect(ok.status).toBe(200);
    expect((ok.body.sight as { name: string }).name).toBe('Eiffel Tower');
    expect(Array.isArray(ok.body.stations)).toBe(true);
    expect((await get('/sights/detail/nope-123')).status).toBe(404);
  });
});

describe('geocoding', () => {
  it('forward and reverse geocode from the gazetteer in the Nominatim shape', async () => {
    const f = await fetch(`${s.url}/geocode?q=Paris&limit=3&format=json`);
    const places = (await f.json()) as Array<{ lat: string; lon: string; address: { country_code: string } }>;
    expect(places[0].address.country_code).toBe('fr');
    expect(Number(places[0].lat)).toBeCloseTo(48.85, 0);
    const r = await get('/geocode/reverse?lat=48.8584&lon=2.2945&zoom=10&addressdetails=1');
    expect(r.body.address).toMatchObject({ country: 'France', country_code: 'fr' });
    // The Eiffel Tower is in Paris (the nearest town centre is Neuilly-sur-Seine's).
    expect(r.body.address).toMatchObject({ city: 'Paris' });
  }, 30_000);

  it('enrichment names the city a sight belongs to, within its stored country', async () => {
    await s.db.query(`UPDATE public.sights SET city = NULL WHERE id IN ('wd-Q243', 'wd-Q12512')`);
    expect(await enrichSight(s.db, { sight_id: 'wd-Q243' })).toMatchObject({
      ok: true,
      city: 'Paris',
      country: 'France',
      country_code: 'FR',
    });
    expect(await enrichSight(s.db, { sight_id: 'wd-Q10285', force: true })).toMatchObject({
      ok: true,
      city: 'Rome',
      country_code: 'IT',
    });
    // The seed stores St. Peter's Basilica in Italy; the nearer Vatican City centre (another country) does not
    // take it over while the stored country stands.
    const peter = await enrichSight(s.db, { sight_id: 'wd-Q12512' });
    expect(peter).toMatchObject({ ok: true, city: 'Rome', country_code: 'IT' });
    const { rows } = await s.db.query<{ city: string }>(
      `SELECT city FROM public.sights WHERE id = 'wd-Q243'`,
    );
    expect(rows[0].city).toBe('Paris');
  }, 30_000);
});

describe('descriptions', () => {
  it("rewrites the old writer's filler in stored descriptions, and leaves an admin's own text alone", async () => {
    const desc = async (id: string) =>
      (await s.db.query<{ description: string }>('SELECT description FROM public.sights WHERE id = $1', [id]))
        .rows[0].description;
    expect(await desc('wd-Q243')).toBe('Eiffel Tower is a landmark in Paris, France.');
    const old = {
      // As the pre-issue-18 writer stored them.
      'wd-Q10285':
        'Colosseum is a landmark in Roma, Italy. It is a well-known stop for travellers. Take a moment to see it from a distance as well as up close.',
      'wd-Q19675':
        'Louvre Museum is a museum in Paris, France. It is one of the most visited places of its kind. Plan time for the collections and check opening hours before you go.',
      'ne-agate-fossil-beds-national-monument':
        'Agate Fossil Beds National Monument is a national_monument in United States. It is a quieter place off the busiest routes. Take a moment to see it from a distance as well as up close.',
      // An admin's text that happens to end with an old tip.
      'wd-Q2981':
        'Notre-Dame de Paris is being restored. Take a moment to see it from a distance as well as up close.',
    };
    for (const [id, d] of Object.entries(old))
      await s.db.query('UPDATE public.sights SET description = $2 WHERE id = $1', [id, d]);
    expect(await refreshWrittenDescriptions(s.db)).toBe(3);
    // Written from the row's facts as they stand now (the enrichment above named the Colosseum's city Rome).
    expect(await desc('wd-Q10285')).toBe('Colosseum is a landmark in Rome, Italy.');
    expect(await desc('wd-Q19675')).toBe('Louvre Museum is a museum in Paris, France.');
    expect(await desc('ne-agate-fossil-beds-national-monument')).toBe(
      'Agate Fossil Beds National Monument is a national monument in United States.',
    );
    expect(await desc('wd-Q2981')).toBe(old['wd-Q2981']);
    expect(await refreshWrittenDescriptions(s.db)).toBe(0);
    const detail = await get('/sights/detail/wd-Q10285');
    expect((detail.body.sight as { description: string }).description).toBe(
      'Colosseum is a landmark in Rome, Italy.',
    );
  }, 30_000);
});

describe('public content', () => {
  it('lists only published news and roadmap and the active theme', async () => {
    const news = await get('/news');
    expect((news.body.news as Array<{ is_published: boolean }>).every((n) => n.is_published)).toBe(true);
    const roadmap = await get('/roadmap');
    expect((roadmap.body.roadmap as Array<{ is_published: boolean }>).length).toBeGreaterThan(0);
    const theme = await get('/active-theme');
    expect(theme.body.theme).toMatchObject({ name: 'Dark', is_seasonal: false });
    const docs = await fetch(`${s.url}/docs`);
    expect(await docs.text()).toContain('/sights/nearby');
  });
});
