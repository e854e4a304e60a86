import type { StopFacts } from '../services/guide-writer';

/** A guide stop for the writer tests: a London landmark of middling popularity unless `extra` says otherwise. */
export const stop = (
  id: string,
  name: string,
  lat: number,
  lon: number,
  extra: Partial<StopFacts> = {},
): StopFacts => ({
  id,
  name,
  latitude: lat,
  longitude: lon,
  category_slugs: ['landmark'],
  category_hint: null,
  subtype: null,
  city: 'London',
  country: 'United Kingdom',
  popularity: 50,
  ...extra,
});
