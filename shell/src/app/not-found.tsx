import { Link } from '@wayfarer/router';
import { usePageMeta } from '@wayfarer/ui';

export function NotFound() {
  usePageMeta({ title: 'Page not found', noindex: true });
  return (
    <section className="wf-container wf-page" style={{ textAlign: 'center' }}>
      <p className="wf-badge">404</p>
      <h1>We couldn't find that page</h1>
      <p className="wf-muted">The link may be old, or the page may have moved.</p>
      <p style={{ display: 'flex', gap: '0.75rem', justifyContent: 'center' }}>
        <Link className="wf-btn" to="/">
          Go home
        </Link>
        <Link className="wf-btn wf-btn--ghost" to="/explore">
          Explore sights
        </Link>
      </p>
    </section>
  );
}
