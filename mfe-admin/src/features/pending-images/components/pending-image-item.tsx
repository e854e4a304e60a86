import { useState } from 'react';
import { Link } from '@wayfarer/router';
import { useAdminFormat } from '../../../lib/use-admin-format';
import type { PendingImage } from '../api/pending-images-api';
import { useImagePreview } from '../api/pending-images-queries';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';

function Preview({ image }: { image: PendingImage }) {
  const { t } = useTranslation(ADMIN_NS);
  const preview = useImagePreview(image.storage_path);
  const [broken, setBroken] = useState<string | null>(null);
  if (preview.isError || (preview.data && broken === preview.data))
    return (
      <div
        className="admin-image__missing wf-muted"
        role="img"
        aria-label={t('images.unavailable')}
        style={{
          aspectRatio: '4 / 3',
          display: 'grid',
          placeItems: 'center',
          background: 'var(--bg-sunken)',
          borderRadius: 8,
        }}
      >
        {t('images.unavailable')}
      </div>
    );
  if (!preview.data)
    return <div className="wf-skeleton" style={{ aspectRatio: '4 / 3' }} aria-hidden="true" />;
  const src = preview.data;
  return (
    <img
      src={src}
      alt={t('images.alt', {
        sight: image.sight_name,
        user: image.uploader_name ?? t('images.unknownUser'),
      })}
      loading="lazy"
      onError={() => setBroken(src)}
    />
  );
}

/** One upload in the queue: its preview, the sight it is for, who sent it, and approve / reject. */
export function PendingImageItem({
  img,
  selected,
  busy,
  onToggle,
  onModerate,
}: {
  img: PendingImage;
  selected: boolean;
  busy: boolean;
  onToggle: () => void;
  onModerate: (action: 'approve' | 'reject') => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const { when } = useAdminFormat();
  return (
    <li className="wf-card admin-image" data-testid="pending-image">
      <Preview image={img} />
      <label className="admin-check">
        <input
          type="checkbox"
          checked={selected}
          onChange={onToggle}
          aria-label={t('images.select', { sight: img.sight_name })}
        />
        <span>
          <Link to={`/explore/${img.sight_id}`}>{img.sight_name}</Link>
        </span>
      </label>
      <div className="wf-muted" style={{ fontSize: '0.85rem' }}>
        {t('images.by', { user: img.uploader_name ?? t('images.unknownUser'), date: when(img.created_at) })}
      </div>
      <div className="admin-toolbar">
        <button
          type="button"
          className="wf-btn wf-btn--sm"
          disabled={busy}
          onClick={() => onModerate('approve')}
          aria-label={t('images.approveFor', { sight: img.sight_name })}
        >
          {t('images.approve')}
        </button>
        <button
          type="button"
          className="wf-btn wf-btn--sm wf-btn--danger"
          disabled={busy}
          onClick={() => onModerate('reject')}
          aria-label={t('images.rejectFor', { sight: img.sight_name })}
        >
          {t('images.reject')}
        </button>
      </div>
    </li>
  );
}
