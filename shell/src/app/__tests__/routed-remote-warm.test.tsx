import { jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from '@wayfarer/router';
import { initialUserState, sessionStore, userStateAtom } from '@wayfarer/session';

const loadRemote = jest.fn<(id: string) => Promise<unknown>>();
jest.unstable_mockModule('../../mf/federation', () => ({ loadRemote, registerRemotes: jest.fn() }));
const { RemoteSuspense } = await import('../remote-route');
const { RoutedRemote } = await import('../routed-remote');

// Supabase Auth's storage key for this API origin (what a signed-in visitor's localStorage holds).
const SESSION_KEY = 'sb-localhost-auth-token';

beforeEach(() => {
  (window as unknown as Record<string, unknown>).__WAYFARER_CONFIG__ = {
    apiUrl: 'http://localhost:4000',
    supabaseUrl: 'http://localhost:4000',
    supabaseAnonKey: 'anon',
  };
  loadRemote.mockReset();
  loadRemote.mockImplementation(() => new Promise(() => undefined));
  sessionStore.set(userStateAtom, initialUserState);
});
afterEach(() => localStorage.clear());

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <RemoteSuspense>
        <RoutedRemote />
      </RemoteSuspense>
    </MemoryRouter>,
  );
}

test('with a session in storage, a guarded page downloads its remote while the session is being checked', async () => {
  localStorage.setItem(SESSION_KEY, '{"access_token":"x"}');
  renderAt('/explore');
  await act(async () => undefined);
  expect(screen.getByText('Checking your session…')).toBeTruthy();
  expect(loadRemote.mock.calls.map((c) => c[0])).toEqual(['explore/App']);
});

test('without a stored session, nothing is downloaded before the check (a signed-out visitor goes to /login)', async () => {
  renderAt('/explore');
  await act(async () => undefined);
  expect(screen.getByText('Checking your session…')).toBeTruthy();
  expect(loadRemote).not.toHaveBeenCalled();
});
