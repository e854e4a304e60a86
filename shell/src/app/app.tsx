import { Provider } from 'jotai';
import { BrowserRouter, Route, Routes } from '@wayfarer/router';
import { QueryClientProvider } from '@wayfarer/query';
import { queryClient, sessionStore } from '@wayfarer/session';
import { Toaster } from '@wayfarer/ui';
import { useTranslation } from '@wayfarer/i18n';
import { LanguageSync } from '../features/language';
import { SHELL_NS } from '../i18n';
import { Navbar } from '../features/navbar/navbar';
import { ThemeRoot } from '../features/theme/theme-root';
import { PresenceHeartbeat } from '../features/presence/presence-heartbeat';
import { NavigationProgress } from '../features/navigation-progress/navigation-progress';
import { RemoteSuspense } from './remote-route';
import { RoutedRemote } from './routed-remote';
import { ScrollToTop } from './scroll-to-top';
import { FirstScreenGuard } from './first-screen-guard';
import { RemotePrefetch } from '../mf/prefetch';
import { UpdatePrompt } from '../features/pwa';

export function App() {
  const { t } = useTranslation(SHELL_NS);
  return (
    <Provider store={sessionStore}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <ThemeRoot />
          <LanguageSync />
          <PresenceHeartbeat />
          <ScrollToTop />
          <FirstScreenGuard />
          <RemotePrefetch />
          <NavigationProgress />
          <a className="wf-skip-link" href="#main">
            {t('app.skip')}
          </a>
          <Navbar />
          <main id="main" tabIndex={-1}>
            <RemoteSuspense>
              <Routes>
                <Route path="*" element={<RoutedRemote />} />
              </Routes>
            </RemoteSuspense>
          </main>
          <Toaster />
          <UpdatePrompt />
        </BrowserRouter>
      </QueryClientProvider>
    </Provider>
  );
}
