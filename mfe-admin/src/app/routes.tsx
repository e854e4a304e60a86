import { Route, Routes } from '@wayfarer/router';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS, adminCatalogReady } from '../i18n';
import type { RemoteProps } from '@wayfarer/contracts';
import {
  EmptyState,
  lazyPage,
  preloadMatchingPage,
  usePageMeta,
  usePrefetchOnIntent,
  type LazyPage,
} from '@wayfarer/ui';
import { AdminLayout } from './layout/admin-layout';
import { SECTION_PAGES } from './section-pages';
import './admin.css';

// The dashboard's charting library downloads with the dashboard only; every other section is its own chunk too.
const DashboardPage = lazyPage(
  () => import(/* webpackChunkName: "page-dashboard" */ '../features/dashboard/components/dashboard-page'),
  'DashboardPage',
);
const NewsPage = lazyPage(
  () => import(/* webpackChunkName: "page-news" */ '../features/news/components/news-page'),
  'NewsPage',
);
const RoadmapPage = lazyPage(
  () => import(/* webpackChunkName: "page-roadmap" */ '../features/roadmap/components/roadmap-page'),
  'RoadmapPage',
);

/** This remote's pages by absolute path (the paths the contract's route table gives the admin remote). */
const PAGES: readonly { path: string; page: LazyPage }[] = [
  { path: '/admin', page: DashboardPage },
  { path: '/admin/news', page: NewsPage },
  { path: '/admin/roadmap', page: RoadmapPage },
  ...SECTION_PAGES.map((p) => ({ path: `/admin/${p.path}`, page: p.page })),
];

/**
 * For the shell: downloads the page of `pathname` before this remote is on screen (on intent, and before the
 * first render, so the page renders at once); resolves when it is ready or has failed (never rejects).
 */
export function preloadRoute(pathname: string, search = ''): Promise<void> {
  // The page and this remote's messages in the active language (registering never rejects).
  return Promise.all([preloadMatchingPage(PAGES, pathname, search), adminCatalogReady]).then(() => undefined);
}

function NotFound() {
  const { t } = useTranslation(ADMIN_NS);
  usePageMeta({ title: t('notFound.title'), noindex: true });
  return <EmptyState title={t('notFound.title')}>{t('notFound.body')}</EmptyState>;
}

/** The admin remote's routes (absolute, under the shell's catch-all). The layout holds the pages' Suspense. */
export default function App(_props: RemoteProps) {
  usePrefetchOnIntent(PAGES);
  return (
    <Routes>
      <Route path="/admin" element={<AdminLayout />}>
        <Route index element={<DashboardPage />} />
        <Route path="news" element={<NewsPage />} />
        <Route path="roadmap" element={<RoadmapPage />} />
        {SECTION_PAGES.map(({ path, page: Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
