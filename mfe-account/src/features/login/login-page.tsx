import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from '@wayfarer/router';
import { getSupabase, siteOrigin } from '@wayfarer/session';
import { usePageMeta } from '@wayfarer/ui';
import { BirthdaySelect, GenderSelect } from '../../components/profile-fields';
import { OtpInput } from './components/otp-input';
import {
  birthdayToIso, countdownText, isoToBirthday, mapAuthError, mapOtpError, OTP_SECONDS,
  resolveRedirect, safeNext, secondsLeft, validateCode, validateLogin, validateProfile, validateSignup,
  type Birthday, type LoginMode,
} from './utils/login-rules';
import './login.css';

const TITLES: Record<LoginMode, string> = {
  login: 'Log in', signup: 'Create account', verify: 'Verify your email', profile: 'Complete your profile',
};
const EMPTY_CODE = ['', '', '', '', '', ''];
function store(kind: 'local' | 'session') {
  try { return kind === 'local' ? localStorage : sessionStorage; } catch { return null; }
}

type Meta = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<LoginMode>('login');
  usePageMeta({ title: TITLES[mode] });
  const [checking, setChecking] = useState(true);
  const [saving, setSaving] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);

  const [email, setEmail] = useState(() => store('local')?.getItem('rememberedEmail') ?? '');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [rememberMe, setRememberMe] = useState(() => Boolean(store('local')?.getItem('rememberedEmail')));
  const [stayLoggedIn, setStayLoggedIn] = useState(() => store('local')?.getItem('stayLoggedIn') === 'true');
  const [cookieOverlay, setCookieOverlay] = useState(false);
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [birthday, setBirthday] = useState<Birthday>({ day: '', month: '', year: '' });
  const [gender, setGender] = useState('');
  const [code, setCode] = useState<string[]>(EMPTY_CODE);
  const [expiresAt, setExpiresAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const exchanged = useRef(false);
  const leftPage = useRef(false);

  const next = safeNext(params.get('next'));

  const finish = useCallback(() => {
    const s = store('session');
    const target = resolveRedirect(s?.getItem('postLoginRedirect') ?? null, next);
    s?.removeItem('postLoginRedirect');
    leftPage.current = true;
    navigate(target, { replace: true });
  }, [navigate, next]);

  const checkSession = useCallback(async () => {
    const sb = getSupabase();
    const { data } = await sb.auth.getSession();
    const session = data.session;
    if (!session) { setChecking(false); return; }
    const u = session.user;
    const meta = (u.user_metadata ?? {}) as Meta;
    const fromMeta = {
      display_name: str(meta.name) ?? str(meta.display_name) ?? str(meta.full_name),
      first_name: str(meta.firstName) ?? str(meta.first_name), last_name: str(meta.lastName) ?? str(meta.last_name),
      gender: str(meta.gender), birthdate: str(meta.birthdate),
    };
    const { data: row, error: readError } = await sb.from('profiles')
      .select('id, display_name, first_name, last_name, gender, birthdate').eq('id', u.id).maybeSingle();
    // An error reading the profile lets the user through as logged in.
    if (readError) { finish(); return; }
    const current = (row ?? {}) as Record<string, string | null>;
    const merged = { ...current };
    const missing: Record<string, string> = {};
    for (const [k, v] of Object.entries(fromMeta)) {
      if (!current[k] && v) { missing[k] = v; merged[k] = v; }
    }
    if (!row || Object.keys(missing).length) {
      await sb.from('profiles').upsert({ id: u.id, ...missing }, { onConflict: 'id' });
    }
    if (!merged.display_name || !merged.gender || !merged.birthdate) {
      setDisplayName(merged.display_name ?? '');
      setGender(merged.gender ?? '');
      setBirthday(isoToBirthday(merged.birthdate));
      setMode('profile');
      setChecking(false);
      return;
    }
    finish();
  }, [finish]);

  useEffect(() => {
    if (next) store('session')?.setItem('postLoginRedirect', next);
    const sb = getSupabase();
    const url = new URL(window.location.href);
    const authCode = url.searchParams.get('code');
    const hasAuthParams = Boolean(authCode) || url.hash.includes('access_token') || url.searchParams.has('error');
    const run = async () => {
      if (hasAuthParams) {
        const oauthError = url.searchParams.get('error_description') ?? url.searchParams.get('error');
        if (oauthError) setError(oauthError || 'OAuth error');
        if (authCode && !exchanged.current) {
          exchanged.current = true;
          // detectSessionInUrl may already have exchanged the code; only exchange when no session exists.
          const { data } = await sb.auth.getSession();
          if (!data.session) {
            const { error: exErr } = await sb.auth.exchangeCodeForSession(authCode);
            if (exErr) setError(mapAuthError(exErr.message, 'OAuth error'));
          }
        }
      }
      await checkSession();
      // Strip the auth parameters once, after the redirect target is decided: a check that left the login page
      // replaced the address with the target already, and rewriting it then would show /login?... over that page.
      if (hasAuthParams && !leftPage.current) {
        ['code', 'state', 'error', 'error_description', 'error_code'].forEach((k) => url.searchParams.delete(k));
        navigate(url.pathname + url.search, { replace: true });
      }
    };
    void run().catch(() => setChecking(false));
    const { data: sub } = sb.auth.onAuthStateChange((event) => {
      if (event === 'SIGNED_IN' || event === 'USER_UPDATED' || event === 'TOKEN_REFRESHED' || event === 'INITIAL_SESSION') {
        // supabase-js holds its lock while running listeners: defer the check.
        setTimeout(() => void checkSession(), 0);
      } else if (event === 'SIGNED_OUT') {
        setMode('login');
        setChecking(false);
      }
    });
    return () => sub.subscription.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (mode !== 'verify') return;
    const id = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(id);
  }, [mode]);

  const left = secondsLeft(expiresAt, now);

  const onStayLoggedIn = (checked: boolean) => {
    const ls = store('local');
    if (!checked) { ls?.removeItem('stayLoggedIn'); setStayLoggedIn(false); return; }
    if (ls?.getItem('acceptedCookies') === 'true') { ls.setItem('stayLoggedIn', 'true'); setStayLoggedIn(true); }
    else setCookieOverlay(true);
  };
  const acceptCookies = () => {
    store('local')?.setItem('acceptedCookies', 'true');
    store('local')?.setItem('stayLoggedIn', 'true');
    setStayLoggedIn(true);
    setCookieOverlay(false);
  };
  const declineCookies = () => {
    store('local')?.removeItem('acceptedCookies');
    store('local')?.removeItem('stayLoggedIn');
    setStayLoggedIn(false);
    setCookieOverlay(false);
  };

  const switchMode = (m: LoginMode) => { setMode(m); setError(null); setInfo(null); };

  const google = async () => {
    setError(null);
    const { error: e } = await getSupabase().auth.signInWithOAuth({
      provider: 'google', options: { redirectTo: siteOrigin() + '/login' + window.location.search },
    });
    if (e) setError(e.message || 'OAuth error');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const sb = getSupabase();
    if (mode === 'login') {
      const v = validateLogin(email, password);
      if (v) { setError(v); return; }
      setBusy(true);
      try {
        const { error: err } = await sb.auth.signInWithPassword({ email: email.trim(), password });
        if (err) { setError(mapAuthError(err.message)); return; }
        if (rememberMe) store('local')?.setItem('rememberedEmail', email.trim());
        else store('local')?.removeItem('rememberedEmail');
      } catch (x) { setError(mapAuthError((x as Error).message)); } finally { setBusy(false); }
    } else if (mode === 'signup') {
      const v = validateSignup({ firstName, lastName, displayName, birthday, gender, email, password, confirmPassword });
      if (v) { setError(v); return; }
      setBusy(true);
      try {
        const { data, error: err } = await sb.auth.signUp({
          email: email.trim(), password,
          // Sign-up metadata of spec point 3: name, firstName, lastName, gender, birthdate.
          options: { emailRedirectTo: `${siteOrigin()}/login`, data: { name: displayName.trim(), firstName: firstName.trim(), lastName: lastName.trim(), gender, birthdate: birthdayToIso(birthday) } },
        });
        if (err) { setError(mapAuthError(err.message)); return; }
        if (!data.session) {
          setMode('verify');
          setCode(EMPTY_CODE);
          setExpiresAt(Date.now() + OTP_SECONDS * 1000);
          setNow(Date.now());
          setInfo('We sent a 6-digit code to your email. Enter it to activate your account.');
        }
      } catch (x) { setError(mapAuthError((x as Error).message)); } finally { setBusy(false); }
    } else if (mode === 'verify') {
      if (left <= 0) return;
      const v = validateCode(code);
      if (v) { setError(v); return; }
      setBusy(true);
      try {
        const { error: err } = await sb.auth.verifyOtp({ email: email.trim(), token: code.join(''), type: 'signup' });
        if (err) setError(mapOtpError(err.message));
      } catch (x) { setError(mapOtpError((x as Error).message)); } finally { setBusy(false); }
    } else {
      const v = validateProfile({ displayName, birthday, gender });
      if (v) { setError(v); return; }
      setSaving(true);
      try {
        const { data } = await sb.auth.getUser();
        if (!data.user) { setError('Not authenticated'); return; }
        const { error: err } = await sb.from('profiles').upsert(
          { id: data.user.id, display_name: displayName.trim(), gender, birthdate: birthdayToIso(birthday) }, { onConflict: 'id' });
        if (err) { setError(err.message || 'Could not save profile'); return; }
        finish();
      } catch (x) { setError((x as Error).message || 'Could not save profile'); } finally { setSaving(false); }
    }
  };

  const resend = async () => {
    setError(null);
    const { error: err } = await getSupabase().auth.resend({ type: 'signup', email: email.trim(), options: { emailRedirectTo: `${siteOrigin()}/login` } });
    if (err) { setError(err.message || 'Could not resend code'); return; }
    setCode(EMPTY_CODE);
    setExpiresAt(Date.now() + OTP_SECONDS * 1000);
    setNow(Date.now());
    setInfo('We sent a new code. Check your inbox.');
  };

  if (checking) return <div className="wf-container wf-page" role="status" aria-live="polite">Checking your session…</div>;

  const stay = (
    <label className="account-check"><input type="checkbox" checked={stayLoggedIn} onChange={(e) => onStayLoggedIn(e.target.checked)} /> Stay logged in</label>
  );
  const googleBtn = <button type="button" className="wf-btn account-google" onClick={() => void google()}>Sign in with Google</button>;
  const profileFields = (
    <>
      <label className="wf-label">Display name<input className="wf-input" value={displayName} onChange={(e) => setDisplayName(e.target.value)} autoComplete="nickname" /></label>
      <BirthdaySelect value={birthday} onChange={setBirthday} />
      <GenderSelect value={gender} onChange={setGender} />
    </>
  );
  const emailField = <label className="wf-label">Email<input className="wf-input" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" /></label>;
  const passwordField = (
    <div className="account-password">
      <label className="wf-label">Password<input className="wf-input" type={showPassword ? 'text' : 'password'} value={password}
        onChange={(e) => setPassword(e.target.value)} autoComplete={mode === 'signup' ? 'new-password' : 'current-password'} /></label>
      <button type="button" className="wf-btn account-password__toggle" aria-pressed={showPassword} onClick={() => setShowPassword((s) => !s)}>
        {showPassword ? 'Hide password' : 'Show password'}
      </button>
    </div>
  );

  return (
    <section className="wf-container wf-page account-login">
      <form className="wf-card account-login__card" onSubmit={(e) => void submit(e)} noValidate>
        <h1>{TITLES[mode]}</h1>
        {error ? <div className="wf-alert--error account-alert" role="alert">{error}</div>
          : info ? <div className="wf-alert--info account-alert account-alert--ok" role="status" aria-live="polite">{info}</div> : null}
        {mode === 'login' && (
          <>
            {emailField}{passwordField}
            <label className="account-check"><input type="checkbox" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} /> Remember me</label>
            {stay}
            <button type="submit" className="wf-btn wf-btn--primary" disabled={busy}>Log In</button>
            {googleBtn}
            <p>No account yet? <button type="button" className="account-link" onClick={() => switchMode('signup')}>Create account</button></p>
          </>
        )}
        {mode === 'signup' && (
          <>
            <label className="wf-label">First name<input className="wf-input" value={firstName} onChange={(e) => setFirstName(e.target.value)} autoComplete="given-name" /></label>
            <label className="wf-label">Last name<input className="wf-input" value={lastName} onChange={(e) => setLastName(e.target.value)} autoComplete="family-name" /></label>
            {profileFields}{emailField}{passwordField}
            <label className="wf-label">Confirm password<input className="wf-input" type={showPassword ? 'text' : 'password'} value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} autoComplete="new-password" /></label>
            {stay}
            <button type="submit" className="wf-btn wf-btn--primary" disabled={busy}>Sign up</button>
            {googleBtn}
            <p>Already have an account? <button type="button" className="account-link" onClick={() => switchMode('login')}>Log in</button></p>
          </>
        )}
        {mode === 'verify' && (
          <>
            <OtpInput digits={code} onChange={setCode} />
            <p className="account-countdown" aria-live="polite">{countdownText(left)}</p>
            <button type="submit" className="wf-btn wf-btn--primary" disabled={busy || left <= 0}>Verify</button>
            <button type="button" className="wf-btn" onClick={() => void resend()}>Resend code</button>
          </>
        )}
        {mode === 'profile' && (
          <>
            {profileFields}
            <button type="submit" className="wf-btn wf-btn--primary" disabled={saving}>Save &amp; continue</button>
            {saving && <div role="status" aria-live="polite" className="account-blocking">Saving your profile…</div>}
          </>
        )}
      </form>
      {cookieOverlay && (
        <div className="account-cookie" role="dialog" aria-modal="true" aria-labelledby="account-cookie-title">
          <div className="wf-card">
            <h2 id="account-cookie-title">Cookies</h2>
            <p>Staying logged in stores a cookie-like flag on this device. Do you accept?</p>
            <button type="button" className="wf-btn wf-btn--primary" onClick={acceptCookies} autoFocus>Accept</button>
            <button type="button" className="wf-btn" onClick={declineCookies}>Decline</button>
          </div>
        </div>
      )}
    </section>
  );
}
