import { jest } from '@jest/globals';
import { act, render } from '@testing-library/react';

let currentUser: { id: string; display_name: string } | null = null;
const sendHeartbeat = jest.fn(async (..._args: unknown[]) => undefined);
jest.unstable_mockModule('@wayfarer/session', () => ({
  getAccessToken: async () => 'token',
  useCurrentUser: () => currentUser,
}));
jest.unstable_mockModule('@wayfarer/api-client', () => ({ sendHeartbeat }));
const { PresenceHeartbeat } = await import('../presence-heartbeat');

const flush = () => act(async () => new Promise((r) => setTimeout(r, 0)));

test('beats once per signed-in visit: a re-read of the same user is not a new beat, another user is', async () => {
  currentUser = { id: 'u1', display_name: 'Ada' };
  const { rerender } = render(<PresenceHeartbeat />);
  await flush();
  expect(sendHeartbeat).toHaveBeenCalledTimes(1);
  // The user store read the same user again (a new object: a profile edit, an auth event).
  currentUser = { id: 'u1', display_name: 'Ada L.' };
  rerender(<PresenceHeartbeat />);
  await flush();
  expect(sendHeartbeat).toHaveBeenCalledTimes(1);
  currentUser = { id: 'u2', display_name: 'Grace' };
  rerender(<PresenceHeartbeat />);
  await flush();
  expect(sendHeartbeat).toHaveBeenCalledTimes(2);
  currentUser = null;
  rerender(<PresenceHeartbeat />);
  await flush();
  expect(sendHeartbeat).toHaveBeenCalledTimes(2);
});
