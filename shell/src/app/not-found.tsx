import { Link } from '@wayfarer/router';
import { usePageMeta } from '@wayfarer/ui';
import { useTranslation } from '@wayfarer/i18n';
import { SHELL_NS } from '../i18n';

export function NotFound() {
  const { t } = useTranslation(SHELL_NS);
  usePageMeta({ title: t('notFound.title'), noindex: true });
  return (
    <section className="wf-container wf-page" style={{ textAlign: 'center' }}>
      <p className="wf-badge">404</p>
      <h1>{t('notFound.heading')}</h1>
      <p className="wf-muted">{t('notFound.body')}</p>
      <p style={{ display: 'flex', gap: '0.75rem', justifyContent: 'center' }}>
        <Link className="wf-btn" to="/">
          {t('notFound.home')}
        </Link>
        <Link className="wf-btn wf-btn--ghost" to="/explore">
          {t('notFound.explore')}
        </Link>
      </p>
    </section>
  );
}
