import { useCallback } from 'react';
import { getCityNames } from '@wayfarer/api-client';
import { useFormat } from '@wayfarer/i18n';
import { useQuery } from '@wayfarer/query';

/** Query keys of the city names (GET /geocode/city-names), one list per language. */
export const placeNameKeys = {
  cities: (lang: string) => ['place-names', 'cities', lang] as const,
};

// The app's six languages (contracts' PLACE_NAME_LANGS; not imported from there: that module builds zod schemas,
// which would bring zod into explore's first load).
const PLACE_LANGS: readonly string[] = ['en', 'de', 'fr', 'es', 'it', 'ar'];

const regionNames = new Map<string, Intl.DisplayNames | null>();
/** The country's name in `lang` (Intl.DisplayNames), or null where the browser has none. */
export function countryNameIn(lang: string, code: string | null | undefined): string | null {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return null;
  if (!regionNames.has(lang)) {
    try {
      regionNames.set(lang, new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' }));
    } catch {
      regionNames.set(lang, null);
    }
  }
  return regionNames.get(lang)?.of(code.toUpperCase()) ?? null;
}

export interface PlaceParts {
  city?: string | null;
  country?: string | null;
  country_code?: string | null;
}

/**
 * "City, Country" in the page's language: the city from the seed's names list (GeoNames alternate names, fetched
 * once per language and kept: "Roma" reads Rome, Rom or روما), the country from Intl.DisplayNames. Until the list
 * has come, and for a city it does not hold, the city as the data spells it.
 */
export function usePlaceName(): (p: PlaceParts) => string {
  const lang = useFormat().locale.split('-')[0]!.toLowerCase();
  const { data } = useQuery({
    queryKey: placeNameKeys.cities(lang),
    queryFn: ({ signal }) => getCityNames(lang, signal),
    enabled: PLACE_LANGS.includes(lang),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
  const names = data?.names;
  return useCallback(
    (p: PlaceParts) => {
      const cc = p.country_code?.toUpperCase() ?? '';
      const city = p.city ? (names?.[`${cc}|${p.city}`] ?? p.city) : null;
      const country = countryNameIn(lang, cc) ?? p.country ?? null;
      return [city, country].filter(Boolean).join(', ');
    },
    [names, lang],
  );
}
