import { Link } from '@wayfarer/router';
import { useTranslation } from '@wayfarer/i18n';
import { EmptyState, Skeleton, usePageMeta } from '@wayfarer/ui';
import { EXPLORE_NS } from '../../i18n';
import { usePackIndex } from './api/pack-queries';
import { offlineStorageSupported } from './api/pack-store';
import { PackList } from './components/pack-list';
import { StoragePanel } from './components/storage-panel';
import './downloads.css';

/** The Downloads page: the sights kept on this device, their sizes, delete, and the storage left. */
export function DownloadsPage() {
  const { t } = useTranslation(EXPLORE_NS);
  usePageMeta({ title: t('downloads.title') });
  const index = usePackIndex();
  const packs = index.data?.packs ?? [];
  return (
    <section className="wf-container wf-page explore-downloads" aria-labelledby="downloads-h">
      <h1 id="downloads-h">{t('downloads.title')}</h1>
      <p className="wf-muted">{t('downloads.intro')}</p>
      {!offlineStorageSupported() ? (
        <p role="alert">{t('downloads.unsupported')}</p>
      ) : index.isPending ? (
        <Skeleton height={80} />
      ) : packs.length === 0 ? (
        <EmptyState title={t('downloads.empty')} level={2}>
          <Link className="wf-btn" to="/explore">
            {t('downloads.browse')}
          </Link>
        </EmptyState>
      ) : (
        <PackList packs={packs} />
      )}
      <StoragePanel />
    </section>
  );
}
