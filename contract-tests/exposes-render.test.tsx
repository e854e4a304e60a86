import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { act } from 'react';
import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from '@wayfarer/router';
import { withQueryClient } from '@wayfarer/session/testing';
import { REMOTES, routesOf, type RemoteAppModule, type RemoteProps } from '@wayfarer/contracts';
import { selectedRemotes } from './selected-remotes';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Each remote's exposed modules, read from its own module-federation.config.ts. */
async function exposesOf(pkg: string): Promise<Record<string, string>> {
  const cfg = (await import(pathToFileURL(path.join(ROOT, pkg, 'module-federation.config.ts')).href)) as {
    default: { exposes?: Record<string, string> };
  };
  return cfg.default.exposes ?? {};
}

beforeAll(() => {
  // jsdom has no network: API calls made while mounting fail fast instead of hanging.
  globalThis.fetch = (async () =>
    new Response('{"error":"offline in unit tests"}', { status: 503 })) as typeof fetch;
  window.scrollTo = () => undefined;
  // What the shell's /runtime-config.js provides in a browser.
  (window as unknown as Record<string, unknown>).__WAYFARER_CONFIG__ = {
    apiUrl: 'http://localhost:4000',
    supabaseUrl: 'http://localhost:4000',
    supabaseAnonKey: 'contract-test-anon-key',
  };
});

// Every remote, or the one `pnpm --filter mfe-<name> test` checks alone (CONTRACT_REMOTES).
describe.each(selectedRemotes())('%s remote', (name) => {
  it('exposes every module the contract names, and ./App renders with RemoteProps on its first route', async () => {
    const exposes = await exposesOf(REMOTES[name].packageName);
    expect(Object.keys(exposes)).toEqual(expect.arrayContaining([...REMOTES[name].exposes]));
    const mod = (await import(
      pathToFileURL(path.join(ROOT, REMOTES[name].packageName, exposes['./App'])).href
    )) as RemoteAppModule;
    expect(typeof mod.default).toBe('function');
    const route = routesOf(name)[0].path.replace(/:(\w+)/g, 'x');
    const props: RemoteProps = { basePath: '/' };
    let view!: ReturnType<typeof render>;
    await act(async () => {
      // The shell provides the one QueryClient above every remote (a fresh one per render here).
      view = render(
        <MemoryRouter initialEntries={[route]}>
          <mod.default {...props} />
        </MemoryRouter>,
        { wrapper: withQueryClient().wrapper },
      );
    });
    // Pages are lazy: wait until the route's page has loaded (its chunk, in a browser).
    await waitFor(() => expect(view.container.querySelector('[data-testid="page-loading"]')).toBeNull());
    // A page heading, a loading status or an error: never an empty mount.
    expect(view.container.querySelector('h1, h2, [role="status"], [role="alert"]')).not.toBeNull();
    view.unmount();
  });

  it("./App's preloadRoute downloads a route's page so that the first render shows it at once", async () => {
    const exposes = await exposesOf(REMOTES[name].packageName);
    const mod = (await import(
      pathToFileURL(path.join(ROOT, REMOTES[name].packageName, exposes['./App'])).href
    )) as RemoteAppModule;
    // The shell awaits this before rendering the remote, so that switching remotes shows no loading state.
    expect(typeof mod.preloadRoute).toBe('function');
    for (const { path: pattern } of routesOf(name)) {
      const route = pattern.replace(/:(\w+)/g, 'x');
      await expect(mod.preloadRoute!(route)).resolves.toBeUndefined();
      let view!: ReturnType<typeof render>;
      // A synchronous render: a page whose code were not there yet would show its loading state here.
      act(() => {
        view = render(
          <MemoryRouter initialEntries={[route]}>
            <mod.default basePath="/" />
          </MemoryRouter>,
          { wrapper: withQueryClient().wrapper },
        );
      });
      expect({
        route,
        loading: view.container.querySelector('[data-testid="page-loading"]') !== null,
      }).toEqual({
        route,
        loading: false,
      });
      view.unmount();
    }
  });
});
