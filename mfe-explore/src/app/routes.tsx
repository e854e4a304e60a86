import { Route, Routes } from '@wayfarer/router';
import type { RemoteProps } from '@wayfarer/contracts';
import { usePageMeta } from '@wayfarer/ui';
import { SightDetailPage } from '../features/sight-detail';
import { ExplorePage } from '../features/nearby/explore-page';

function Placeholder({ title }: { title: string }) {
  usePageMeta({ title });
  return (
    <section className="wf-container wf-page">
      <h1>{title}</h1>
      <p className="wf-muted" data-testid="served-by">Served by the explore remote.</p>
    </section>
  );
}

/** The explore remote's routes. */
export default function App(_props: RemoteProps) {
  return (
    <Routes>
      <Route path="/explore" element={<ExplorePage />} />
      <Route path="/explore/:placeId" element={<SightDetailPage />} />
      <Route path="*" element={<Placeholder title="Page not found" />} />
    </Routes>
  );
}
