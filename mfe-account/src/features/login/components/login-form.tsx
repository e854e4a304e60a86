import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { getSupabase } from '@wayfarer/session';
import { useAuthForm } from '../../../lib/use-auth-form';
import { loginResolver, type LoginFormValues } from '../../../lib/auth-forms';
import { mapAuthError } from '../utils/login-rules';
import { loginStore } from '../utils/login-store';
import { EmailField, GoogleButton, PasswordFields, StayLoggedIn } from './auth-fields';
import { LoginCard } from './login-card';
import type { LoginStatus, StayProps } from './login-status';
import { useTranslation } from '@wayfarer/i18n';
import { ACCOUNT_NS } from '../../../i18n';

const ORDER = ['email', 'password'] as const;

/** Log in: e-mail and password (spec point 5: both filled, then an '@'), 'Remember me', 'Stay logged in'. */
export function LoginForm({
  status,
  stay,
  email,
  onSignup,
}: {
  status: LoginStatus;
  stay: StayProps;
  email: string;
  onSignup: (email: string) => void;
}) {
  const [rememberMe, setRememberMe] = useState(() =>
    Boolean(loginStore('local')?.getItem('rememberedEmail')),
  );
  const { t } = useTranslation(ACCOUNT_NS);
  const [busy, setBusy] = useState(false);
  const { form, fieldErrors, submit, warm } = useAuthForm<LoginFormValues>({
    resolver: loginResolver,
    defaultValues: { email, password: '' },
    order: ORDER,
    onSubmitStart: () => status.setError(null),
  });

  const logIn = async ({ email: typed, password }: LoginFormValues) => {
    setBusy(true);
    try {
      const { error } = await getSupabase().auth.signInWithPassword({ email: typed.trim(), password });
      if (error) {
        status.setError(mapAuthError(error.message));
        return;
      }
      if (rememberMe) loginStore('local')?.setItem('rememberedEmail', typed.trim());
      else loginStore('local')?.removeItem('rememberedEmail');
    } catch (x) {
      status.setError(mapAuthError((x as Error).message));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormProvider {...form}>
      <LoginCard
        title={t('login.titleLogin')}
        onSubmit={submit(logIn)}
        onFocus={warm}
        fieldErrors={fieldErrors}
        error={status.error}
        info={status.info}
      >
        <EmailField aria={fieldErrors.aria} />
        <PasswordFields aria={fieldErrors.aria} />
        <label className="account-check">
          <input type="checkbox" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />{' '}
          {t('login.rememberMe')}
        </label>
        <StayLoggedIn {...stay} />
        <button type="submit" className="wf-btn wf-btn--primary" disabled={busy}>
          {t('login.logInButton')}
        </button>
        <GoogleButton onError={status.setError} />
        <p>
          {t('login.noAccount')}{' '}
          <button type="button" className="account-link" onClick={() => onSignup(form.getValues('email'))}>
            {t('login.createAccount')}
          </button>
        </p>
      </LoginCard>
    </FormProvider>
  );
}
