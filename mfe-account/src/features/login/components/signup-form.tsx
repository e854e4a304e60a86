import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { getSupabase, siteOrigin } from '@wayfarer/session';
import { activeLanguage } from '@wayfarer/i18n';
import { useAuthForm } from '../../../lib/use-auth-form';
import { signupResolver, type SignupFormValues } from '../../../lib/auth-forms';
import { birthdayToIso, mapAuthError } from '../utils/login-rules';
import { EmailField, GoogleButton, PasswordFields, ProfileFieldset, StayLoggedIn } from './auth-fields';
import { LoginCard } from './login-card';
import type { LoginStatus, StayProps } from './login-status';
import { useTranslation } from '@wayfarer/i18n';
import { ACCOUNT_NS } from '../../../i18n';

/** The fields in the order the form shows them and spec point 5 checks them. */
const ORDER = [
  'firstName',
  'lastName',
  'displayName',
  'birthday',
  'gender',
  'email',
  'password',
  'confirmPassword',
] as const;

interface Props {
  status: LoginStatus;
  stay: StayProps;
  email: string;
  onLogin: (email: string) => void;
  /** The account exists and waits for its e-mail code. */
  onCodeSent: (email: string) => void;
}

export function SignupForm({ status, stay, email, onLogin, onCodeSent }: Props) {
  const { t } = useTranslation(ACCOUNT_NS);
  const [busy, setBusy] = useState(false);
  const { form, fieldErrors, submit, warm } = useAuthForm<SignupFormValues>({
    resolver: signupResolver,
    defaultValues: {
      firstName: '',
      lastName: '',
      displayName: '',
      birthday: { day: '', month: '', year: '' },
      gender: '',
      email,
      password: '',
      confirmPassword: '',
    },
    order: ORDER,
    onSubmitStart: () => status.setError(null),
  });
  const { register } = form;
  const { aria } = fieldErrors;

  const signUp = async (v: SignupFormValues) => {
    setBusy(true);
    try {
      const { data, error } = await getSupabase().auth.signUp({
        email: v.email.trim(),
        password: v.password,
        // Sign-up metadata of spec point 3: name, firstName, lastName, gender, birthdate; and the page's language,
        // which the code mail is written in.
        options: {
          emailRedirectTo: `${siteOrigin()}/login`,
          data: {
            name: v.displayName.trim(),
            firstName: v.firstName.trim(),
            lastName: v.lastName.trim(),
            gender: v.gender,
            birthdate: birthdayToIso(v.birthday),
            language: activeLanguage(),
          },
        },
      });
      if (error) {
        status.setError(mapAuthError(error.message));
        return;
      }
      if (!data.session) onCodeSent(v.email);
    } catch (x) {
      status.setError(mapAuthError((x as Error).message));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormProvider {...form}>
      <LoginCard
        title={t('login.titleSignup')}
        onSubmit={submit(signUp)}
        onFocus={warm}
        fieldErrors={fieldErrors}
        error={status.error}
        info={status.info}
      >
        <label className="wf-label">
          {t('login.firstName')}
          <input
            className="wf-input"
            autoComplete="given-name"
            maxLength={80}
            {...register('firstName')}
            {...aria('firstName')}
          />
        </label>
        <label className="wf-label">
          {t('login.lastName')}
          <input
            className="wf-input"
            autoComplete="family-name"
            maxLength={80}
            {...register('lastName')}
            {...aria('lastName')}
          />
        </label>
        <ProfileFieldset aria={aria} />
        <EmailField aria={aria} />
        <PasswordFields aria={aria} confirm />
        <StayLoggedIn {...stay} />
        <button type="submit" className="wf-btn wf-btn--primary" disabled={busy}>
          {t('login.signUp')}
        </button>
        <GoogleButton onError={status.setError} />
        <p>
          {t('login.haveAccount')}{' '}
          <button type="button" className="account-link" onClick={() => onLogin(form.getValues('email'))}>
            {t('login.logInLink')}
          </button>
        </p>
      </LoginCard>
    </FormProvider>
  );
}
