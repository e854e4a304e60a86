import { useEffect } from 'react';
import { Route, Routes } from '@wayfarer/router';
import { useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS, exploreCatalogReady } from '../i18n';
import { OFFLINE_WRITES_STORAGE_KEY } from '../lib/offline-writes-key';
import type { RemoteProps } from '@wayfarer/contracts';
import {
  PageSuspense,
  lazyPage,
  preloadMatchingPage,
  usePageMeta,
  usePrefetchOnIntent,
  type LazyPage,
} from '@wayfarer/ui';

// The map page (leaflet, clustering) and the sight detail (guide player, comments, photos) are separate chunks.
const ExplorePage = lazyPage(
  () => import(/* webpackChunkName: "page-explore" */ '../features/nearby/explore-page'),
  'ExplorePage',
  { data: 'prefetchExploreData' },
);
const SightDetailPage = lazyPage(
  () => import(/* webpackChunkName: "page-sight-detail" */ '../features/sight-detail/sight-detail-page'),
  'SightDetailPage',
);
const DownloadsPage = lazyPage(
  () => import(/* webpackChunkName: "page-downloads" */ '../features/downloads/downloads-page'),
  'DownloadsPage',
);

const hasQueuedWrites = () => {
  try {
    return Boolean(globalThis.localStorage?.getItem(OFFLINE_WRITES_STORAGE_KEY));
  } catch {
    return false;
  }
};

/** The queue of offline writes (its own chunk): what each write does, and the writes kept from before a reload. */
export const startOfflineWrites = () =>
  import(/* webpackChunkName: "offline-writes" */ './start-offline-writes')
    .then((m) => m.startOfflineWrites())
    .catch((e: unknown) => console.warn('offline writes not started', e));

/** This remote's pages by path (the paths the contract's route table gives the explore remote). */
const PAGES: readonly { path: string; page: LazyPage }[] = [
  { path: '/explore', page: ExplorePage },
  { path: '/explore/:placeId', page: SightDetailPage },
  { path: '/downloads', page: DownloadsPage },
];

/**
 * For the shell: downloads the page of `pathname` before this remote is on screen (on intent, and before the
 * first render, so the page renders at once); resolves when it is ready or has failed (never rejects).
 */
export function preloadRoute(pathname: string, search = ''): Promise<void> {
  // The page and this remote's messages in the active language (registering never rejects).
  return Promise.all([preloadMatchingPage(PAGES, pathname, search), exploreCatalogReady]).then(
    () => undefined,
  );
}

function Placeholder({ title }: { title: string }) {
  const { t } = useTranslation(EXPLORE_NS);
  usePageMeta({ title });
  return (
    <section className="wf-container wf-page">
      <h1>{title}</h1>
      <p className="wf-muted" data-testid="served-by">
        {t('notFound.servedBy')}
      </p>
    </section>
  );
}

function NotFoundPlaceholder() {
  const { t } = useTranslation(EXPLORE_NS);
  return <Placeholder title={t('notFound.title')} />;
}

/** The explore remote's routes. */
export default function App(_props: RemoteProps) {
  usePrefetchOnIntent(PAGES);
  // Writes queued offline before a reload are restored and sent, on whatever page opens first. Only
  // when there are some: the queue's code is otherwise loaded with the sight page, off the map's first load.
  useEffect(() => {
    if (hasQueuedWrites()) void startOfflineWrites();
  }, []);
  return (
    <PageSuspense>
      <Routes>
        {PAGES.map(({ path, page: Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<NotFoundPlaceholder />} />
      </Routes>
    </PageSuspense>
  );
}
