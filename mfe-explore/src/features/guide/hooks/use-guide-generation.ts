import { useEffect, useRef, useState } from 'react';
import { errorText, isGuideLimitError } from '@wayfarer/api-client';
import type { Guide, GuideLanguage, GuideLimitError, GuideVoice } from '@wayfarer/contracts';
import { useGenerateGuide, useGuideProgress, useSightGuide } from '../api/guide-queries';
import { tExplore } from '../../../i18n';
import { toPlayerStations, type PlayableStation } from '../transcript';

/** Seconds since `running` became true (0 while it is false), ticking every half second. */
function useElapsed(running: boolean): number {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (!running) return;
    setElapsed(0);
    const start = Date.now();
    const t = setInterval(() => setElapsed((Date.now() - start) / 1000), 500);
    return () => clearInterval(t);
  }, [running]);
  return elapsed;
}

/**
 * The guide of a sight for the signed-in user in `language`: the stored one, the languages the sight has guides in
 * and the month's usage, a new one asked for, and the one being made followed station by station: each station goes
 * to the player (onStations) as soon as it is narrated, so station 1 plays while the rest are made. A guide still
 * being made when the page opens is followed too.
 */
export function useGuideGeneration(
  sightId: string,
  language: GuideLanguage,
  onStations: (s: PlayableStation[]) => void,
) {
  const stored = useSightGuide(sightId, language);
  const generate = useGenerateGuide(sightId);
  const [making, setMaking] = useState<Guide | null>(null);
  const progress = useGuideProgress(making);
  const handed = useRef<{ id: string; count: number } | null>(null);
  const latest = useRef(onStations);
  latest.current = onStations;

  /** Hands the guide's stations to the player when it has more than were handed over already. */
  const handOver = (g: Guide) => {
    const h = handed.current;
    if (!g.stations.length || (h && h.id === g.id && h.count >= g.stations.length)) return;
    handed.current = { id: g.id, count: g.stations.length };
    latest.current(toPlayerStations(g));
  };

  useEffect(() => {
    const d = stored.data;
    if (!d) return;
    if (d.guide) handOver(d.guide);
    if (d.pending) setMaking((m) => m ?? d.pending);
  }, [stored.data]);

  useEffect(() => {
    if (making && progress.data) handOver(progress.data);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [progress.data]);

  const guide = making ? (progress.data ?? making) : null;
  const following =
    guide !== null && guide.status !== 'ready' && guide.status !== 'failed' && !progress.error;
  const busy = generate.isPending || following;
  const limit = isGuideLimitError(generate.error) ? (generate.error.body as GuideLimitError) : null;
  const limitHit = limit !== null;
  const usage = limit ? (limit.usage ?? null) : (stored.data?.usage ?? null);
  const error =
    generate.error && !limitHit
      ? errorText(generate.error)
      : guide?.status === 'failed'
        ? (guide.failure ?? tExplore('guide.failed'))
        : progress.error
          ? errorText(progress.error)
          : null;

  const run = (voice: GuideVoice) => {
    setMaking(null);
    generate.mutate({ voice, language }, { onSuccess: (res) => setMaking(res.guide) });
  };

  // The guide playing: the one being made, else the stored one in this language.
  const shown = guide ?? stored.data?.guide ?? null;
  const languages = stored.data?.languages ?? [];
  return { run, busy, guide, shown, languages, elapsed: useElapsed(busy), usage, limitHit, error };
}
