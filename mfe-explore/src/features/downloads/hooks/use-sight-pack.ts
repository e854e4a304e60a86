import { useMemo, useState } from 'react';
import { readRuntimeConfig } from '@wayfarer/contracts/browser';
import { resolveApiBase } from '@wayfarer/api-client';
import { apiUrl } from '../../../lib/api-url';
import { useGuideLanguage, useSightGuide } from '../../guide';
import { packPlan } from '../utils/pack-plan';
import { useDeletePack, useDownloadPack, usePackEstimate, usePackIndex } from '../api/pack-queries';
import type { PackProgress } from '../api/pack-store';
import { useOnline } from './use-online';

export interface PackSight {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
}

/**
 * A sight's offline pack: what it would hold (its detail, comments, the traveller's guide in the chosen language
 * with its audio, its photos and map tiles), its size before downloading, the download with its progress, and
 * the stored pack once there.
 */
export function useSightPack(sight: PackSight, photos: string[]) {
  // The guide the traveller chose on the sight's page, in its language (the UI's until they choose).
  const [language] = useGuideLanguage(sight.id);
  const online = useOnline();
  const guide = useSightGuide(sight.id, language);
  const ready = guide.data?.guide?.status === 'ready' ? guide.data.guide : null;
  const files = useMemo(
    () =>
      packPlan({
        apiBase: resolveApiBase(),
        sightId: sight.id,
        latitude: sight.latitude,
        longitude: sight.longitude,
        language: ready ? language : null,
        audio: (ready?.stations ?? []).map((s) => apiUrl(s.audio_url)).filter((u): u is string => Boolean(u)),
        photos,
        tileTemplate: readRuntimeConfig().mapTileUrl,
      }),
    [sight.id, sight.latitude, sight.longitude, ready, language, photos],
  );
  const index = usePackIndex();
  const saved = index.data?.packs.find((p) => p.sightId === sight.id) ?? null;
  const estimate = usePackEstimate(sight.id, ready ? language : null, files, online && !guide.isPending);
  const [progress, setProgress] = useState<PackProgress | null>(null);
  const download = useDownloadPack(setProgress);
  const remove = useDeletePack();
  return {
    online,
    saved,
    guide: ready,
    language,
    estimate: estimate.data ?? null,
    progress,
    busy: download.isPending || remove.isPending,
    failed: download.isError,
    download: () =>
      download.mutate({
        files,
        pack: {
          sightId: sight.id,
          name: sight.name,
          language: ready ? language : null,
          stations: ready?.stations.length ?? 0,
        },
      }),
    remove: () => remove.mutate(sight.id),
  };
}
