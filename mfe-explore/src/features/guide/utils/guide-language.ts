import { GUIDE_LANGUAGES } from '@wayfarer/contracts/browser';
import type { GuideLanguage } from '@wayfarer/contracts';

/**
 * The language a new guide is asked for by default: the browser's language when it is one of the six guide
 * languages ('fr-CA' is French), else English. The one place to switch to the UI's language once the explore
 * remote has one (issue 19 point 2).
 */
export function defaultGuideLanguage(
  languages: readonly string[] = typeof navigator === 'undefined'
    ? []
    : (navigator.languages ?? [navigator.language]),
): GuideLanguage {
  for (const tag of languages) {
    const base = tag?.toLowerCase().split('-')[0];
    const hit = GUIDE_LANGUAGES.find((l) => l === base);
    if (hit) return hit;
  }
  return 'en';
}
