import { Link } from '@wayfarer/router';
import { useTranslation } from '@wayfarer/i18n';
import { WifiOffIcon } from '@wayfarer/ui/icons';
import { EXPLORE_NS } from '../../../i18n';

/** What was asked for is not downloaded and there is no connection: said plainly. */
export function NeedsConnection({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation(EXPLORE_NS);
  return (
    <section className="wf-container wf-page" aria-labelledby="needs-connection-h">
      <div className="wf-card" role="alert" data-testid="needs-connection">
        <h1 id="needs-connection-h">
          <WifiOffIcon aria-hidden="true" className="wf-icon" /> {t('offline.needsConnection')}
        </h1>
        <p className="wf-muted">{t('offline.needsConnectionBody')}</p>
        <p>
          <Link className="wf-btn wf-btn--primary" to="/downloads">
            {t('offline.openDownloads')}
          </Link>{' '}
          {onRetry && (
            <button type="button" className="wf-btn" onClick={onRetry}>
              {t('offline.retry')}
            </button>
          )}
        </p>
      </div>
    </section>
  );
}
