import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { getSupabase, siteOrigin } from '@wayfarer/session';
import { Field, type FieldErrorState } from '@wayfarer/ui/forms';
import { BirthdayGenderFields } from '../../../components/profile-fields';
import type { ProfileFormValues } from '../../../lib/auth-forms';
import { useTranslation } from '@wayfarer/i18n';
import { ACCOUNT_NS } from '../../../i18n';
import { useAuthSettings } from '../api/auth-settings';

type Aria = FieldErrorState['aria'];

/** Display name, birthday and gender: the profile form's fields, also part of sign-up. */
export function ProfileFieldset({ aria }: { aria: Aria }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const { register } = useFormContext<ProfileFormValues>();
  return (
    <>
      <Field label={t('login.displayName')}>
        <input
          className="wf-input"
          autoComplete="nickname"
          maxLength={80}
          {...register('displayName')}
          {...aria('displayName')}
        />
      </Field>
      <BirthdayGenderFields aria={aria} />
    </>
  );
}

export function EmailField({ aria }: { aria: Aria }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const { register } = useFormContext<{ email: string }>();
  return (
    <Field label={t('login.email')}>
      <input
        className="wf-input"
        type="email"
        autoComplete="email"
        {...register('email')}
        {...aria('email')}
      />
    </Field>
  );
}

/** Password and, on sign-up, its confirmation; one show/hide toggle for both. */
export function PasswordFields({ aria, confirm }: { aria: Aria; confirm?: boolean }) {
  const { register } = useFormContext<{ password: string; confirmPassword?: string }>();
  const { t } = useTranslation(ACCOUNT_NS);
  const [show, setShow] = useState(false);
  const type = show ? 'text' : 'password';
  return (
    <>
      <div className="account-password">
        <Field label={t('login.password')}>
          <input
            className="wf-input"
            type={type}
            autoComplete={confirm ? 'new-password' : 'current-password'}
            {...register('password')}
            {...aria('password')}
          />
        </Field>
        <button
          type="button"
          className="wf-btn account-password__toggle"
          aria-pressed={show}
          onClick={() => setShow((s) => !s)}
        >
          {show ? t('login.hidePassword') : t('login.showPassword')}
        </button>
      </div>
      {confirm && (
        <Field label={t('login.confirmPassword')}>
          <input
            className="wf-input"
            type={type}
            autoComplete="new-password"
            {...register('confirmPassword')}
            {...aria('confirmPassword')}
          />
        </Field>
      )}
    </>
  );
}

export function StayLoggedIn({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation(ACCOUNT_NS);
  return (
    <label className="account-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />{' '}
      {t('login.stayLoggedIn')}
    </label>
  );
}

/** 'Sign in with Google', when the server offers it (GET /auth/v1/settings). */
export function GoogleButton({ onError }: { onError: (message: string | null) => void }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const settings = useAuthSettings();
  const google = async () => {
    onError(null);
    const { error } = await getSupabase().auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: siteOrigin() + '/login' + window.location.search },
    });
    if (error) onError(error.message || 'OAuth error');
  };
  if (settings.data?.google !== true) return null;
  return (
    <button type="button" className="wf-btn account-google" onClick={() => void google()}>
      {t('login.google')}
    </button>
  );
}
