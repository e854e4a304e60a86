import { Suspense } from 'react';
import { Link, Route, Routes } from '@wayfarer/router';
import type { RemoteProps } from '@wayfarer/contracts';
import {
  PageLoading,
  lazyPage,
  preloadMatchingPage,
  usePageMeta,
  usePrefetchOnIntent,
  type LazyPage,
} from '@wayfarer/ui';
import { useTranslation } from '@wayfarer/i18n';
import '../features/shared/marketing.css';
import { MARKETING_NS, marketingCatalogReady } from '../i18n';

// Each page is its own chunk: `/` downloads the home page only, not the charts of /invest or the legal texts.
// A page with a data export has its first data read when it is preloaded (PageDataPrefetch in @wayfarer/ui).
const HomePage = lazyPage(
  () => import(/* webpackChunkName: "page-home" */ '../features/home/home-page'),
  'HomePage',
  { data: 'prefetchHomeData' },
);
const InvestPage = lazyPage(
  () => import(/* webpackChunkName: "page-invest" */ '../features/invest/invest-page'),
  'InvestPage',
);
const AboutPage = lazyPage(
  () => import(/* webpackChunkName: "page-about" */ '../features/about/about-page'),
  'AboutPage',
);
const PricingPage = lazyPage(
  () => import(/* webpackChunkName: "page-pricing" */ '../features/pricing/pricing-page'),
  'PricingPage',
);
const PrivacyPage = lazyPage(
  () => import(/* webpackChunkName: "page-privacy" */ '../features/privacy/privacy-page'),
  'PrivacyPage',
);
const TermsPage = lazyPage(
  () => import(/* webpackChunkName: "page-legal" */ '../features/legal/legal-pages'),
  'TermsPage',
);
const CookiePolicyPage = lazyPage(
  () => import(/* webpackChunkName: "page-legal" */ '../features/legal/legal-pages'),
  'CookiePolicyPage',
);
const DsarPage = lazyPage(
  () => import(/* webpackChunkName: "page-legal" */ '../features/legal/legal-pages'),
  'DsarPage',
);
const NewsListPage = lazyPage(
  () => import(/* webpackChunkName: "page-news" */ '../features/news/news-list-page'),
  'NewsListPage',
  { data: 'prefetchNewsList' },
);
const NewsItemPage = lazyPage(
  () => import(/* webpackChunkName: "page-news-item" */ '../features/news/news-item-page'),
  'NewsItemPage',
  { data: 'prefetchNewsItem' },
);

/** This remote's pages by path (the paths the contract's route table gives the marketing remote). */
const PAGES: readonly { path: string; page: LazyPage }[] = [
  { path: '/', page: HomePage },
  { path: '/invest', page: InvestPage },
  { path: '/about', page: AboutPage },
  { path: '/pricing', page: PricingPage },
  { path: '/privacy-policy', page: PrivacyPage },
  { path: '/terms', page: TermsPage },
  { path: '/cookie-policy', page: CookiePolicyPage },
  { path: '/dsar', page: DsarPage },
  { path: '/news', page: NewsListPage },
  { path: '/news/:newsId', page: NewsItemPage },
];

/**
 * For the shell: downloads the page of `pathname` before this remote is on screen (on intent, and before the
 * first render, so the page renders at once); resolves when it is ready or has failed (never rejects).
 */
export function preloadRoute(pathname: string, search = ''): Promise<void> {
  // The page and this remote's messages in the active language (registering never rejects).
  return Promise.all([preloadMatchingPage(PAGES, pathname, search), marketingCatalogReady]).then(
    () => undefined,
  );
}

function NotFound() {
  const { t } = useTranslation(MARKETING_NS);
  usePageMeta({ title: t('notFound.title'), noindex: true });
  return (
    <section className="wf-container wf-page">
      <h1>{t('notFound.title')}</h1>
      <p>
        <Link to="/">{t('notFound.back')}</Link>
      </p>
    </section>
  );
}

/** The marketing remote's routes: the public pages. */
export default function MarketingApp(_props: RemoteProps) {
  const { t } = useTranslation(MARKETING_NS);
  usePrefetchOnIntent(PAGES);
  // PageSuspense's boundary, with its message in the active language.
  return (
    <Suspense fallback={<PageLoading message={t('app.loadingPage')} />}>
      <Routes>
        {PAGES.map(({ path, page: Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}
