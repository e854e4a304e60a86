import { Link, Route, Routes } from '@wayfarer/router';
import type { RemoteProps } from '@wayfarer/contracts';
import { usePageMeta } from '@wayfarer/ui';
import { HomePage } from '../features/home/home-page';
import { PricingPage } from '../features/pricing/pricing-page';
import { PrivacyPage } from '../features/privacy/privacy-page';
import { CookiePolicyPage, DsarPage, TermsPage } from '../features/legal/legal-pages';
import { InvestPage } from '../features/invest/invest-page';
import { AboutPage } from '../features/about/about-page';
import { NewsListPage } from '../features/news/news-list-page';
import { NewsItemPage } from '../features/news/news-item-page';
import '../features/shared/marketing.css';

function NotFound() {
  usePageMeta({ title: 'Page not found', noindex: true });
  return (
    <section className="wf-container wf-page">
      <h1>Page not found</h1>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </section>
  );
}

/** The marketing remote's routes: the public pages. */
export default function MarketingApp(_props: RemoteProps) {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/invest" element={<InvestPage />} />
      <Route path="/about" element={<AboutPage />} />
      <Route path="/pricing" element={<PricingPage />} />
      <Route path="/privacy-policy" element={<PrivacyPage />} />
      <Route path="/terms" element={<TermsPage />} />
      <Route path="/cookie-policy" element={<CookiePolicyPage />} />
      <Route path="/dsar" element={<DsarPage />} />
      <Route path="/news" element={<NewsListPage />} />
      <Route path="/news/:newsId" element={<NewsItemPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
