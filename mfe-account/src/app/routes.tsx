import { Route, Routes } from 'react-router';
import type { RemoteProps } from '@wayfarer/contracts';
import { usePageMeta } from '@wayfarer/ui';
import { LoginPage } from '../features/login/login-page';

function Placeholder({ title }: { title: string }) {
  usePageMeta({ title });
  return (
    <section className="wf-container wf-page">
      <h1>{title}</h1>
      <p className="wf-muted" data-testid="served-by">Served by the account remote.</p>
    </section>
  );
}

/** The account remote's routes. */
export default function App(_props: RemoteProps) {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/account" element={<Placeholder title="Account" />} />
      <Route path="/shop" element={<Placeholder title="Shop" />} />
      <Route path="/overview" element={<Placeholder title="Overview" />} />
      <Route path="/subscribe" element={<Placeholder title="Subscribe" />} />
      <Route path="*" element={<Placeholder title="Page not found" />} />
    </Routes>
  );
}
