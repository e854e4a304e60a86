import { useMutation, useQuery, useQueryClient } from '@wayfarer/query';
import { getAccessToken } from '@wayfarer/session';
import type { OfflinePack } from '@wayfarer/contracts';
import { estimateBytes, type PackFile } from '../utils/pack-plan';
import { downloadKeys } from './keys';
import {
  deletePack,
  downloadPack,
  fileSizes,
  readPackIndex,
  requestPersistence,
  storageEstimate,
  type PackProgress,
} from './pack-store';

const token = () => getAccessToken().catch(() => null);

/** The packs on this device (Cache Storage: read with or without a connection). */
export const usePackIndex = () =>
  useQuery({ queryKey: downloadKeys.index(), queryFn: readPackIndex, networkMode: 'always' });

/** The site's storage use, quota and whether it is persistent. */
export const useStorageEstimate = () =>
  useQuery({ queryKey: downloadKeys.storage(), queryFn: storageEstimate, networkMode: 'always' });

/** The size of a sight's pack before downloading it (asked for once a minute at most). */
export const usePackEstimate = (
  sightId: string,
  language: string | null,
  files: PackFile[],
  enabled: boolean,
) =>
  useQuery({
    queryKey: [...downloadKeys.estimate(sightId, language), files.length],
    queryFn: async () => estimateBytes(files, await fileSizes(files, await token())),
    enabled,
    staleTime: 60_000,
  });

/** Everything on the Downloads page and the sight's download block follows a change. */
const useRefresh = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: downloadKeys.all });
};

export function useDownloadPack(onProgress: (p: PackProgress | null) => void) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({
      files,
      pack,
    }: {
      files: PackFile[];
      pack: Omit<OfflinePack, 'bytes' | 'files' | 'savedAt'>;
    }) => downloadPack(files, pack, await token(), onProgress),
    onSettled: () => {
      onProgress(null);
      return refresh();
    },
  });
}

/** Deleting works offline too (it is this device's storage). */
export function useDeletePack() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: deletePack, networkMode: 'always', onSettled: refresh });
}

export function useRequestPersistence() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: requestPersistence, networkMode: 'always', onSettled: refresh });
}
