import { useMutation, useQueryClient } from '@wayfarer/query';
import { deleteSightImage } from '@wayfarer/api-client';
import { getAccessToken } from '@wayfarer/session';
import { removeSightImage, sightKeys } from '../../../lib/sight-cache';
import { tExplore } from '../../../i18n';
import { uploadImage } from './image-api';

/** Thrown (as its message) by a write without a session: the spec's 'Authentication required'. */
export class AuthRequiredError extends Error {
  constructor() {
    super(tExplore('images.authRequired'));
    this.name = 'AuthRequiredError';
  }
}

async function needToken(): Promise<string> {
  const t = await getAccessToken().catch(() => null);
  if (!t) throw new AuthRequiredError();
  return t;
}

// The open sight keeps its copy (the changes are applied to it here); the next visit reads it again.
const markStale = (client: ReturnType<typeof useQueryClient>) =>
  void client.invalidateQueries({ queryKey: sightKeys.details(), refetchType: 'none' });

/** Upload a photo of the sight (POST /sights/:id/images) with its progress; it is pending review until approved. */
export function useUploadImage(sightId: string, onProgress: (fraction: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const token = await needToken();
      onProgress(0);
      return uploadImage(sightId, token, file, onProgress);
    },
    onSuccess: () => markStale(client),
  });
}

/** Delete one of the user's photos; an approved one leaves the sight's gallery at once. */
export function useDeleteImage(sightId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (imageId: string) => deleteSightImage(sightId, imageId, await needToken()),
    onSuccess: (_res, imageId) => {
      removeSightImage(client, sightId, imageId);
      markStale(client);
    },
  });
}
