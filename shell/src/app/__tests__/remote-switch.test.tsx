import { jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from '@wayfarer/router';
import type { RemoteAppModule } from '@wayfarer/contracts';

const loadRemote = jest.fn<(id: string) => Promise<unknown>>();
jest.unstable_mockModule('../../mf/federation', () => ({ loadRemote, registerRemotes: jest.fn() }));
const { RemoteSuspense } = await import('../remote-route');
const { RoutedRemote } = await import('../routed-remote');
const { NavigationProgress } = await import('../../features/navigation-progress/navigation-progress');

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function Shell() {
  return (
    <MemoryRouter initialEntries={['/']}>
      <NavigationProgress />
      <Link to="/login">Log in</Link>
      <main>
        <RemoteSuspense>
          <Routes>
            <Route path="*" element={<RoutedRemote />} />
          </Routes>
        </RemoteSuspense>
      </main>
    </MemoryRouter>
  );
}

test('switching to another remote keeps the current page until the next remote and its page are ready, with a progress bar instead of a loading screen', async () => {
  const marketing: RemoteAppModule = {
    default: () => <h1>Explore the world</h1>,
    preloadRoute: async () => undefined,
  };
  const accountLoad = deferred<RemoteAppModule>();
  const loginPage = deferred<void>();
  const preloadRoute = jest.fn((_pathname: string) => loginPage.promise);
  loadRemote.mockImplementation((id) =>
    id === 'marketing/App' ? Promise.resolve(marketing) : accountLoad.promise,
  );

  render(<Shell />);
  // A cold start shows the remote's loading state.
  expect(screen.getByTestId('remote-loading').textContent).toContain('Loading Wayfarer');
  expect(await screen.findByRole('heading', { name: 'Explore the world' })).toBeTruthy();

  fireEvent.click(screen.getByRole('link', { name: 'Log in' }));
  await act(async () => undefined);
  // The account remote is downloading: the home page stays, no loading screen, a progress bar says so.
  expect(screen.getByRole('heading', { name: 'Explore the world' })).toBeTruthy();
  expect(screen.queryByTestId('remote-loading')).toBeNull();
  expect(screen.getByRole('progressbar', { name: 'Loading the page' })).toBeTruthy();

  await act(async () => accountLoad.resolve({ default: () => <h1>Log in to Wayfarer</h1>, preloadRoute }));
  // The remote's code is there; its page for /login is still downloading: still the home page.
  expect(preloadRoute).toHaveBeenCalledWith('/login', '');
  expect(screen.getByRole('heading', { name: 'Explore the world' })).toBeTruthy();
  expect(screen.queryByTestId('remote-loading')).toBeNull();

  await act(async () => loginPage.resolve());
  expect(await screen.findByRole('heading', { name: 'Log in to Wayfarer' })).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Explore the world' })).toBeNull();
  expect(screen.queryByRole('progressbar')).toBeNull();
  expect(loadRemote.mock.calls.map((c) => c[0])).toEqual(['marketing/App', 'account/App']);
});
