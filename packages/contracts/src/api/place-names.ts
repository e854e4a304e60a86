import { z } from 'zod';

/** The languages city names are kept in (the app's six). */
export const PLACE_NAME_LANGS = ['en', 'de', 'fr', 'es', 'it', 'ar'] as const;

/** GET /geocode/city-names: the seed's city names in one language, for lists and the sight page. */
export const CityNamesQuery = z.object({ lang: z.enum(PLACE_NAME_LANGS) });
export type CityNamesQuery = z.input<typeof CityNamesQuery>;

export const CityNamesResponse = z.object({
  lang: z.enum(PLACE_NAME_LANGS),
  /** `CC|city` as a sight carries them (country_code and city) → the city's name in `lang`, where it differs. */
  names: z.record(z.string(), z.string()),
});
export type CityNamesResponse = z.infer<typeof CityNamesResponse>;
