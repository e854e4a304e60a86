import { jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '@wayfarer/router';
import type { WayfarerSupabase } from '@wayfarer/session';
import { isPersistentSession, setSupabaseForTests } from '@wayfarer/session';
import { LoginPage } from '../login-page';
import { loginQueryWrapper, mountLoginPage } from './mount-login';

function fakeClient(over: Record<string, unknown> = {}) {
  const auth = {
    getSession: jest.fn(async () => ({ data: { session: null }, error: null })),
    onAuthStateChange: jest.fn(() => ({ data: { subscription: { unsubscribe: () => undefined } } })),
    signInWithPassword: jest.fn(async () => ({ data: {}, error: { message: 'Invalid login credentials' } })),
    signUp: jest.fn(async () => ({ data: { session: null, user: { id: 'u' } }, error: null })),
    verifyOtp: jest.fn(async () => ({ data: {}, error: { message: 'Token has expired or is invalid' } })),
    resend: jest.fn(async () => ({ data: {}, error: null })),
    ...over,
  };
  return { auth, from: jest.fn() } as unknown as WayfarerSupabase & { auth: typeof auth };
}

async function renderAt(url = '/login') {
  mountLoginPage(url);
  await screen.findByRole('heading', { name: 'Log in' });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('LoginPage: the session check', () => {
  const pending = () => jest.fn(() => new Promise<never>(() => undefined));

  it('a visitor without a stored session gets the form at once, while the check still runs behind it', () => {
    const c = fakeClient({ getSession: pending() });
    setSupabaseForTests(c);
    mountLoginPage();
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(c.auth.getSession).toHaveBeenCalled();
  });

  it('a visitor with a session in storage sees "checking" until the check has answered', async () => {
    sessionStorage.setItem('sb-localhost-auth-token', JSON.stringify({ access_token: 'old' }));
    let answer!: (v: unknown) => void;
    const c = fakeClient({ getSession: jest.fn(() => new Promise((r) => (answer = r))) });
    setSupabaseForTests(c);
    mountLoginPage();
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Log in' })).toBeNull();
    await act(async () => answer({ data: { session: null }, error: null }));
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeTruthy();
  });
});

describe('LoginPage', () => {
  it('validates login in order and maps the wrong-password message', async () => {
    const c = fakeClient();
    setSupabaseForTests(c);
    await renderAt();
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Please enter email and password.'),
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'bad' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address.'),
    );
    expect(c.auth.signInWithPassword).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.c' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('Invalid email or password.');
  });

  it('stores next as the post-login redirect only when it starts with /', async () => {
    setSupabaseForTests(fakeClient());
    await renderAt('/login?next=%2Fshop');
    expect(sessionStorage.getItem('postLoginRedirect')).toBe('/shop');
    sessionStorage.clear();
  });

  it('ignores a next that does not start with /', async () => {
    setSupabaseForTests(fakeClient());
    await renderAt('/login?next=https%3A%2F%2Fevil.example');
    expect(sessionStorage.getItem('postLoginRedirect')).toBeNull();
  });

  it('cookie overlay: Accept stores both flags, Decline clears and unticks, prior acceptance skips it', async () => {
    setSupabaseForTests(fakeClient());
    await renderAt();
    const box = screen.getByLabelText('Stay logged in') as HTMLInputElement;
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(box.checked).toBe(false);
    expect(localStorage.getItem('acceptedCookies')).toBeNull();
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(localStorage.getItem('acceptedCookies')).toBe('true');
    expect(localStorage.getItem('stayLoggedIn')).toBe('true');
    fireEvent.click(box);
    expect(localStorage.getItem('stayLoggedIn')).toBeNull();
    fireEvent.click(box);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('stayLoggedIn')).toBe('true');
  });

  it('signup goes to verify with the countdown; Verify disabled at expiry', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    try {
      const c = fakeClient();
      setSupabaseForTests(c);
      await renderAt();
      fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
      fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
      await waitFor(() =>
        expect(screen.getByRole('alert').textContent).toBe('Please enter your first name.'),
      );
      fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ada' } });
      fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'L' } });
      fireEvent.change(screen.getByLabelText('Display name'), { target: { value: 'ada' } });
      fireEvent.change(screen.getByLabelText('Day'), { target: { value: '1' } });
      fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2' } });
      fireEvent.change(screen.getByLabelText('Year'), { target: { value: '2000' } });
      fireEvent.change(screen.getByLabelText('Gender'), { target: { value: 'female' } });
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.c' } });
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
      fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'secret2' } });
      fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Passwords do not match.'));
      fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'secret1' } });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
      });
      expect(screen.getByRole('heading', { name: 'Verify your email' })).toBeTruthy();
      expect(
        screen.getByText('We sent a 6-digit code to your email. Enter it to activate your account.'),
      ).toBeTruthy();
      expect(screen.getByText('Code expires in 180s')).toBeTruthy();
      await act(async () => {
        jest.advanceTimersByTime(10_000);
      });
      expect(screen.getByText('Code expires in 170s')).toBeTruthy();
      await act(async () => {
        jest.advanceTimersByTime(171_000);
      });
      expect(screen.getByText('Code expired.')).toBeTruthy();
      expect((screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement).disabled).toBe(true);
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
      });
      expect(screen.getByText('We sent a new code. Check your inbox.')).toBeTruthy();
      expect(screen.getByText('Code expires in 180s')).toBeTruthy();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('LoginPage redirect origin (spec point 7)', () => {
  const w = window as unknown as Record<string, unknown>;
  afterEach(() => {
    delete w.__WAYFARER_CONFIG__;
  });

  async function signUpAs(c: ReturnType<typeof fakeClient>) {
    setSupabaseForTests(c);
    await renderAt('/login?next=%2Fshop');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const fill = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fill('First name', 'Ada');
    fill('Last name', 'L');
    fill('Display name', 'ada');
    fill('Day', '1');
    fill('Month', '2');
    fill('Year', '2000');
    fill('Gender', 'female');
    fill('Email', 'a@b.c');
    fill('Password', 'secret1');
    fill('Confirm password', 'secret1');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    });
    await screen.findByRole('heading', { name: 'Verify your email' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    });
  }

  it('sign-up, resend and Google sign-in come back to the configured PUBLIC_SITE_ORIGIN', async () => {
    w.__WAYFARER_CONFIG__ = { publicSiteOrigin: 'https://wayfarer.example' };
    const signInWithOAuth = jest.fn(async () => ({ data: {}, error: null }));
    const c = fakeClient({ signInWithOAuth });
    await signUpAs(c);
    expect(c.auth.signUp).toHaveBeenCalledWith(
      expect.objectContaining({
        options: expect.objectContaining({ emailRedirectTo: 'https://wayfarer.example/login' }),
      }),
    );
    expect(c.auth.resend).toHaveBeenCalledWith(
      expect.objectContaining({ options: { emailRedirectTo: 'https://wayfarer.example/login' } }),
    );

    cleanup();
    await renderAt('/login?next=%2Fshop');
    window.history.replaceState(null, '', '/login?next=%2Fshop');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    });
    expect(signInWithOAuth).toHaveBeenCalledWith({
      provider: 'google',
      options: { redirectTo: 'https://wayfarer.example/login?next=%2Fshop' },
    });
    window.history.replaceState(null, '', '/');
  });

  it('without a configured origin they come back to the window origin', async () => {
    const c = fakeClient();
    await signUpAs(c);
    expect(c.auth.signUp).toHaveBeenCalledWith(
      expect.objectContaining({
        options: expect.objectContaining({ emailRedirectTo: `${window.location.origin}/login` }),
      }),
    );
  });
});

