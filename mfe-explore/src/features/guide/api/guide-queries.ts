import { useMutation, useQuery, useQueryClient } from '@wayfarer/query';
import { AppError, generateGuide, getGuide, getSightGuide } from '@wayfarer/api-client';
import type { Guide, GuideLanguage, GuideVoice, SightGuideResponse } from '@wayfarer/contracts';
import { getAccessToken } from '@wayfarer/session';
import { tExplore } from '../../../i18n';
import { guideKeys } from './keys';

/** How often the guide being made is asked for its progress. */
export const GUIDE_POLL_MS = 800;

// An auth client that cannot give a token means no session.
const token = () => getAccessToken().catch(() => null);

/**
 * The caller's latest guide of the sight in `language`, a guide still being made in it (another tab, before a
 * reload), the languages the sight has guides in and the month's usage. Signed out there is nothing to read (null).
 * A failed read is only logged: the page works without it.
 */
export function useSightGuide(sightId: string, language: GuideLanguage) {
  return useQuery({
    queryKey: guideKeys.bySight(sightId, language),
    queryFn: async (): Promise<SightGuideResponse | null> => {
      const t = await token();
      if (!t) return null;
      try {
        return await getSightGuide(sightId, t, language);
      } catch (e) {
        console.warn('guide load failed', e);
        return null;
      }
    },
  });
}

const finished = (g: Guide | undefined) => g?.status === 'ready' || g?.status === 'failed';

/**
 * A guide a worker is making, polled every GUIDE_POLL_MS until it is ready or failed (also in a background tab:
 * the stations keep arriving). `first` is the guide as last answered; the first poll comes one interval later.
 */
export function useGuideProgress(first: Guide | null) {
  return useQuery({
    queryKey: guideKeys.detail(first?.id ?? ''),
    queryFn: async () => (await getGuide(first!.id, await token())).guide,
    enabled: first !== null,
    initialData: first ?? undefined,
    staleTime: GUIDE_POLL_MS,
    refetchInterval: (q) => (finished(q.state.data) || q.state.error ? false : GUIDE_POLL_MS),
    refetchIntervalInBackground: true,
  });
}

/** 'Generate guide': asks for a new guide (the API answers at once, a worker makes it); the usage shown follows. */
export function useGenerateGuide(sightId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: guideKeys.generate(),
    mutationFn: async ({ voice, language }: { voice: GuideVoice; language: GuideLanguage }) => {
      const t = await token();
      if (!t) throw new AppError(tExplore('guide.authRequired'));
      return generateGuide({ sight_id: sightId, voice, language }, t);
    },
    onSuccess: (res, { language }) =>
      client.setQueryData<SightGuideResponse | null>(guideKeys.bySight(sightId, language), (d) =>
        d ? { ...d, usage: res.usage } : d,
      ),
  });
}
