import { useMutation, useQuery, useQueryClient } from '@wayfarer/query';
import { deleteMyAvatar, uploadMyAvatar } from '@wayfarer/api-client';
import { fetchCurrentUser } from '@wayfarer/session';
import { accountKeys } from '../../../lib/account-keys';
import { requireToken, view } from '../../../lib/account-queries';
import { EMPTY_PROFILE, loadProfile, saveProfile, type ProfileFields, type ProfileRow } from './profile-api';

export const useProfile = (userId: string) =>
  view(
    useQuery({ queryKey: accountKeys.profile(userId), queryFn: () => loadProfile(userId) }),
    'Could not load your profile',
  );

/** Profile and avatar writes update the cached row; the navbar's user (name, picture) is read again. */
function useProfileCache(userId: string) {
  const qc = useQueryClient();
  return (patch: Partial<ProfileRow>) => {
    qc.setQueryData<ProfileRow>(accountKeys.profile(userId), (old) => ({
      ...(old ?? EMPTY_PROFILE),
      ...patch,
    }));
    void fetchCurrentUser();
  };
}

export function useSaveProfile(userId: string) {
  const update = useProfileCache(userId);
  return useMutation({
    mutationFn: (row: ProfileFields) => saveProfile(userId, row),
    onSuccess: (_v, row) => update(row),
  });
}

/** PUT /users/me/avatar with upload progress (`onProgress`, 0–100). */
export function useUploadAvatar(userId: string) {
  const update = useProfileCache(userId);
  return useMutation({
    mutationFn: async ({ image, onProgress }: { image: string; onProgress: (pct: number) => void }) =>
      uploadMyAvatar(image, await requireToken(), onProgress),
    onSuccess: (res) => update({ avatar_url: res.avatar_url }),
  });
}

export function useDeleteAvatar(userId: string) {
  const update = useProfileCache(userId);
  return useMutation({
    mutationFn: async () => deleteMyAvatar(await requireToken()),
    onSuccess: () => update({ avatar_url: null }),
  });
}
