import { useAtomValue } from 'jotai';
import { sessionStore, userStateAtom, type UserState } from './user-store';

export function useUserState(): UserState {
  return useAtomValue(userStateAtom, { store: sessionStore });
}

export function useCurrentUser() {
  return useUserState().user;
}

export function useCurrency(): number {
  return useUserState().currency;
}

/**
 * Whether to show the Admin link: the signed-in user's row in admin_users, as the API reads it (the same table that
 * authorises every admin route), so the link follows the account and never an e-mail address.
 */
export function useIsAdmin(): boolean {
  return Boolean(useUserState().user?.isAdmin);
}
