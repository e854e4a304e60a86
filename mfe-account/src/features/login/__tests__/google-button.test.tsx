import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@wayfarer/router';
import type { WayfarerSupabase } from '@wayfarer/session';
import { setSupabaseForTests } from '@wayfarer/session';
import { withQueryClient } from '@wayfarer/session/testing';
import { authSettingsKey } from '../api/auth-settings';
import { LoginPage } from '../login-page';

/** The server's GET /auth/v1/settings decides whether the login and sign-up forms offer Google. */
const w = window as unknown as Record<string, unknown>;
let fetchSpy: jest.SpiedFunction<typeof fetch>;

function answerSettings(google: boolean) {
  fetchSpy = jest
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () =>
      Response.json({ external: { email: true, google, phone: false }, disable_signup: false }),
    );
}

async function mountWithServerSettings() {
  setSupabaseForTests({
    auth: {
      getSession: jest.fn(async () => ({ data: { session: null }, error: null })),
      onAuthStateChange: jest.fn(() => ({ data: { subscription: { unsubscribe: () => undefined } } })),
    },
    from: jest.fn(),
  } as unknown as WayfarerSupabase);
  const q = withQueryClient();
  render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
      </Routes>
    </MemoryRouter>,
    { wrapper: q.wrapper },
  );
  await screen.findByRole('heading', { name: 'Log in' });
  await waitFor(() => expect(q.client.getQueryState(authSettingsKey)?.status).toBe('success'));
}

beforeEach(() => {
  w.__WAYFARER_CONFIG__ = { supabaseUrl: 'https://api.wayfarer.example/', supabaseAnonKey: 'anon-key' };
});
afterEach(() => {
  fetchSpy.mockRestore();
  delete w.__WAYFARER_CONFIG__;
  setSupabaseForTests(null);
});

it('asks the auth server for its settings and offers Google on login and sign-up when it has it', async () => {
  answerSettings(true);
  await mountWithServerSettings();
  const [url, init] = fetchSpy.mock.calls[0]!;
  expect(String(url)).toBe('https://api.wayfarer.example/auth/v1/settings');
  expect(new Headers(init?.headers).get('apikey')).toBe('anon-key');
  expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
  expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
});

it('offers no Google button when the server says Google sign-in is not there', async () => {
  answerSettings(false);
  await mountWithServerSettings();
  expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
  await screen.findByRole('button', { name: 'Sign up' });
  expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
});
