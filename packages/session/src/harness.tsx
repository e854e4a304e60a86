import type { ComponentType, ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'jotai';
import { QueryClientProvider } from '@wayfarer/query';
import { BrowserRouter, Link } from '@wayfarer/router';
import type { RemoteProps } from '@wayfarer/contracts';
// The package's own name, not relative paths: in a remote's standalone page this is the shared singleton the remote
// provides (relative imports would be a second session). Not in the root entry: a shared module keeps every export,
// and the shell's first load has no use for the harness.
import { queryClient, sessionStore, startUserStore, useUserState } from '@wayfarer/session';

function HarnessBar({ name }: { name: string }) {
  const { user, initialized } = useUserState();
  return (
    <div
      style={{
        display: 'flex',
        gap: '1rem',
        alignItems: 'center',
        padding: '0.4rem 1rem',
        fontSize: '0.85rem',
        background: 'var(--bg-sunken)',
        borderBottom: '1px dashed var(--border)',
      }}
    >
      <strong>Standalone: {name}</strong>
      <span className="wf-muted">
        {initialized ? (user ? `signed in as ${user.email}` : 'signed out') : 'checking session…'}
      </span>
      <Link to="/login">/login (account remote)</Link>
    </div>
  );
}

/**
 * Mounts a remote on its own, as a team develops it without the shell: the same session singleton, the one
 * QueryClient and a router, plus a thin bar that shows who is signed in, and `chrome`: what the shell mounts once
 * for every remote (the Toaster of @wayfarer/ui).
 */
export function mountStandalone(App: ComponentType<RemoteProps>, name: string, chrome?: ReactNode): void {
  startUserStore();
  document.documentElement.classList.add('theme-dark');
  createRoot(document.getElementById('root')!).render(
    <Provider store={sessionStore}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <HarnessBar name={name} />
          <App basePath="/" />
          {chrome}
        </BrowserRouter>
      </QueryClientProvider>
    </Provider>,
  );
}
