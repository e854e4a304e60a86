import { Link } from '@wayfarer/router';
import { usePageMeta } from '@wayfarer/ui';

/** Shown to a signed-in non-admin (or after any admin call answered 403) instead of half-working screens. */
export function AdminsOnly({ email }: { email?: string | null }) {
  usePageMeta({ title: 'Admins only', noindex: true });
  return (
    <section className="wf-container wf-page admin-only" data-testid="admins-only">
      <div className="wf-card admin-only__card">
        <h1>Admins only</h1>
        <p>
          This area is for Wayfarer administrators.
          {email ? (
            <>
              {' '}
              You are signed in as <strong>{email}</strong>, which is not an admin account.
            </>
          ) : null}
        </p>
        <p className="wf-muted">
          If you think you should have access, ask an existing admin to add your account.
        </p>
        <Link className="wf-btn" to="/explore">
          Back to exploring
        </Link>
      </div>
    </section>
  );
}
