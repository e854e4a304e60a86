import { useState } from 'react';
import { Link } from '@wayfarer/router';
import { EmptyState, ErrorBox, InfoBox, Loading, usePageMeta } from '@wayfarer/ui';
import { describeError } from '../../../lib/admin-request';
import { useAdminQuery } from '../../../lib/use-admin-query';
import { pendingImagesKeys } from '../api/keys';
import { fmtDate } from '../../../components/panel';
import { getPendingImages, type PendingImage } from '../api/pending-images-api';
import { useImagePreview, useModerateImage, useModerateImages } from '../api/pending-images-queries';

function Preview({ image }: { image: PendingImage }) {
  const preview = useImagePreview(image.storage_path);
  const [broken, setBroken] = useState<string | null>(null);
  if (preview.isError || (preview.data && broken === preview.data))
    return (
      <div
        className="admin-image__missing wf-muted"
        role="img"
        aria-label="Preview unavailable"
        style={{
          aspectRatio: '4 / 3',
          display: 'grid',
          placeItems: 'center',
          background: 'var(--bg-sunken)',
          borderRadius: 8,
        }}
      >
        Preview unavailable
      </div>
    );
  if (!preview.data)
    return <div className="wf-skeleton" style={{ aspectRatio: '4 / 3' }} aria-hidden="true" />;
  const src = preview.data;
  return (
    <img
      src={src}
      alt={`Upload for ${image.sight_name} by ${image.uploader_name ?? 'unknown user'}`}
      loading="lazy"
      onError={() => setBroken(src)}
    />
  );
}

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
        <div className="admin-toolbar" style={{ margin: '0.75rem 0' }}>
          <label className="admin-check">
            <input
              type="checkbox"
              checked={allSelected}
              onChange={() => setSelected(allSelected ? new Set() : new Set(images.map((i) => i.id)))}
            />{' '}
            Select all ({images.length})
          </label>
          <button
            type="button"
            className="wf-btn wf-btn--sm"
            disabled={busy || !selected.size}
            onClick={() => void bulk('approve')}
          >
            Approve selected ({selected.size})
          </button>
          <button
            type="button"
            className="wf-btn wf-btn--sm wf-btn--danger"
            disabled={busy || !selected.size}
            onClick={() => void bulk('reject')}
          >
            Reject selected ({selected.size})
          </button>
        </div>
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
            <li key={img.id} className="wf-card admin-image" data-testid="pending-image">
              <Preview image={img} />
              <label className="admin-check">
                <input
                  type="checkbox"
                  checked={selected.has(img.id)}
                  onChange={() => toggle(img.id)}
                  aria-label={`Select image for ${img.sight_name}`}
                />
                <span>
                  <Link to={`/explore/${img.sight_id}`}>{img.sight_name}</Link>
                </span>
              </label>
              <div className="wf-muted" style={{ fontSize: '0.85rem' }}>
                by {img.uploader_name ?? 'unknown user'} · {fmtDate(img.created_at)}
              </div>
              <div className="admin-toolbar">
                <button
                  type="button"
                  className="wf-btn wf-btn--sm"
                  disabled={busy}
                  onClick={() => void one(img, 'approve')}
                  aria-label={`Approve image for ${img.sight_name}`}
                >
                  Approve
                </button>
                <button
                  type="button"
                  className="wf-btn wf-btn--sm wf-btn--danger"
                  disabled={busy}
                  onClick={() => void one(img, 'reject')}
                  aria-label={`Reject image for ${img.sight_name}`}
                >
                  Reject
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
