import { useAtomValue } from 'jotai';
import { readRuntimeConfig } from '@wayfarer/contracts/browser';
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

/** The navbar's Admin link rule: the client-side list of admin e-mails (authorization itself is the API's). */
export function isAdminEmail(email: string | null | undefined): boolean {
  if (!email) return false;
  return readRuntimeConfig().adminEmails.includes(email.toLowerCase());
}
