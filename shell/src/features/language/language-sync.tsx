import { useEffect } from 'react';
import { applyLanguage, isLanguage, onLanguageChosen } from '@wayfarer/i18n';
import { getSupabase, sessionStore, useUserState, userStateAtom } from '@wayfarer/session';

/** Saves the signed-in user's language on the profile (a failure only logs: the choice still applies here). */
async function saveProfileLanguage(userId: string, language: string): Promise<void> {
  const { error } = await getSupabase().from('profiles').update({ language }).eq('id', userId);
  if (error) console.error('[shell] could not save the language on the profile', error);
}

/**
 * Keeps the language and the signed-in profile together: at sign-in the profile's language applies (a profile
 * without one keeps the language in use, unsaved); each choice (navbar, account page) is saved on the profile.
 */
export function LanguageSync() {
  const { user } = useUserState();
  const userId = user?.id;
  const profileLanguage = user?.language;
  useEffect(() => {
    if (userId && isLanguage(profileLanguage)) void applyLanguage(profileLanguage);
  }, [userId, profileLanguage]);
  useEffect(
    () =>
      onLanguageChosen((language) => {
        const current = sessionStore.get(userStateAtom).user;
        if (!current) return;
        sessionStore.set(userStateAtom, {
          ...sessionStore.get(userStateAtom),
          user: { ...current, language },
        });
        void saveProfileLanguage(current.id, language);
      }),
    [],
  );
  return null;
}
