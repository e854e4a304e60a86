import { Route, Routes } from '@wayfarer/router';
import type { RemoteProps } from '@wayfarer/contracts';
import { EmptyState, usePageMeta } from '@wayfarer/ui';
import { AdminLayout } from './layout/admin-layout';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { NewsPage } from '../features/news/components/news-page';
import { RoadmapPage } from '../features/roadmap/components/roadmap-page';
import { SECTION_PAGES } from './section-pages';
import './admin.css';

function NotFound() {
  usePageMeta({ title: 'Page not found', noindex: true });
  return <EmptyState title="Page not found">This admin page does not exist. Pick a section on the left.</EmptyState>;
}

/** The admin remote's routes (absolute, under the shell's catch-all). */
export default function App(_props: RemoteProps) {
  return (
    <Routes>
      <Route path="/admin" element={<AdminLayout />}>
        <Route index element={<DashboardPage />} />
        <Route path="news" element={<NewsPage />} />
        <Route path="roadmap" element={<RoadmapPage />} />
        {SECTION_PAGES.map((p) => (
          <Route key={p.path} path={p.path} element={p.element} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
