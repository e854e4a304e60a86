import type { FormEventHandler, ReactNode } from 'react';
import { FormError, type FieldErrorState } from '@wayfarer/ui/forms';
import { useAccountText } from '../../../lib/account-text';

interface Props {
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form's first validation message (about a field), shown before any server message. */
  fieldErrors: FieldErrorState;
  error: string | null;
  info: string | null;
  onFocus?: () => void;
  children: ReactNode;
}

/**
 * The card of one login mode: its title, then errors in a red box, or info in a green box only when there is no
 * error (spec point 3). A validation message carries the id the marked field points at.
 */
export function LoginCard({ title, onSubmit, fieldErrors, error, info, onFocus, children }: Props) {
  const { shown, errorId } = fieldErrors;
  // The rules' and the auth mapping's English messages in the active language; the server's own as sent.
  const { message } = useAccountText();
  return (
    <form className="wf-card account-login__card" onSubmit={onSubmit} onFocus={onFocus} noValidate>
      <h1>{title}</h1>
      {shown ? (
        <FormError id={errorId} className="account-alert">
          {message(shown.message)}
        </FormError>
      ) : error ? (
        <FormError className="account-alert">{message(error)}</FormError>
      ) : info ? (
        <div className="wf-alert--info account-alert account-alert--ok" role="status" aria-live="polite">
          {info}
        </div>
      ) : null}
      {children}
    </form>
  );
}
