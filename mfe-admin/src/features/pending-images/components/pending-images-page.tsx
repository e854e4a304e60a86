import { useState } from 'react';
import { EmptyState, ErrorBox, InfoBox, Loading, usePageMeta } from '@wayfarer/ui';
import { describeError } from '../../../lib/admin-request';
import { useAdminQuery } from '../../../lib/use-admin-query';
import { pendingImagesKeys } from '../api/keys';
import { getPendingImages, type PendingImage } from '../api/pending-images-api';
import { useModerateImage, useModerateImages } from '../api/pending-images-queries';
import { PendingImageItem } from './pending-image-item';
import { PendingImagesToolbar } from './pending-images-toolbar';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';
import { useErrorText } from '../../../lib/use-error-text';

export function PendingImagesPage() {
  const { t } = useTranslation(ADMIN_NS);
  const errorText = useErrorText();
  usePageMeta({ title: t('images.title'), noindex: true });
  const { data, loading, error, reload } = useAdminQuery(
    pendingImagesKeys.all,
    getPendingImages,
    'Failed to load pending images',
  );
  const moderateOne = useModerateImage();
  const moderateMany = useModerateImages();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const busy = moderateOne.isPending || moderateMany.isPending;
  const images = data ?? [];

  const toggle = (id: string) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const unselect = (ids: string[]) => setSelected((s) => new Set([...s].filter((id) => !ids.includes(id))));

  async function one(img: PendingImage, action: 'approve' | 'reject') {
    setActionError(null);
    try {
      await moderateOne.mutateAsync({ id: img.id, action });
      unselect([img.id]);
      setNotice(
        t(action === 'approve' ? 'images.approvedOne' : 'images.rejectedOne', { name: img.sight_name }),
      );
    } catch (err) {
      setActionError(
        describeError(
          err,
          action === 'approve' ? 'Could not approve the image' : 'Could not reject the image',
        ),
      );
    }
  }

  async function bulk(action: 'approve' | 'reject') {
    const ids = [...selected];
    if (!ids.length) return;
    setActionError(null);
    try {
      const { done, failed } = await moderateMany.mutateAsync({ ids, action });
      unselect(done);
      setNotice(
        t(action === 'approve' ? 'images.approvedMany' : 'images.rejectedMany', { count: done.length }),
      );
      if (failed.length) setActionError(t('images.failedMany', { count: failed.length }));
    } catch (err) {
      setActionError(
        describeError(
          err,
          action === 'approve' ? 'Could not approve the images' : 'Could not reject the images',
        ),
      );
    }
  }

  const allSelected = images.length > 0 && selected.size === images.length;
  return (
    <>
      <header className="admin-head">
        <h1>{t('images.title')}</h1>
        <div className="admin-toolbar">
          <button
            type="button"
            className="wf-btn wf-btn--sm wf-btn--ghost"
            onClick={() => void reload()}
            disabled={loading}
          >
            {t('common.reload')}
          </button>
        </div>
      </header>
      <p className="wf-muted">{t('images.intro')}</p>
      <ErrorBox>{errorText(error ?? actionError)}</ErrorBox>
      <InfoBox>{notice}</InfoBox>
      {images.length ? (
        <PendingImagesToolbar
          total={images.length}
          selectedCount={selected.size}
          allSelected={allSelected}
          busy={busy}
          onToggleAll={() => setSelected(allSelected ? new Set() : new Set(images.map((i) => i.id)))}
          onBulk={(action) => void bulk(action)}
        />
      ) : null}
      {loading && !data ? (
        <Loading message={t('images.loading')} />
      ) : !images.length && !error ? (
        <EmptyState level={2} title={t('images.none')}>
          {t('images.noneBody')}
        </EmptyState>
      ) : (
        <ul
          className="admin-images"
          aria-label={t('images.list')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {images.map((img) => (
            <PendingImageItem
              key={img.id}
              img={img}
              selected={selected.has(img.id)}
              busy={busy}
              onToggle={() => toggle(img.id)}
              onModerate={(action) => void one(img, action)}
            />
          ))}
        </ul>
      )}
    </>
  );
}
