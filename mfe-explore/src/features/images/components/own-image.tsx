import { useState } from 'react';
import type { SightImage } from '../../../lib/sight-cache';
import { useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../../i18n';
import { AuthRequiredError, useDeleteImage } from '../api/image-mutations';
import { useImageUrl } from '../hooks/use-image-url';

/** One of the user's photos: its review status and Delete (after confirmation). */
export function OwnImage({
  img,
  sightId,
  onDeleted,
}: {
  img: SightImage;
  sightId: string;
  onDeleted: (id: string) => void;
}) {
  const { t } = useTranslation(EXPLORE_NS);
  const { url, error, onError } = useImageUrl(img);
  const remove = useDeleteImage(sightId);
  const [err, setErr] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const del = async () => {
    if (!window.confirm(t('images.confirmDelete'))) return;
    setErr(null);
    setDeleting(true);
    try {
      await remove.mutateAsync(img.id);
      onDeleted(img.id);
    } catch (e) {
      setErr(e instanceof AuthRequiredError ? e.message : t('images.deleteFailed'));
      setDeleting(false);
    }
  };
  return (
    <li className="explore-own-image" data-testid="own-image" data-image-id={img.id}>
      {url ? (
        <img src={url} alt={t('images.yourUpload')} loading="lazy" onError={onError} />
      ) : (
        <div className="explore-own-image__ph" />
      )}
      {img.status !== 'approved' && (
        <span className="wf-badge" data-testid="pending">
          {img.status === 'rejected' ? t('images.rejected') : t('images.pending')}
        </span>
      )}
      <button type="button" className="wf-btn wf-btn--ghost" onClick={del} disabled={deleting}>
        {t('images.delete')}
      </button>
      {(err || error) && (
        <span className="wf-alert wf-alert--error" role="alert">
          {err || error}
        </span>
      )}
    </li>
  );
}
