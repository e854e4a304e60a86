import { GUIDE_LANGUAGES } from '@wayfarer/contracts/browser';
import type { GuideLanguage } from '@wayfarer/contracts';
import { activeLanguage } from '@wayfarer/i18n';

/**
 * The language a new guide is asked for by default: the UI's language (the profile's, this device's choice or the
 * browser's). Given language tags instead: the first that is one of the six guide languages
 * ('fr-CA' is French), else English.
 */
export function defaultGuideLanguage(languages?: readonly string[]): GuideLanguage {
  if (!languages) return activeLanguage();
  for (const tag of languages) {
    const base = tag?.toLowerCase().split('-')[0];
    const hit = GUIDE_LANGUAGES.find((l) => l === base);
    if (hit) return hit;
  }
  return 'en';
}
