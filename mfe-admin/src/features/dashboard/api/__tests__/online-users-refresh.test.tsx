import { jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import type { WayfarerSupabase } from '@wayfarer/session';
import { setSupabaseForTests } from '@wayfarer/session';
import { withQueryClient } from '@wayfarer/session/testing';
import { ONLINE_USERS_REFRESH_MS, useOnlineUsers } from '../dashboard-queries';

function Probe() {
  const { data, error } = useOnlineUsers();
  return <p data-testid="probe">{error ?? (data ? data.map((u) => u.display_name).join(',') : 'loading')}</p>;
}

test('online users are refreshed every 30 s and stop when unmounted', async () => {
  // Microtasks stay real: React's act and the data layer's promise chains run on them.
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  setSupabaseForTests({
    auth: {
      getSession: async () => ({
        data: { session: { access_token: 'tok', user: { id: 'u' } } },
        error: null,
      }),
    },
  } as unknown as WayfarerSupabase);
  let n = 0;
  globalThis.fetch = jest.fn(async () => {
    n++;
    return new Response(JSON.stringify({ ok: true, onlineUsers: [{ id: 'a', display_name: `User ${n}` }] }));
  }) as unknown as typeof fetch;
  // TanStack Query notifies on a zero-delay timer: run those between the microtasks.
  const flush = async () => {
    for (let i = 0; i < 100; i++) {
      await Promise.resolve();
      jest.advanceTimersByTime(0);
    }
  };
  const view = render(<Probe />, { wrapper: withQueryClient().wrapper });
  await act(flush);
  expect(screen.getByTestId('probe').textContent).toBe('User 1');
  await act(async () => {
    jest.advanceTimersByTime(ONLINE_USERS_REFRESH_MS - 1);
    await flush();
  });
  expect(n).toBe(1);
  await act(async () => {
    jest.advanceTimersByTime(1);
    await flush();
  });
  expect(n).toBe(2);
  expect(screen.getByTestId('probe').textContent).toBe('User 2');
  view.unmount();
  jest.advanceTimersByTime(ONLINE_USERS_REFRESH_MS * 3);
  expect(n).toBe(2);
  expect(ONLINE_USERS_REFRESH_MS).toBe(30_000);
  jest.useRealTimers();
  setSupabaseForTests(null);
});
