import { jest } from '@jest/globals';
import { act, renderHook, waitFor } from '@testing-library/react';
import { activeThemeAtom, sessionStore } from '@wayfarer/session';
import { withQueryClient } from '@wayfarer/session/testing';
import {
  ACTIVE_THEME_REFRESH_MS,
  ACTIVE_THEME_STALE_MS,
  shellKeys,
  useActiveTheme,
} from '../active-theme-query';

let answers: unknown[];
let n: number;
beforeEach(() => {
  n = 0;
  answers = [
    { theme: { name: 'christmas', is_seasonal: true, css_class: 'theme-christmas' } },
    { theme: null },
  ];
  globalThis.fetch = jest.fn(
    async () => new Response(JSON.stringify(answers[Math.min(n++, answers.length - 1)])),
  ) as unknown as typeof fetch;
});
afterEach(() => sessionStore.set(activeThemeAtom, null));

test('the active theme goes to the overlay’s atom; a re-read that answers null clears it', async () => {
  const { client, wrapper } = withQueryClient();
  renderHook(() => useActiveTheme(), { wrapper });
  await waitFor(() =>
    expect(sessionStore.get(activeThemeAtom)).toMatchObject({ name: 'christmas', is_seasonal: true }),
  );
  await act(async () => void (await client.refetchQueries({ queryKey: shellKeys.activeTheme })));
  await waitFor(() => expect(sessionStore.get(activeThemeAtom)).toBeNull());
  expect(n).toBe(2);
});

test('an open tab re-reads it every 10 minutes; a failure is only logged', async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const flush = async () => {
    for (let i = 0; i < 50; i++) {
      await Promise.resolve();
      jest.advanceTimersByTime(0);
    }
  };
  const view = renderHook(() => useActiveTheme(), { wrapper: withQueryClient().wrapper });
  await act(flush);
  expect(n).toBe(1);
  answers = [{}, {}];
  globalThis.fetch = jest.fn(async () => {
    n++;
    return new Response('{"error":"down"}', { status: 400 });
  }) as unknown as typeof fetch;
  await act(async () => {
    jest.advanceTimersByTime(ACTIVE_THEME_REFRESH_MS);
    await flush();
  });
  expect(n).toBe(2);
  expect(warn).toHaveBeenCalledWith('Could not load the active theme', expect.anything());
  expect(sessionStore.get(activeThemeAtom)).toMatchObject({ name: 'christmas' });
  expect(ACTIVE_THEME_STALE_MS).toBe(5 * 60_000);
  view.unmount();
  warn.mockRestore();
  jest.useRealTimers();
});
