import { Link, Route, Routes } from '@wayfarer/router';
import type { RemoteProps } from '@wayfarer/contracts';
import { Suspense } from 'react';
import {
  PageLoading,
  lazyPage,
  preloadMatchingPage,
  usePageMeta,
  usePrefetchOnIntent,
  type LazyPage,
} from '@wayfarer/ui';
import './pages.css';
import { useTranslation } from '@wayfarer/i18n';
import { ACCOUNT_NS, accountCatalogReady } from '../i18n';

// One chunk per page: a visitor signing in does not download the account, shop or subscription screens.
const LoginPage = lazyPage(
  () => import(/* webpackChunkName: "page-login" */ '../features/login/login-page'),
  'LoginPage',
);
const AccountPage = lazyPage(
  () => import(/* webpackChunkName: "page-account" */ '../features/account/account-page'),
  'AccountPage',
);
const ShopPage = lazyPage(
  () => import(/* webpackChunkName: "page-shop" */ '../features/shop/shop-page'),
  'ShopPage',
);
const OverviewPage = lazyPage(
  () => import(/* webpackChunkName: "page-overview" */ '../features/overview/overview-page'),
  'OverviewPage',
);
const SubscribePage = lazyPage(
  () => import(/* webpackChunkName: "page-subscribe" */ '../features/subscribe/subscribe-page'),
  'SubscribePage',
);

/** This remote's pages by path (the paths the contract's route table gives the account remote). */
const PAGES: readonly { path: string; page: LazyPage }[] = [
  { path: '/login', page: LoginPage },
  { path: '/account', page: AccountPage },
  { path: '/shop', page: ShopPage },
  { path: '/overview', page: OverviewPage },
  { path: '/subscribe', page: SubscribePage },
];

/**
 * For the shell: downloads the page of `pathname` before this remote is on screen (on intent, and before the
 * first render, so the page renders at once); resolves when it is ready or has failed (never rejects).
 */
export function preloadRoute(pathname: string, search = ''): Promise<void> {
  // The page and this remote's messages in the active language (registering never rejects).
  return Promise.all([preloadMatchingPage(PAGES, pathname, search), accountCatalogReady]).then(
    () => undefined,
  );
}

function NotFound() {
  const { t } = useTranslation(ACCOUNT_NS);
  usePageMeta({ title: t('notFound.title'), noindex: true });
  return (
    <section className="wf-container wf-page">
      <h1>{t('notFound.title')}</h1>
      <p className="wf-muted">
        {t('notFound.text')} <Link to="/account">{t('notFound.link')}</Link>.
      </p>
    </section>
  );
}

/** The account remote's routes (absolute paths; the shell guards the signed-in ones). */
export default function App(_props: RemoteProps) {
  const { t } = useTranslation(ACCOUNT_NS);
  usePrefetchOnIntent(PAGES);
  // PageSuspense's boundary, with its message in the active language.
  return (
    <Suspense fallback={<PageLoading message={t('common.loadingPage')} />}>
      <Routes>
        {PAGES.map(({ path, page: Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}
