import type { DefaultValues, FieldValues, Resolver } from 'react-hook-form';
import { useValidatedForm } from '@wayfarer/ui/forms';
import { authForms } from './auth-forms';

/**
 * An account-remote form (login modes, profile, password): `useValidatedForm` with the account's schema module
 * warmed when the user first moves into the form.
 */
export function useAuthForm<V extends FieldValues>(opts: {
  resolver: Resolver<V>;
  defaultValues: DefaultValues<V>;
  order: readonly string[];
  onSubmitStart: () => void;
}) {
  return useValidatedForm<V>({ ...opts, preload: authForms });
}
