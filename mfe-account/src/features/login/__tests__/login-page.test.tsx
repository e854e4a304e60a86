import { jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { SupabaseClient } from '@supabase/supabase-js';
import { setSupabaseForTests } from '@wayfarer/session';
import { LoginPage } from '../login-page';

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
  return { auth, from: jest.fn() } as unknown as SupabaseClient & { auth: typeof auth };
}

async function renderAt(url = '/login') {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes><Route path="/login" element={<LoginPage />} /><Route path="*" element={<p>elsewhere</p>} /></Routes>
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { name: 'Log in' });
}

beforeEach(() => { localStorage.clear(); sessionStorage.clear(); });

describe('LoginPage', () => {
  it('validates login in order and maps the wrong-password message', async () => {
    const c = fakeClient();
    setSupabaseForTests(c);
    await renderAt();
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter email and password.');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'bad' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address.');
    expect(c.auth.signInWithPassword).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.c' } });
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Log In' })); });
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
      expect(screen.getByRole('alert').textContent).toBe('Please enter your first name.');
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
      expect(screen.getByRole('alert').textContent).toBe('Passwords do not match.');
      fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'secret1' } });
      await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Sign up' })); });
      expect(screen.getByRole('heading', { name: 'Verify your email' })).toBeTruthy();
      expect(screen.getByText('We sent a 6-digit code to your email. Enter it to activate your account.')).toBeTruthy();
      expect(screen.getByText('Code expires in 180s')).toBeTruthy();
      await act(async () => { jest.advanceTimersByTime(10_000); });
      expect(screen.getByText('Code expires in 170s')).toBeTruthy();
      await act(async () => { jest.advanceTimersByTime(171_000); });
      expect(screen.getByText('Code expired.')).toBeTruthy();
      expect((screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement).disabled).toBe(true);
      await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Resend code' })); });
      expect(screen.getByText('We sent a new code. Check your inbox.')).toBeTruthy();
      expect(screen.getByText('Code expires in 180s')).toBeTruthy();
    } finally {
      jest.useRealTimers();
    }
  });
});
