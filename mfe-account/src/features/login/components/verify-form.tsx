import { useEffect, useState, type FormEvent } from 'react';
import { Controller } from 'react-hook-form';
import { getSupabase, siteOrigin } from '@wayfarer/session';
import { useAuthForm } from '../../../lib/use-auth-form';
import { verifyResolver, type VerifyFormValues } from '../../../lib/auth-forms';
import { mapOtpError, OTP_SECONDS, secondsLeft } from '../utils/login-rules';
import { LoginCard } from './login-card';
import type { LoginStatus } from './login-status';
import { OtpInput } from './otp-input';
import { useFormat, useTranslation } from '@wayfarer/i18n';
import { ACCOUNT_NS } from '../../../i18n';

const EMPTY_CODE = ['', '', '', '', '', ''];
const ORDER = ['code'] as const;
type CodeValues = { code: string[] } & Omit<VerifyFormValues, 'code'>;

/** Verify: six digit boxes, the countdown (Verify disabled at expiry) and 'Resend code'. */
export function VerifyForm({ status, email }: { status: LoginStatus; email: string }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const format = useFormat();
  const [busy, setBusy] = useState(false);
  const [expiresAt, setExpiresAt] = useState(() => Date.now() + OTP_SECONDS * 1000);
  const [now, setNow] = useState(() => Date.now());
  const { form, fieldErrors, submit, warm } = useAuthForm<CodeValues>({
    resolver: verifyResolver,
    defaultValues: { code: EMPTY_CODE },
    order: ORDER,
    onSubmitStart: () => status.setError(null),
  });

  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(id);
  }, []);
  const left = secondsLeft(expiresAt, now);

  const verify = async ({ code }: CodeValues) => {
    setBusy(true);
    try {
      const { error } = await getSupabase().auth.verifyOtp({
        email: email.trim(),
        token: code.join(''),
        type: 'signup',
      });
      if (error) status.setError(mapOtpError(error.message));
    } catch (x) {
      status.setError(mapOtpError((x as Error).message));
    } finally {
      setBusy(false);
    }
  };
  const onSubmit = (e: FormEvent) => {
    if (left > 0) return submit(verify)(e);
    e.preventDefault();
    status.setError(null);
  };

  const resend = async () => {
    status.setError(null);
    const { error } = await getSupabase().auth.resend({
      type: 'signup',
      email: email.trim(),
      options: { emailRedirectTo: `${siteOrigin()}/login` },
    });
    if (error) {
      status.setError(error.message || t('login.resendFailed'));
      return;
    }
    form.reset({ code: EMPTY_CODE });
    setExpiresAt(Date.now() + OTP_SECONDS * 1000);
    setNow(Date.now());
    status.setInfo(t('login.newCode'));
  };

  return (
    <LoginCard
      title={t('login.titleVerify')}
      onSubmit={(e) => void onSubmit(e)}
      onFocus={warm}
      fieldErrors={fieldErrors}
      error={status.error}
      info={status.info}
    >
      <Controller
        control={form.control}
        name="code"
        render={({ field }) => (
          <OtpInput
            digits={field.value}
            onChange={field.onChange}
            fieldRef={field.ref}
            marking={fieldErrors.aria('code')}
          />
        )}
      />
      <p className="account-countdown" aria-live="polite">
        {left > 0 ? t('otp.expiresIn', { seconds: format.number(left) }) : t('otp.expired')}
      </p>
      <button type="submit" className="wf-btn wf-btn--primary" disabled={busy || left <= 0}>
        {t('login.verify')}
      </button>
      <button type="button" className="wf-btn" onClick={() => void resend()}>
        {t('login.resend')}
      </button>
    </LoginCard>
  );
}
