import { useCallback, useSyncExternalStore } from 'react';
import type { GuideLanguage } from '@wayfarer/contracts';
import { defaultGuideLanguage } from '../utils/guide-language';

/**
 * The guide language the traveller chose on a sight's page, kept for this tab: the guide section shows and makes
 * the sight's guide in it, and the sight's offline pack downloads that guide ("the chosen guide's
 * audio and transcript in the chosen language"). Until a choice is made, the UI's language.
 */
const chosen = new Map<string, GuideLanguage>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useGuideLanguage(sightId: string): [GuideLanguage, (language: GuideLanguage) => void] {
  const language = useSyncExternalStore(subscribe, () => chosen.get(sightId) ?? defaultGuideLanguage());
  const choose = useCallback(
    (next: GuideLanguage) => {
      chosen.set(sightId, next);
      for (const listener of listeners) listener();
    },
    [sightId],
  );
  return [language, choose];
}
