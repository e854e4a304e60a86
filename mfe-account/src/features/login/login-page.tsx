import { useState } from 'react';
import { useSearchParams } from '@wayfarer/router';
import { usePageMeta } from '@wayfarer/ui';
import { CookieOverlay } from './components/cookie-overlay';
import { LoginForm } from './components/login-form';
import type { LoginStatus } from './components/login-status';
import { ProfileForm } from './components/profile-form';
import { SignupForm } from './components/signup-form';
import { VerifyForm } from './components/verify-form';
import { useLoginSession, type ProfileDraft } from './hooks/use-login-session';
import { useStayLoggedIn } from './hooks/use-stay-logged-in';
import { safeNext, type LoginMode } from './utils/login-rules';
import { loginStore } from './utils/login-store';
import './login.css';
import { useTranslation } from '@wayfarer/i18n';
import { ACCOUNT_NS } from '../../i18n';

const TITLES: Record<LoginMode, string> = {
  login: 'login.titleLogin',
  signup: 'login.titleSignup',
  verify: 'login.titleVerify',
  profile: 'login.titleProfile',
};
const NO_PROFILE: ProfileDraft = { displayName: '', gender: '', birthday: { day: '', month: '', year: '' } };

/** The login page (spec point 3): one form per mode, the session check, and the cookie question. */
export function LoginPage() {
  const [params] = useSearchParams();
  const { t } = useTranslation(ACCOUNT_NS);
  const [mode, setMode] = useState<LoginMode>('login');
  usePageMeta({ title: t(TITLES[mode]) });
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [email, setEmail] = useState(() => loginStore('local')?.getItem('rememberedEmail') ?? '');
  const [draft, setDraft] = useState<ProfileDraft>(NO_PROFILE);
  const stay = useStayLoggedIn();
  const { checking, finish } = useLoginSession({
    next: safeNext(params.get('next')),
    onProfile: (d) => {
      setDraft(d);
      setMode('profile');
    },
    onSignedOut: () => setMode('login'),
    onError: setError,
  });

  const status: LoginStatus = { error, info, setError, setInfo };
  const switchMode = (m: LoginMode, typedEmail: string) => {
    setEmail(typedEmail);
    setMode(m);
    setError(null);
    setInfo(null);
  };
  const codeSent = (typedEmail: string) => {
    setEmail(typedEmail);
    setMode('verify');
    setInfo(t('login.codeSent'));
  };

  if (checking)
    return (
      <div className="wf-container wf-page" role="status" aria-live="polite">
        {t('login.checking')}
      </div>
    );

  const stayProps = { checked: stay.stayLoggedIn, onChange: stay.onStayLoggedIn };
  return (
    <section className="wf-container wf-page account-login">
      {mode === 'login' && (
        <LoginForm status={status} stay={stayProps} email={email} onSignup={(e) => switchMode('signup', e)} />
      )}
      {mode === 'signup' && (
        <SignupForm
          status={status}
          stay={stayProps}
          email={email}
          onLogin={(e) => switchMode('login', e)}
          onCodeSent={codeSent}
        />
      )}
      {mode === 'verify' && <VerifyForm status={status} email={email} />}
      {mode === 'profile' && (
        <ProfileForm key={JSON.stringify(draft)} status={status} draft={draft} onSaved={finish} />
      )}
      {stay.cookieOverlay && <CookieOverlay onAccept={stay.acceptCookies} onDecline={stay.declineCookies} />}
    </section>
  );
}
