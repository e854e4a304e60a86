import { useFormat, useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../../i18n';
import { useRequestPersistence, useStorageEstimate } from '../api/pack-queries';
import { formatBytes } from '../utils/pack-index';

/** The storage this site may still use (navigator.storage.estimate()) and the request to keep it (persist()). */
export function StoragePanel() {
  const { t } = useTranslation(EXPLORE_NS);
  const { locale } = useFormat();
  const estimate = useStorageEstimate();
  const persist = useRequestPersistence();
  const s = estimate.data;
  if (!s) return null;
  const size = (b: number) => formatBytes(b, locale);
  return (
    <section className="wf-card explore-storage" aria-labelledby="storage-h" data-testid="storage">
      <h2 id="storage-h">{t('downloads.storage')}</h2>
      <p data-testid="storage-usage">
        {t('downloads.usage', {
          used: size(s.usage),
          quota: size(s.quota),
          free: size(Math.max(0, s.quota - s.usage)),
        })}
      </p>
      <p className="wf-muted" data-testid="storage-persisted">
        {s.persisted ? t('downloads.persisted') : t('downloads.notPersisted')}
      </p>
      {!s.persisted && (
        <button
          type="button"
          className="wf-btn"
          onClick={() => persist.mutate()}
          disabled={persist.isPending}
        >
          {t('downloads.persist')}
        </button>
      )}
    </section>
  );
}
