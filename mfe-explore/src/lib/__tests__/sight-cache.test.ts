import type { SightDetailResponse } from '@wayfarer/contracts';
import { createQueryClient } from '@wayfarer/session';
import {
  applyRating,
  applySightEnrichment,
  removeSightImage,
  sightKeys,
  updateSightRating,
  type SightDetail,
  type SightImage,
} from '../sight-cache';

const img = (id: string): SightImage => ({
  id,
  user_id: 'me',
  status: 'approved',
  url: `https://api/x/${id}`,
  width: null,
  height: null,
});
const sight = (id: string, over: Partial<SightDetail> = {}): SightDetail => ({
  id,
  slug: id,
  name: 'S',
  description: '',
  cover_image_url: null,
  img_preview: null,
  city: null,
  country: null,
  country_code: null,
  latitude: 0,
  longitude: 0,
  rating_avg: 4,
  ratings_count: 2,
  category_slugs: [],
  category_hint: null,
  popularity: null,
  images: [],
  ...over,
});

function cached(...sights: SightDetail[]) {
  const client = createQueryClient();
  for (const s of sights)
    client.setQueryData<SightDetailResponse>(sightKeys.detail(s.id), { sight: s, stations: [] });
  const get = (id: string) => client.getQueryData<SightDetailResponse>(sightKeys.detail(id));
  return { client, get };
}

describe('the open sight in the cache', () => {
  it('a rated comment updates the average and count locally (added, changed, removed); other sights stay', () => {
    const { client, get } = cached(sight('s1'), sight('s2'));
    updateSightRating(client, 's1', 1, null);
    expect(get('s1')!.sight).toMatchObject({ ratings_count: 3, rating_avg: 3 });
    updateSightRating(client, 's1', 4, 1);
    expect(get('s1')!.sight).toMatchObject({ ratings_count: 3, rating_avg: 4 });
    updateSightRating(client, 's1', null, 4);
    expect(get('s1')!.sight).toMatchObject({ ratings_count: 2, rating_avg: 4 });
    const other = get('s2');
    updateSightRating(client, 'other', 5, null);
    expect(get('s2')).toBe(other);
    expect(applyRating(null, 0, 5)).toEqual({ rating_avg: 5, ratings_count: 1 });
  });

  it('updates the open sight only', () => {
    const { client, get } = cached(sight('s1'), sight('s2'));
    updateSightRating(client, 's1', 5, null);
    expect(get('s1')!.sight).toMatchObject({ ratings_count: 3, rating_avg: 4.33 });
    expect(get('s2')!.sight).toMatchObject({ ratings_count: 2, rating_avg: 4 });
  });

  it("drops a deleted image from the open sight (its gallery), leaving other sights' state alone", () => {
    const { client, get } = cached(
      sight('s1', { images: [img('a'), img('b')] }),
      sight('s2', { images: [img('a')] }),
    );
    removeSightImage(client, 's1', 'a');
    expect(get('s1')!.sight.images.map((i) => i.id)).toEqual(['b']);
    expect(get('s2')!.sight.images.map((i) => i.id)).toEqual(['a']);
    const before = get('s1');
    removeSightImage(client, 's1', 'zz');
    expect(get('s1')!.sight).toBe(before!.sight);
    removeSightImage(createQueryClient(), 's1', 'a'); // nothing cached: nothing to change
  });

  it('applies the list enrichment to the open sight, never an empty field, nothing when it failed', () => {
    const { client, get } = cached(sight('s1', { city: 'Paris' }));
    applySightEnrichment(client, {
      sight_id: 's1',
      ok: true,
      city: null,
      country: 'France',
      country_code: 'FR',
    });
    expect(get('s1')!.sight).toMatchObject({ city: 'Paris', country: 'France', country_code: 'FR' });
    applySightEnrichment(client, { sight_id: 's1', ok: false, city: 'Lyon' });
    expect(get('s1')!.sight.city).toBe('Paris');
  });
});
