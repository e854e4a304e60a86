import { Link } from '@wayfarer/router';
import { useFormat, useTranslation } from '@wayfarer/i18n';
import { GUIDE_LANGUAGE_NAMES } from '@wayfarer/contracts/browser';
import { ProgressBar } from '@wayfarer/ui';
import { DownloadIcon } from '@wayfarer/ui/icons';
import { EXPLORE_NS } from '../../../i18n';
import { useSightPack, type PackSight } from '../hooks/use-sight-pack';
import { formatBytes } from '../utils/pack-index';
import '../downloads.css';

/**
 * 'Download for offline' on a sight: what the pack holds and its size before downloading, the
 * progress while it downloads, then 'Available offline' with its size and a way to remove it.
 */
export function DownloadPack({ sight, photos }: { sight: PackSight; photos: string[] }) {
  const { t } = useTranslation(EXPLORE_NS);
  const { locale } = useFormat();
  const pack = useSightPack(sight, photos);
  const size = (bytes: number) => formatBytes(bytes, locale);

  let body;
  if (pack.saved)
    body = (
      <p data-testid="pack-saved">
        {t('downloads.saved', { size: size(pack.saved.bytes) })}{' '}
        <Link to="/downloads">{t('downloads.manage')}</Link>{' '}
        <button type="button" className="wf-btn" onClick={pack.remove} disabled={pack.busy}>
          {t('downloads.remove')}
        </button>
      </p>
    );
  else if (pack.progress)
    body = (
      <div data-testid="pack-progress">
        <ProgressBar
          value={(100 * pack.progress.done) / Math.max(1, pack.progress.total)}
          label={t('downloads.progressLabel')}
        />
        <p className="wf-muted" aria-live="polite">
          {t('downloads.progress', { done: pack.progress.done, total: pack.progress.total })}
        </p>
      </div>
    );
  else
    body = (
      <>
        <p className="wf-muted">
          {pack.guide
            ? t('downloads.includes', { language: GUIDE_LANGUAGE_NAMES[pack.language] })
            : t('downloads.includesNoGuide')}
        </p>
        <button
          type="button"
          className="wf-btn wf-btn--primary"
          onClick={pack.download}
          disabled={!pack.online || pack.busy}
          data-testid="pack-download"
        >
          <DownloadIcon aria-hidden="true" className="wf-icon" />{' '}
          {pack.estimate === null
            ? t('downloads.downloadUnknown')
            : t('downloads.download', { size: size(pack.estimate) })}
        </button>
        {!pack.online && <p className="wf-muted">{t('downloads.offlineCannot')}</p>}
      </>
    );

  return (
    <section className="wf-card explore-offline" aria-labelledby="offline-h" data-testid="offline-pack">
      <h2 id="offline-h">{t('downloads.offlineHeading')}</h2>
      {body}
      {pack.failed && (
        <div className="wf-alert wf-alert--error" role="alert">
          {t('downloads.failed')}
        </div>
      )}
    </section>
  );
}
