import type { ReactElement } from 'react';
import { PendingImagesPage } from '../features/pending-images/components/pending-images-page';
import { ShopAdminPage } from '../features/shop/components/shop-admin-page';
import { ThemesPage } from '../features/themes/components/themes-page';
import { ContentPage } from '../features/content/components/content-page';
import { AnalyticsPage } from '../features/analytics/components/analytics-page';
import { AuditLogPage } from '../features/audit-log/components/audit-log-page';

/** The admin sections beyond dashboard, news and roadmap (paths relative to /admin). */
export const SECTION_PAGES: { path: string; element: ReactElement }[] = [
  { path: 'pending-images', element: <PendingImagesPage /> },
  { path: 'shop', element: <ShopAdminPage /> },
  { path: 'themes', element: <ThemesPage /> },
  { path: 'content-management', element: <ContentPage /> },
  { path: 'analytics', element: <AnalyticsPage /> },
  { path: 'analytics/logs', element: <AuditLogPage /> },
];
