import { jest } from '@jest/globals';
import type { ComponentType } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from '@wayfarer/router';
import { PageSuspense, lazyPage } from '@wayfarer/ui';
import { FIRST_SCREEN_GLOBAL, FIRST_SCREEN_ID } from '@wayfarer/contracts/browser';

const loadRemote = jest.fn<(id: string) => Promise<unknown>>();
const registerRemotes = jest.fn();
jest.unstable_mockModule('../../mf/federation', () => ({ loadRemote, registerRemotes }));
const { RemoteRoute, RemoteSuspense } = await import('../remote-route');
const { registerRemoteMap } = await import('../../mf/remote-loader');

/** A remote's ./App as the runtime evaluates it: one lazy page whose chunk download is `loadPage`. */
function remoteApp(loadPage: () => Promise<{ InvestPage: ComponentType }>) {
  const InvestPage = lazyPage(loadPage, 'InvestPage');
  return {
    default: () => (
      <PageSuspense>
        <InvestPage />
      </PageSuspense>
    ),
  };
}

test('a page chunk that fails inside a remote shows the remote error with Retry, and Retry loads it', async () => {
  const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const realFetch = globalThis.fetch;
  // The route's first screen, painted by the HTML: the error takes its place.
  const overlay = document.createElement('div');
  overlay.id = FIRST_SCREEN_ID;
  document.body.appendChild(overlay);
  (window as unknown as Record<string, unknown>)[FIRST_SCREEN_GLOBAL] = { root: overlay };
  try {
    globalThis.fetch = (async () => new Response('{}')) as typeof fetch;
    await registerRemoteMap();
    const chunkError = Object.assign(
      new Error('Loading chunk 262 failed.\n(error: http://localhost:3003/js/262.js)'),
      { name: 'ChunkLoadError' },
    );
    // The first evaluation of marketing/App fails to fetch the page; Retry re-registers the remote, and the
    // runtime evaluates it afresh.
    loadRemote
      .mockResolvedValueOnce(remoteApp(() => Promise.reject(chunkError)))
      .mockResolvedValueOnce(remoteApp(async () => ({ InvestPage: () => <h1>Invest in Wayfarer</h1> })));
    render(
      <MemoryRouter initialEntries={['/invest']}>
        <RemoteSuspense>
          <RemoteRoute remote="marketing" />
        </RemoteSuspense>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('remote-loading')).toBeTruthy();
    expect(document.getElementById(FIRST_SCREEN_ID)).toBe(overlay);
    const error = await screen.findByTestId('remote-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(document.getElementById(FIRST_SCREEN_ID)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Wayfarer is unavailable right now' })).toBeTruthy();
    expect(screen.getByTestId('remote-error-message').textContent).toBe(
      'ChunkLoadError: Loading chunk 262 failed.\n(error: http://localhost:3003/js/262.js)',
    );
    registerRemotes.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Invest in Wayfarer' })).toBeTruthy();
    expect(screen.queryByTestId('remote-error')).toBeNull();
    expect(registerRemotes).toHaveBeenCalledWith([expect.objectContaining({ name: 'marketing' })], {
      force: true,
    });
    expect(loadRemote.mock.calls.map((c) => c[0])).toEqual(['marketing/App', 'marketing/App']);
  } finally {
    globalThis.fetch = realFetch;
    quiet.mockRestore();
    delete (window as unknown as Record<string, unknown>)[FIRST_SCREEN_GLOBAL];
  }
});

test('a remote that does not load on a dead connection the browser calls online says it needs a connection', async () => {
  const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const realFetch = globalThis.fetch;
  const asked: string[] = [];
  try {
    // The API and the shell's own /healthz are unreachable, though navigator.onLine stays true.
    globalThis.fetch = (async (url: string) => {
      asked.push(String(url));
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await registerRemoteMap();
    expect(navigator.onLine).toBe(true);
    const chunkError = Object.assign(new Error('Loading script failed: remoteEntry.js'), {
      name: 'ChunkLoadError',
    });
    loadRemote.mockReset();
    loadRemote.mockRejectedValue(chunkError);
    render(
      <MemoryRouter initialEntries={['/explore']}>
        <RemoteSuspense>
          <RemoteRoute remote="explore" />
        </RemoteSuspense>
      </MemoryRouter>,
    );
    const needs = await screen.findByTestId('needs-connection', undefined, { timeout: 10_000 });
    expect(needs.getAttribute('role')).toBe('alert');
    expect(screen.getByRole('link', { name: 'Open downloads' }).getAttribute('href')).toBe('/downloads');
    expect(screen.queryByTestId('remote-error')).toBeNull();
    expect(asked).toContain('/healthz');
  } finally {
    globalThis.fetch = realFetch;
    quiet.mockRestore();
    loadRemote.mockReset();
  }
}, 20_000);
