import { jest } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { activeThemeAtom, sessionStore, setSupabaseForTests } from '@wayfarer/session';
import { withQueryClient } from '@wayfarer/session/testing';
import { signInForTests } from '../../../../testing/session';
import { dashboardKeys, normalizeStats } from '../../../dashboard';
import { adminThemesKeys } from '../keys';
import type { AdminTheme } from '../themes-api';
import { useActivateTheme, useSetThemeSeasonal } from '../themes-queries';

const theme = (id: string, is_active: boolean, is_seasonal = false): AdminTheme => ({
  id,
  name: `theme-${id}`,
  css_class: `theme-${id}`,
  is_seasonal,
  is_active,
  created_at: '2026-01-01T00:00:00Z',
});

beforeEach(() => {
  signInForTests();
  globalThis.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const path = new URL(String(input)).pathname;
    const id = path.split('/')[3]!;
    if (path.endsWith('/activate'))
      return new Response(JSON.stringify({ ok: true, theme: theme(id, true), message: 'ok' }));
    const body = JSON.parse(String(init?.body)) as { is_seasonal: boolean };
    return new Response(
      JSON.stringify({ ok: true, theme: theme(id, false, body.is_seasonal), message: 'ok' }),
    );
  }) as unknown as typeof fetch;
});
afterEach(() => {
  setSupabaseForTests(null);
  sessionStore.set(activeThemeAtom, null);
});

test('activating a theme updates the cached list and the overlay, and invalidates the dashboard stats', async () => {
  const { client, wrapper } = withQueryClient();
  client.setQueryData(adminThemesKeys.all, [theme('a', true), theme('b', false, true)]);
  client.setQueryData(dashboardKeys.stats(), normalizeStats({ active_themes: 1 }));
  const { result } = renderHook(() => useActivateTheme(), { wrapper });
  await act(async () => void (await result.current.mutateAsync(theme('b', false, true))));
  expect(client.getQueryData<AdminTheme[]>(adminThemesKeys.all)!.map((t) => [t.id, t.is_active])).toEqual([
    ['a', false],
    ['b', true],
  ]);
  expect(sessionStore.get(activeThemeAtom)).toEqual({ name: 'theme-b', is_seasonal: true });
  expect(client.getQueryState(dashboardKeys.stats())!.isInvalidated).toBe(true);
});

test('the seasonal flag takes the server’s answer in the cached list', async () => {
  const { client, wrapper } = withQueryClient();
  client.setQueryData(adminThemesKeys.all, [theme('a', true), theme('b', false)]);
  const { result } = renderHook(() => useSetThemeSeasonal(), { wrapper });
  await act(async () => void (await result.current.mutateAsync(theme('b', false))));
  expect(client.getQueryData<AdminTheme[]>(adminThemesKeys.all)!.map((t) => t.is_seasonal)).toEqual([
    false,
    true,
  ]);
});
