import { lazyPage, type LazyPage } from '@wayfarer/ui';

const PendingImagesPage = lazyPage(
  () =>
    import(
      /* webpackChunkName: "page-pending-images" */ '../features/pending-images/components/pending-images-page'
    ),
  'PendingImagesPage',
);
const ShopAdminPage = lazyPage(
  () => import(/* webpackChunkName: "page-shop" */ '../features/shop/components/shop-admin-page'),
  'ShopAdminPage',
);
const ThemesPage = lazyPage(
  () => import(/* webpackChunkName: "page-themes" */ '../features/themes/components/themes-page'),
  'ThemesPage',
);
const ContentPage = lazyPage(
  () => import(/* webpackChunkName: "page-content" */ '../features/content/components/content-page'),
  'ContentPage',
);
const AnalyticsPage = lazyPage(
  () => import(/* webpackChunkName: "page-analytics" */ '../features/analytics/components/analytics-page'),
  'AnalyticsPage',
);
const AuditLogPage = lazyPage(
  () => import(/* webpackChunkName: "page-audit-log" */ '../features/audit-log/components/audit-log-page'),
  'AuditLogPage',
);
const ReportsPage = lazyPage(
  () => import(/* webpackChunkName: "page-reports" */ '../features/reports/components/reports-page'),
  'ReportsPage',
);

/** The admin sections beyond dashboard, news and roadmap (paths relative to /admin), each page its own chunk. */
export const SECTION_PAGES: readonly { path: string; page: LazyPage }[] = [
  { path: 'pending-images', page: PendingImagesPage },
  { path: 'shop', page: ShopAdminPage },
  { path: 'themes', page: ThemesPage },
  { path: 'content-management', page: ContentPage },
  { path: 'analytics', page: AnalyticsPage },
  { path: 'analytics/logs', page: AuditLogPage },
  { path: 'reports', page: ReportsPage },
];
