import { AppError } from '@wayfarer/api-client';
import { getSupabase } from '@wayfarer/session';

/** The signed-in user's profile row (spec point 7: the hosted backend's profiles table). */
export interface ProfileRow {
  display_name: string | null;
  first_name: string | null;
  last_name: string | null;
  gender: string | null;
  birthdate: string | null;
  avatar_url: string | null;
}
export type ProfileFields = Omit<ProfileRow, 'avatar_url'>;

export const EMPTY_PROFILE: ProfileRow = {
  display_name: null,
  first_name: null,
  last_name: null,
  gender: null,
  birthdate: null,
  avatar_url: null,
};

/** Loads the profile row through the shared client; a read error carries the server's message. */
export async function loadProfile(userId: string): Promise<ProfileRow> {
  const { data, error } = await getSupabase()
    .from('profiles')
    .select('display_name, first_name, last_name, gender, birthdate, avatar_url')
    .eq('id', userId)
    .maybeSingle();
  if (error) throw new AppError(error.message || 'Could not load your profile');
  return { ...EMPTY_PROFILE, ...((data ?? {}) as Partial<ProfileRow>) };
}

/** Upserts the profile on its id; a save error shows the server message (spec point 8). */
export async function saveProfile(userId: string, row: ProfileFields): Promise<void> {
  const { error } = await getSupabase()
    .from('profiles')
    .upsert({ id: userId, ...row }, { onConflict: 'id' });
  if (error) throw new AppError(error.message || 'Could not save profile');
}
