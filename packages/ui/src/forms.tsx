import { useCallback, useId, type BaseSyntheticEvent, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type SubmitHandler,
} from 'react-hook-form';

/**
 * Form helpers shared by the remotes' react-hook-form forms: the contracts' zod schema as the
 * resolver, loaded on first use so zod stays out of a first load, and the one message shown at a time (spec
 * point 5) tied to the field it is about (`aria-invalid`, `aria-describedby`) and focused.
 */
/** A schema module loaded once, on first use (an `import()` of the contracts). */
export function lazySchema<S>(load: () => Promise<S>): () => Promise<S> {
  let pending: Promise<S> | null = null;
  return () => {
    pending ??= load().catch((err: unknown) => {
      pending = null;
      throw err;
    });
    return pending;
  };
}

/**
 * A resolver validating with a zod schema that `load` imports lazily. The values reach the submit handler as typed
 * (`raw`): the schema decides what is wrong, the handler sends what the user entered, as before.
 */
/** `load` gives a zod schema (zod 3 or 4; the resolver tells them apart). */
export function lazyZodResolver<T extends FieldValues>(load: () => Promise<unknown>): Resolver<T> {
  return async (values, context, options) => {
    const schema = await load();
    const resolve = zodResolver(schema as never, undefined, { raw: true }) as unknown as Resolver<T>;
    return resolve(values, context, options);
  };
}

function errorAt(errors: FieldErrors, path: string): string | null {
  let node: unknown = errors;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return null;
    node = (node as Record<string, unknown>)[key];
  }
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : null;
}

export interface ShownError {
  name: string;
  message: string;
}

/** The first field error in `order` (the order the form lists its fields): the one message shown. */
export function firstFieldError(errors: FieldErrors, order: readonly string[]): ShownError | null {
  for (const name of order) {
    const message = errorAt(errors, name);
    if (message) return { name, message };
  }
  // A field the order does not list, or a schema-wide issue (path [], under ''): still shown, never a silent stop.
  for (const name of Object.keys(errors)) {
    const message = errorAt(errors, name);
    if (message) return { name, message };
  }
  return null;
}

export interface FieldErrorState {
  /** The message shown, and the field it is about. */
  shown: ShownError | null;
  /** The id of the element that shows it (`aria-describedby` of the marked field). */
  errorId: string;
  /** Props for the control of field `name`: marked when the shown message is about it. */
  aria: (name: string) => { 'aria-invalid'?: true; 'aria-describedby'?: string };
  /** Focus the field the shown message is about (call from handleSubmit's invalid callback). */
  focusFirst: (errors: FieldErrors) => void;
}

/**
 * One message at a time: the first error in the form's field order, the field it is about marked for assistive
 * technology and focused. `setFocus` is react-hook-form's (it focuses the element registered for the field).
 */
export function useFieldErrors(
  errors: FieldErrors,
  order: readonly string[],
  setFocus: (name: never) => void,
): FieldErrorState {
  const errorId = useId();
  const shown = firstFieldError(errors, order);
  const aria = (name: string) =>
    shown && shown.name === name ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
  const focusFirst = useCallback(
    (errs: FieldErrors) => {
      const first = firstFieldError(errs, order);
      if (first?.name) setFocus(first.name as never);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the order is fixed per form
    [setFocus],
  );
  return { shown, errorId, aria, focusFirst };
}

/**
 * A control with its visible label: the label wraps the control, so its text names the control and a click on it
 * focuses the control. The one field pattern of the product's forms (login, profile, account, admin editors).
 */
export function Field({
  label,
  className,
  children,
}: {
  label: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={['wf-label', className].filter(Boolean).join(' ')}>
      {label}
      {children}
    </label>
  );
}

/** The red box of a form's message; `id` ties it to the marked field. */
export function FormError({
  id,
  className,
  children,
}: {
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div id={id} className={['wf-alert--error', className].filter(Boolean).join(' ')} role="alert">
      {children}
    </div>
  );
}

/**
 * A form on react-hook-form with a schema resolver: the first message in `order` shown (one at a time), its field
 * marked and focused. `onSubmitStart` runs before validation (a submit clears the previous server message); the
 * message is re-checked on submit only. `preload` (the schema's loader) runs when the user first moves into the
 * form, so the first submit answers at once.
 */
export function useValidatedForm<V extends FieldValues>(opts: {
  resolver: Resolver<V>;
  defaultValues: DefaultValues<V>;
  order: readonly string[];
  onSubmitStart?: () => void;
  preload?: () => Promise<unknown>;
}) {
  const form = useForm<V>({
    resolver: opts.resolver,
    defaultValues: opts.defaultValues,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const fieldErrors = useFieldErrors(
    form.formState.errors,
    opts.order,
    form.setFocus as (name: never) => void,
  );
  const submit = (onValid: SubmitHandler<V>) => (e?: BaseSyntheticEvent) => {
    opts.onSubmitStart?.();
    return form.handleSubmit(onValid, (errors) => fieldErrors.focusFirst(errors))(e);
  };
  const warm = () => void opts.preload?.().catch(() => undefined);
  return { form, fieldErrors, submit, warm };
}
