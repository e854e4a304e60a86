import { z } from 'zod';
import { queryInt, text } from './input';

/** GET /search: sights and places by name, as the explore search box lists them while one types. */

/** The longest query the search reads: longer names are rarer than typos in them. */
export const SEARCH_QUERY_MAX = 100;
export const SEARCH_LIMIT_MAX = 20;
export const SEARCH_LIMIT_DEFAULT = 8;

const coord = (min: number, max: number) => z.coerce.number().finite().min(min).max(max);

/** `lat` and `lon` come as a pair or not at all (the route answers 400 for one alone). */
export const SearchQuery = z.object({
  q: text().trim().min(1).max(SEARCH_QUERY_MAX),
  lat: coord(-90, 90).optional(),
  lon: coord(-180, 180).optional(),
  limit: queryInt().min(1).max(SEARCH_LIMIT_MAX).default(SEARCH_LIMIT_DEFAULT),
});
export type SearchQuery = z.input<typeof SearchQuery>;

export const SearchResult = z.object({
  kind: z.enum(['sight', 'place']),
  /** A sight's id (open /explore/:id), or a place's GeoNames id as text. */
  id: z.string(),
  name: z.string(),
  /** A sight's category slug; null for a place. */
  category: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  lat: z.number(),
  lon: z.number(),
  /** From the point sent (lat, lon); null without one. */
  distance_km: z.number().nullable(),
});
export type SearchResult = z.infer<typeof SearchResult>;

export const SearchResponse = z.object({ items: z.array(SearchResult) });
export type SearchResponse = z.infer<typeof SearchResponse>;
