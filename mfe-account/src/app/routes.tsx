import { Link, Route, Routes } from '@wayfarer/router';
import type { RemoteProps } from '@wayfarer/contracts';
import { usePageMeta } from '@wayfarer/ui';
import { AccountPage } from '../features/account/account-page';
import { LoginPage } from '../features/login/login-page';
import { OverviewPage } from '../features/overview/overview-page';
import { ShopPage } from '../features/shop/shop-page';
import { SubscribePage } from '../features/subscribe/subscribe-page';
import './pages.css';

function NotFound() {
  usePageMeta({ title: 'Page not found', noindex: true });
  return (
    <section className="wf-container wf-page">
      <h1>Page not found</h1>
      <p className="wf-muted">This address does not exist. <Link to="/account">Go to your account</Link>.</p>
    </section>
  );
}

/** The account remote's routes (absolute paths; the shell guards the signed-in ones). */
export default function App(_props: RemoteProps) {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/account" element={<AccountPage />} />
      <Route path="/shop" element={<ShopPage />} />
      <Route path="/overview" element={<OverviewPage />} />
      <Route path="/subscribe" element={<SubscribePage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
