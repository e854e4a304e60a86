import { jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@wayfarer/router';
import type { WayfarerSupabase } from '@wayfarer/session';
import {
  initialUserState,
  sessionStore,
  setSupabaseForTests,
  userStateAtom,
  type CurrentUser,
} from '@wayfarer/session';
import { adminStore, forbiddenAtom } from '../../../lib/admin-store';
import { AUTH_REQUIRED, adminRequest } from '../../../lib/admin-request';
import { AdminLayout } from '../admin-layout';

const user = (isAdmin: boolean): CurrentUser => ({
  id: isAdmin ? 'admin-1' : 'user-1',
  email: isAdmin ? 'admin@wayfarer.local' : 'traveller@wayfarer.local',
  display_name: 'X',
  gender: null,
  birthdate: null,
  avatar_url: null,
  isAdmin,
});

function renderAdmin() {
  return render(
    <MemoryRouter initialEntries={['/admin/news']}>
      <Routes>
        <Route path="/admin" element={<AdminLayout />}>
          <Route path="news" element={<p>news screen</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

function fakeSupabase(token: string | null) {
  return {
    auth: {
      getSession: async () => ({
        data: { session: token ? { access_token: token, user: { id: 'u' } } : null },
        error: null,
      }),
    },
  } as unknown as WayfarerSupabase;
}

afterEach(() => {
  sessionStore.set(userStateAtom, initialUserState);
  adminStore.set(forbiddenAtom, false);
  setSupabaseForTests(null);
});

test('a signed-in non-admin sees Admins only, not the screen', async () => {
  sessionStore.set(userStateAtom, { ...initialUserState, initialized: true, user: user(false) });
  renderAdmin();
  expect(await screen.findByRole('heading', { name: 'Admins only' })).toBeTruthy();
  expect(screen.getByText('traveller@wayfarer.local')).toBeTruthy();
  expect(screen.queryByText('news screen')).toBeNull();
});

test('an admin gets the sub-navigation and the screen, with the current section marked', () => {
  sessionStore.set(userStateAtom, { ...initialUserState, initialized: true, user: user(true) });
  renderAdmin();
  expect(screen.getByText('news screen')).toBeTruthy();
  const nav = screen.getByRole('navigation', { name: 'Admin sections' });
  expect(nav.querySelectorAll('a')).toHaveLength(11); // Reports is the tenth, Releases the 11th
  expect(screen.getByRole('link', { name: 'News' }).getAttribute('aria-current')).toBe('page');
});

test('waits for the session before deciding', () => {
  renderAdmin();
  expect(screen.queryByText('Admins only')).toBeNull();
  expect(screen.queryByText('news screen')).toBeNull();
});

test('an API 403 switches the page to Admins only', async () => {
  sessionStore.set(userStateAtom, { ...initialUserState, initialized: true, user: user(true) });
  setSupabaseForTests(fakeSupabase('tok'));
  const fetchMock = jest.fn(
    async () =>
      new Response(JSON.stringify({ error: 'Admins only' }), { status: 403, statusText: 'Forbidden' }),
  );
  const orig = globalThis.fetch;
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  try {
    renderAdmin();
    expect(screen.getByText('news screen')).toBeTruthy();
    await act(async () => {
      await expect(adminRequest('/admin/news')).rejects.toThrow('Admins only');
    });
    expect(await screen.findByRole('heading', { name: 'Admins only' })).toBeTruthy();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok');
  } finally {
    globalThis.fetch = orig;
  }
});

test('a write without an access token stops before any request', async () => {
  setSupabaseForTests(fakeSupabase(null));
  const fetchMock = jest.fn(async () => new Response('{}'));
  const orig = globalThis.fetch;
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  try {
    await expect(adminRequest('/admin/news', { method: 'POST', json: {} })).rejects.toThrow(AUTH_REQUIRED);
    expect(fetchMock).not.toHaveBeenCalled();
  } finally {
    globalThis.fetch = orig;
  }
});
