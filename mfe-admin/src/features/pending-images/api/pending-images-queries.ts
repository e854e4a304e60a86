import { useMutation, useQuery, useQueryClient } from '@wayfarer/query';
import { invalidateDashboardStats } from '../../../lib/dashboard-keys';
import { pendingImagesKeys } from './keys';
import { moderateImage, moderateImages, signedPreviewUrl, type PendingImage } from './pending-images-api';

/** Signed preview URLs expire: one is reused for a few minutes, then signed again. */
const PREVIEW_STALE_MS = 5 * 60_000;

export const useImagePreview = (storagePath: string) =>
  useQuery({
    queryKey: pendingImagesKeys.preview(storagePath),
    queryFn: () => signedPreviewUrl(storagePath),
    staleTime: PREVIEW_STALE_MS,
  });

type Action = 'approve' | 'reject';

/**
 * Moderation: the reviewed images leave the cached queue, and the dashboard's counts (pending, approved) are
 * invalidated so its 5-minute stats cache does not hide the change.
 */
function useReviewed() {
  const qc = useQueryClient();
  return (ids: readonly string[]) => {
    if (!ids.length) return;
    qc.setQueryData<PendingImage[]>(pendingImagesKeys.all, (list) =>
      (list ?? []).filter((i) => !ids.includes(i.id)),
    );
    void invalidateDashboardStats(qc);
  };
}

export function useModerateImage() {
  const reviewed = useReviewed();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: Action }) => moderateImage(id, action),
    onSuccess: (_v, { id }) => reviewed([id]),
  });
}

/** Bulk moderation in one call; ids the server did not update stay in the queue. */
export function useModerateImages() {
  const reviewed = useReviewed();
  return useMutation({
    mutationFn: ({ ids, action }: { ids: readonly string[]; action: Action }) => moderateImages(ids, action),
    onSuccess: ({ done }) => reviewed(done),
  });
}
