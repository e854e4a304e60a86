import { Link } from '@wayfarer/router';
import { useTranslation } from '@wayfarer/i18n';
import { SHELL_NS } from '../i18n';

/** A page that could not load without a connection: said plainly, with the way to what is offline. */
export function NeedsConnection({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(SHELL_NS);
  return (
    <section className="wf-container wf-page" aria-labelledby="needs-connection-title">
      <div className="wf-card" role="alert" data-testid="needs-connection">
        <h2 id="needs-connection-title" style={{ marginTop: 0 }}>
          {t('offline.needsConnection')}
        </h2>
        <p className="wf-muted">{t('offline.needsConnectionBody')}</p>
        <p>
          <Link className="wf-btn wf-btn--primary" to="/downloads">
            {t('offline.openDownloads')}
          </Link>{' '}
          <button className="wf-btn" type="button" onClick={onRetry}>
            {t('remote.retry')}
          </button>
        </p>
      </div>
    </section>
  );
}
