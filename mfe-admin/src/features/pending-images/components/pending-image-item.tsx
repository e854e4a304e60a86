import { useState } from 'react';
import { Link } from '@wayfarer/router';
import { fmtDate } from '../../../components/panel';
import type { PendingImage } from '../api/pending-images-api';
import { useImagePreview } from '../api/pending-images-queries';

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
  return (
    <li className="wf-card admin-image" data-testid="pending-image">
      <Preview image={img} />
      <label className="admin-check">
        <input
          type="checkbox"
          checked={selected}
          onChange={onToggle}
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
          onClick={() => onModerate('approve')}
          aria-label={`Approve image for ${img.sight_name}`}
        >
          Approve
        </button>
        <button
          type="button"
          className="wf-btn wf-btn--sm wf-btn--danger"
          disabled={busy}
          onClick={() => onModerate('reject')}
          aria-label={`Reject image for ${img.sight_name}`}
        >
          Reject
        </button>
      </div>
    </li>
  );
}
