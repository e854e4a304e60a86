import { useState } from 'react';
import { passwordChangeProblem } from '@wayfarer/contracts/auth-rules';
import { errorText } from '@wayfarer/api-client';
import { getSupabase } from '@wayfarer/session';
import { ErrorBox, InfoBox } from '@wayfarer/ui';
import { Field } from '@wayfarer/ui/forms';
import { passwordChangeResolver, type PasswordChangeValues } from '../../../lib/auth-forms';
import { useAuthForm } from '../../../lib/use-auth-form';
import { authErrorText, useAccountText } from '../../../lib/account-text';

/** First failing rule of the change-password form, or null: the sign-up length rules, then the confirmation. */
export function validateNewPassword(password: string, confirm: string): string | null {
  return passwordChangeProblem({ password, confirmPassword: confirm })?.message ?? null;
}

const ORDER = ['password', 'confirmPassword'] as const;

export function PasswordSection() {
  const { t, message } = useAccountText();
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  // The server asks for it unless this session signed in a few minutes ago; sent only when filled in.
  const [current, setCurrent] = useState('');
  const { form, fieldErrors, submit, warm } = useAuthForm<PasswordChangeValues>({
    resolver: passwordChangeResolver,
    defaultValues: { password: '', confirmPassword: '' },
    order: ORDER,
    onSubmitStart: () => {
      setError(null);
      setInfo(null);
    },
  });
  const { aria, shown, errorId } = fieldErrors;

  const change = async ({ password }: PasswordChangeValues) => {
    setBusy(true);
    try {
      const { error: err } = await getSupabase().auth.updateUser(
        current ? { password, current_password: current } : { password },
      );
      if (err) {
        setError(authErrorText(err, t, t('password.failed')));
        return;
      }
      form.reset();
      setCurrent('');
      setInfo(t('password.changed'));
    } catch (err) {
      setError(errorText(err, t('password.failed')));
    } finally {
      setBusy(false);
    }
  };

  const type = show ? 'text' : 'password';
  return (
    <section className="wf-card acc-section" aria-labelledby="acc-password">
      <h2 id="acc-password">{t('password.title')}</h2>
      <form
        className="acc-form"
        onSubmit={submit(change)}
        onFocus={warm}
        noValidate
        aria-label={t('password.title')}
      >
        <div aria-live="polite">
          {shown ? <ErrorBox id={errorId}>{message(shown.message)}</ErrorBox> : <ErrorBox>{error}</ErrorBox>}
          {!error && !shown ? <InfoBox>{info}</InfoBox> : null}
        </div>
        <Field label={t('password.current')}>
          <input
            className="wf-input"
            type={type}
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        </Field>
        <Field label={t('password.newPassword')}>
          <input
            className="wf-input"
            type={type}
            autoComplete="new-password"
            {...form.register('password')}
            {...aria('password')}
          />
        </Field>
        <Field label={t('password.confirm')}>
          <input
            className="wf-input"
            type={type}
            autoComplete="new-password"
            {...form.register('confirmPassword')}
            {...aria('confirmPassword')}
          />
        </Field>
        <label className="account-check">
          <input type="checkbox" checked={show} onChange={(e) => setShow(e.target.checked)} />{' '}
          {t('password.show')}
        </label>
        <div className="acc-actions">
          <button type="submit" className="wf-btn" disabled={busy}>
            {busy ? t('common.saving') : t('password.title')}
          </button>
        </div>
      </form>
    </section>
  );
}
