import { Provider } from 'jotai';
import { BrowserRouter, Route, Routes } from '@wayfarer/router';
import { sessionStore } from '@wayfarer/session';
import { Navbar } from '../features/navbar/navbar';
import { ThemeRoot } from '../features/theme/theme-root';
import { PresenceHeartbeat } from '../features/presence/presence-heartbeat';
import { RoutedRemote } from './routed-remote';
import { ScrollToTop } from './scroll-to-top';
import { RemotePrefetch } from '../mf/prefetch';

export function App() {
  return (
    <Provider store={sessionStore}>
      <BrowserRouter>
        <ThemeRoot />
        <PresenceHeartbeat />
        <ScrollToTop />
        <RemotePrefetch />
        <a className="wf-skip-link" href="#main">
          Skip to content
        </a>
        <Navbar />
        <main id="main" tabIndex={-1}>
          <Routes>
            <Route path="*" element={<RoutedRemote />} />
          </Routes>
        </main>
      </BrowserRouter>
    </Provider>
  );
}
