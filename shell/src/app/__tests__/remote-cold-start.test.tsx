import { jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@wayfarer/router';
import type { RemoteAppModule } from '@wayfarer/contracts';

const loadRemote = jest.fn<(id: string) => Promise<unknown>>();
jest.unstable_mockModule('../../mf/federation', () => ({ loadRemote, registerRemotes: jest.fn() }));
const { RemoteSuspense } = await import('../remote-route');
const { RoutedRemote } = await import('../routed-remote');

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

test("a cold start shows the page as soon as its remote and page have loaded, not after React's 300 ms fallback throttle", async () => {
  const marketing = deferred<RemoteAppModule>();
  loadRemote.mockImplementation(() => marketing.promise);
  // Outside act(): under act React commits at once; a browser's React holds the commit back.
  const actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT');
  Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
  try {
    await coldStart(marketing);
  } finally {
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
  }
});

async function coldStart(marketing: ReturnType<typeof deferred<RemoteAppModule>>) {
  render(
    <MemoryRouter initialEntries={['/?from=newsletter']}>
      <main>
        <RemoteSuspense>
          <Routes>
            <Route path="*" element={<RoutedRemote />} />
          </Routes>
        </RemoteSuspense>
      </main>
    </MemoryRouter>,
  );
  expect(await screen.findByTestId('remote-loading')).toBeTruthy();
  expect(screen.getByTestId('remote-loading').textContent).toContain('Loading Wayfarer');
  const preloadRoute = jest.fn(async (_pathname: string, _search?: string) => undefined);
  marketing.resolve({ default: () => <h1>Explore the world</h1>, preloadRoute });
  // React's render and commit are tasks queued now; a commit held back until 300 ms after a fallback was shown
  // (the retry throttle) is a timer that has not run 50 ms later.
  await new Promise((r) => setTimeout(r, 50));
  expect(screen.queryByRole('heading', { name: 'Explore the world' })).toBeTruthy();
  expect(screen.queryByTestId('remote-loading')).toBeNull();
  // The page and its first data were asked for with the whole address.
  expect(preloadRoute).toHaveBeenCalledWith('/', '?from=newsletter');
}
