import { COMMON_NS, useTranslation } from '@wayfarer/i18n';

/**
 * The shared components' own words ('Loading…', a toast's close label) in the page's language, from the common
 * catalog of @wayfarer/i18n (English bundled, so this never suspends: a Suspense fallback uses it).
 */
export function useCommonText() {
  return useTranslation(COMMON_NS, { useSuspense: false }).t;
}
