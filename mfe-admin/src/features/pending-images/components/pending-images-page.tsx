import { useState } from 'react';
import { EmptyState, ErrorBox, InfoBox, Loading, usePageMeta } from '@wayfarer/ui';
import { describeError } from '../../../lib/admin-request';
import { useAdminQuery } from '../../../lib/use-admin-query';
import { pendingImagesKeys } from '../api/keys';
import { getPendingImages, type PendingImage } from '../api/pending-images-api';
import { useModerateImage, useModerateImages } from '../api/pending-images-queries';
import { PendingImageItem } from './pending-image-item';
import { PendingImagesToolbar } from './pending-images-toolbar';

const verb = (action: 'approve' | 'reject') => (action === 'approve' ? 'Approved' : 'Rejected');

export function PendingImagesPage() {
  usePageMeta({ title: 'Pending images', noindex: true });
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
      setNotice(`${verb(action)} the image for ${img.sight_name}.`);
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
      setNotice(`${verb(action)} ${done.length} image${done.length === 1 ? '' : 's'}.`);
      if (failed.length)
        setActionError(
          `${failed.length} image${failed.length === 1 ? '' : 's'} could not be updated (already removed?).`,
        );
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
        <h1>Pending images</h1>
        <div className="admin-toolbar">
          <button
            type="button"
            className="wf-btn wf-btn--sm wf-btn--ghost"
            onClick={() => void reload()}
            disabled={loading}
          >
            Reload
          </button>
        </div>
      </header>
      <p className="wf-muted">
        Photos travellers uploaded. Approved photos appear on the sight; rejected ones never do.
      </p>
      <ErrorBox>{error ?? actionError}</ErrorBox>
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
        <Loading message="Loading the moderation queue…" />
      ) : !images.length && !error ? (
        <EmptyState level={2} title="Nothing to review">
          New uploads will appear here.
        </EmptyState>
      ) : (
        <ul
          className="admin-images"
          aria-label="Pending images"
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
