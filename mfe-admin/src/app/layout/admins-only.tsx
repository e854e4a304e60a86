import { Link } from '@wayfarer/router';
import { usePageMeta } from '@wayfarer/ui';
import { useTranslation } from '@wayfarer/i18n';
import { Trans } from '@wayfarer/i18n/trans';
import { ADMIN_NS } from '../../i18n';

/** Shown to a signed-in non-admin (or after any admin call answered 403) instead of half-working screens. */
export function AdminsOnly({ email }: { email?: string | null }) {
  const { t } = useTranslation(ADMIN_NS);
  usePageMeta({ title: t('access.title'), noindex: true });
  return (
    <section className="wf-container wf-page admin-only" data-testid="admins-only">
      <div className="wf-card admin-only__card">
        <h1>{t('access.title')}</h1>
        <p>
          {t('access.body')}
          {email ? (
            <>
              {' '}
              <Trans t={t} i18nKey="access.signedInAs" values={{ email }} components={{ 1: <strong /> }} />
            </>
          ) : null}
        </p>
        <p className="wf-muted">{t('access.ask')}</p>
        <Link className="wf-btn" to="/explore">
          {t('access.back')}
        </Link>
      </div>
    </section>
  );
}
