import { jest } from '@jest/globals';
import type { ComponentType } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from '@wayfarer/router';
import { initialUserState, sessionStore, userStateAtom, type CurrentUser } from '@wayfarer/session';
import { PREFETCH_EVENT } from '@wayfarer/ui';

// The shell's container loader (federation.ts), as the remote loader calls it.
const loadRemote = jest.fn<(id: string) => Promise<unknown>>();
const registerRemotes = jest.fn();
jest.unstable_mockModule('../federation', () => ({ loadRemote, registerRemotes }));
const { RemotePrefetch, createRemotePrefetcher } = await import('../prefetch');

const traveller: CurrentUser = {
  id: 'u1',
  email: 'traveller@wayfarer.local',
  display_name: 'T',
  gender: null,
  birthdate: null,
  avatar_url: null,
  isAdmin: false,
};

/** A remote's exposed ./App module: the component and its page preloader. */
function remoteModule() {
  return {
    default: (() => null) as ComponentType,
    preloadRoute: jest.fn<(pathname: string, search?: string) => void>(),
  };
}

function renderAt(pathname: string, prefetcher?: ReturnType<typeof createRemotePrefetcher>) {
  return render(
    <MemoryRouter initialEntries={[pathname]}>
      <RemotePrefetch prefetcher={prefetcher} />
      <a href="/explore">Explore</a>
      <a href="/explore?lat=48.8584&amp;lon=2.2945&amp;km=2">Explore around the Eiffel Tower</a>
      <a href="/explore/Q243">Eiffel Tower</a>
      <a href="/admin/news">Admin news</a>
      <a href="/pricing">Pricing</a>
      <a href="/no-such-page">Nowhere</a>
    </MemoryRouter>,
  );
}

const flush = () => act(() => new Promise((r) => setTimeout(r, 0)));
const hover = (name: string) => fireEvent.pointerOver(screen.getByRole('link', { name }));

function setSaveData(saveData: boolean | undefined) {
  Object.defineProperty(window.navigator, 'connection', {
    value: saveData === undefined ? undefined : { saveData },
    configurable: true,
  });
}

beforeEach(() => {
  sessionStore.set(userStateAtom, { ...initialUserState, initialized: true, user: traveller });
});
afterEach(() => {
  sessionStore.set(userStateAtom, initialUserState);
  setSaveData(undefined);
});

describe('shell prefetch of other remotes', () => {
  it('hovering links into a remote loads it once and asks it for each page', async () => {
    const mod = remoteModule();
    const load = jest.fn(async () => mod);
    renderAt('/', createRemotePrefetcher(load, jest.fn()));
    hover('Explore');
    hover('Eiffel Tower');
    act(() => screen.getByRole('link', { name: 'Explore' }).focus());
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('explore');
    expect(mod.preloadRoute.mock.calls.map((c) => c[0]).sort()).toEqual([
      '/explore',
      '/explore',
      '/explore/Q243',
    ]);
  });

  it("gives the remote the link's query too, for a page whose first data depends on it (the explore view)", async () => {
    const mod = remoteModule();
    renderAt(
      '/',
      createRemotePrefetcher(async () => mod, jest.fn()),
    );
    hover('Explore around the Eiffel Tower');
    await flush();
    expect(mod.preloadRoute).toHaveBeenCalledWith('/explore', '?lat=48.8584&lon=2.2945&km=2');
  });

  it('leaves links of the remote on screen to that remote, and ignores paths no remote owns', async () => {
    const load = jest.fn(async () => remoteModule());
    renderAt('/about', createRemotePrefetcher(load, jest.fn()));
    hover('Pricing');
    hover('Nowhere');
    await flush();
    expect(load).not.toHaveBeenCalled();
  });

  it('signed out, a link to a guarded page prefetches the sign-in page it will land on', async () => {
    sessionStore.set(userStateAtom, { ...initialUserState, initialized: true, user: null });
    const mod = remoteModule();
    const load = jest.fn(async () => mod);
    renderAt('/', createRemotePrefetcher(load, jest.fn()));
    fireEvent.touchStart(screen.getByRole('link', { name: 'Explore' }));
    await flush();
    expect(load.mock.calls).toEqual([['account']]);
    // Without the guarded page's query: the sign-in page reads none.
    expect(mod.preloadRoute).toHaveBeenCalledWith('/login', '');
  });

  it('a link merely scrolled into view does not fetch another remote; hovering it does', async () => {
    const load = jest.fn(async () => remoteModule());
    renderAt('/', createRemotePrefetcher(load, jest.fn()));
    const link = screen.getByRole('link', { name: 'Explore' });
    link.dispatchEvent(new CustomEvent(PREFETCH_EVENT, { bubbles: true }));
    await flush();
    expect(load).not.toHaveBeenCalled();
    fireEvent.pointerOver(link);
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fetches nothing ahead on a save-data connection', async () => {
    setSaveData(true);
    const load = jest.fn(async () => remoteModule());
    renderAt('/', createRemotePrefetcher(load, jest.fn()));
    hover('Explore');
    hover('Admin news');
    await flush();
    expect(load).not.toHaveBeenCalled();
  });

  it('a failed prefetch resets the remote for the real navigation and is not repeated', async () => {
    const load = jest.fn(async () => {
      throw new Error('offline');
    });
    const reset = jest.fn();
    renderAt('/', createRemotePrefetcher(load, reset));
    hover('Admin news');
    await flush();
    hover('Admin news');
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(reset).toHaveBeenCalledWith('admin');
  });

  it('the shell calls its container loader once per remote', async () => {
    const explore = remoteModule();
    const admin = remoteModule();
    loadRemote.mockImplementation(async (id) => (id === 'explore/App' ? explore : admin));
    renderAt('/');
    hover('Explore');
    hover('Eiffel Tower');
    hover('Admin news');
    hover('Explore');
    await flush();
    expect(loadRemote.mock.calls.map((c) => c[0]).sort()).toEqual(['admin/App', 'explore/App']);
    expect(explore.preloadRoute).toHaveBeenCalledWith('/explore/Q243', '');
    expect(admin.preloadRoute).toHaveBeenCalledWith('/admin/news', '');
  });
});