describe('LoginPage "Stay logged in" decides where the session is kept (spec point 4)', () => {
  it('Accept makes the session persistent, Decline and unticking keep it for the browser session', async () => {
    setSupabaseForTests(fakeClient());
    await renderAt();
    const box = screen.getByLabelText('Stay logged in') as HTMLInputElement;
    expect(isPersistentSession()).toBe(false);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(isPersistentSession()).toBe(true);
    fireEvent.click(box);
    expect(isPersistentSession()).toBe(false);
    fireEvent.click(box);
    expect(isPersistentSession()).toBe(true);
    localStorage.removeItem('acceptedCookies');
    fireEvent.click(box);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(isPersistentSession()).toBe(false);
  });
});

describe('LoginPage after a sign-in redirect (spec point 4, login flow 1-2)', () => {
  function Where() {
    const l = useLocation();
    return <p data-testid="where">{l.pathname + l.search}</p>;
  }
  function sessionClient(profile: Record<string, unknown> | null) {
    const session = {
      access_token: 't',
      user: { id: 'u1', email: 'g@example.com', user_metadata: { full_name: 'Gee Oogle' } },
    };
    const c = fakeClient({ getSession: jest.fn(async () => ({ data: { session }, error: null })) });
    const query = {
      select: () => query,
      eq: () => query,
      maybeSingle: async () => ({ data: profile, error: null }),
      upsert: async () => ({ error: null }),
    };
    (c as unknown as { from: unknown }).from = jest.fn(() => query);
    return c;
  }
  async function renderCallback(url: string) {
    window.history.replaceState(null, '', url);
    render(
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/login"
            element={
              <>
                <LoginPage />
                <Where />
              </>
            }
          />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
      { wrapper: loginQueryWrapper() },
    );
  }
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('a profile still to complete: stays on /login and strips the code from the address once', async () => {
    setSupabaseForTests(sessionClient({ id: 'u1', display_name: 'Gee', gender: null, birthdate: null }));
    await renderCallback('/login?next=%2Fshop&code=abc&state=s');
    await screen.findByRole('heading', { name: 'Complete your profile' });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login?next=%2Fshop'));
  });

  it('a complete profile: goes to the target, and the address is never set back to /login', async () => {
    setSupabaseForTests(
      sessionClient({ id: 'u1', display_name: 'Gee', gender: 'female', birthdate: '1990-01-02' }),
    );
    await renderCallback('/login?next=%2Fshop&code=abc');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(screen.getByTestId('where').textContent).toBe('/shop');
    // The page never rewrites the browser's address behind the router (it showed /login over the target).
    expect(window.location.pathname + window.location.search).toBe('/login?next=%2Fshop&code=abc');
  });
});
