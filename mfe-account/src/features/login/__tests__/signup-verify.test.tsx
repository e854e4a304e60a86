import { jest } from '@jest/globals';
import { act, fireEvent, screen } from '@testing-library/react';
import type { WayfarerSupabase } from '@wayfarer/session';
import { PASSWORD_TOO_LONG_MESSAGE } from '@wayfarer/contracts/password';
import { setSupabaseForTests } from '@wayfarer/session';
import { mountLoginPage } from './mount-login';

function fakeClient(over: Record<string, unknown> = {}) {
  const auth = {
    getSession: jest.fn(async () => ({ data: { session: null }, error: null })),
    onAuthStateChange: jest.fn(() => ({ data: { subscription: { unsubscribe: () => undefined } } })),
    signUp: jest.fn(async (_a: unknown) => ({ data: { session: null, user: { id: 'u' } }, error: null })),
    verifyOtp: jest.fn(async (_a: unknown) => ({ data: {}, error: null })),
    resend: jest.fn(async () => ({ data: {}, error: null })),
    ...over,
  };
  const client = { auth, from: jest.fn() } as unknown as WayfarerSupabase & { auth: typeof auth };
  setSupabaseForTests(client);
  return client;
}

async function openSignup() {
  mountLoginPage();
  await act(async () => {
    await Promise.resolve();
  });
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
  const set = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  set('First name', 'Ada');
  set('Last name', 'Lovelace');
  set('Display name', 'ada');
  set('Day', '10');
  set('Month', '12');
  set('Year', '1990');
  set('Gender', 'female');
  set('Email', 'ada@example.test');
  return (password: string) => {
    set('Password', password);
    set('Confirm password', password);
  };
}

const signUp = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
  });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => jest.useRealTimers());

describe('sign-up password length', () => {
  it('refuses a password over 72 UTF-8 bytes before calling the server (30 emoji are 120 bytes)', async () => {
    const c = fakeClient();
    const password = await openSignup();
    password('🧭'.repeat(30));
    await signUp();
    expect(screen.getByRole('alert').textContent).toBe(PASSWORD_TOO_LONG_MESSAGE);
    expect(c.auth.signUp).not.toHaveBeenCalled();
    password('🧭'.repeat(18)); // exactly 72 bytes
    await signUp();
    expect(c.auth.signUp).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'Verify your email' })).toBeTruthy();
  });

  it('shows the message of a server that answers 400', async () => {
    const c = fakeClient({
      signUp: jest.fn(async (_a: unknown) => ({
        data: { session: null, user: null },
        error: { name: 'AuthApiError', status: 400, message: 'Password is too weak.' },
      })),
    });
    const password = await openSignup();
    password('secret-enough');
    await signUp();
    expect(c.auth.signUp).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toBe('Password is too weak.');
    expect(screen.getByRole('heading', { name: 'Create account' })).toBeTruthy();
  });
});

describe('verify step', () => {
  it('a one-time-code autofill into the first box fills all six and Verify sends the whole code', async () => {
    const c = fakeClient();
    const password = await openSignup();
    password('secret-enough');
    await signUp();
    fireEvent.change(screen.getByLabelText('Digit 1'), { target: { value: '482913' } });
    expect(
      [1, 2, 3, 4, 5, 6].map((i) => (screen.getByLabelText(`Digit ${i}`) as HTMLInputElement).value).join(''),
    ).toBe('482913');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });
    expect(c.auth.verifyOtp).toHaveBeenCalledWith({
      email: 'ada@example.test',
      token: '482913',
      type: 'signup',
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refreshes the countdown every 500 ms: the text changes at 500 ms, not before', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    fakeClient();
    const password = await openSignup();
    password('secret-enough');
    await signUp();
    const t0 = Date.now();
    expect(screen.getByText('Code expires in 180s')).toBeTruthy();
    // Move the wall clock past a whole second without running timers: only a refresh can show it.
    jest.setSystemTime(t0 + 600);
    await act(async () => {
      jest.advanceTimersByTime(499);
    });
    expect(screen.getByText('Code expires in 180s')).toBeTruthy();
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.getByText('Code expires in 179s')).toBeTruthy();
    // And again for the next refresh, 500 ms after the first.
    jest.setSystemTime(t0 + 2000);
    await act(async () => {
      jest.advanceTimersByTime(499);
    });
    expect(screen.getByText('Code expires in 179s')).toBeTruthy();
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.getByText('Code expires in 178s')).toBeTruthy();
  });
});
