import type { BaseSyntheticEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver, type SubmitHandler } from 'react-hook-form';
import { useFieldErrors } from '@wayfarer/ui/forms';
import { authForms } from './auth-forms';

/**
 * An account-remote form (login modes, profile, password): react-hook-form with the contracts' schema, the first
 * message in `order` shown (spec point 5: one at a time) and its field marked and focused. `onSubmitStart` runs before validation (it clears the previous
 * server message, as a submit always did); the message is re-checked on submit only, as before.
 */
export function useAuthForm<V extends FieldValues>(opts: {
  resolver: Resolver<V>;
  defaultValues: DefaultValues<V>;
  order: readonly string[];
  onSubmitStart: () => void;
}) {
  const form = useForm<V>({
    resolver: opts.resolver,
    defaultValues: opts.defaultValues,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const fieldErrors = useFieldErrors(form.formState.errors, opts.order, form.setFocus as (name: never) => void);
  const submit = (onValid: SubmitHandler<V>) => (e?: BaseSyntheticEvent) => {
    opts.onSubmitStart();
    return form.handleSubmit(onValid, (errors) => fieldErrors.focusFirst(errors))(e);
  };
  /** Warms the schema chunk when the user first moves into the form, so the first submit answers at once. */
  const warm = () => void authForms().catch(() => undefined);
  return { form, fieldErrors, submit, warm };
}
