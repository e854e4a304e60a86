import { Link } from '@wayfarer/router';
import { ConfirmButton } from '../../../components/confirm-button';
import { fmtDate } from '../../../components/panel';
import type { NewsItem } from '../types';

/** One news item in the admin list: title, state, summary, and edit / publish / delete. */
export function NewsRow({
  n,
  busy,
  onEdit,
  onTogglePublished,
  onDelete,
}: {
  n: NewsItem;
  busy: boolean;
  onEdit: () => void;
  onTogglePublished: () => Promise<void>;
  onDelete: () => Promise<void>;
}) {
  return (
    <li className="wf-card admin-row" data-testid="admin-news-row">
      <div className="admin-row__main">
        <h2>{n.title}</h2>
        <div className="wf-muted" style={{ fontSize: '0.85rem' }}>
          <span className={`wf-badge ${n.is_published ? 'admin-badge--published' : 'admin-badge--draft'}`}>
            {n.is_published ? 'Published' : 'Draft'}
          </span>{' '}
          {n.is_published
            ? `since ${fmtDate(n.published_at ?? n.created_at)}`
            : `created ${fmtDate(n.created_at)}`}
          {n.is_published ? (
            <>
              {' '}
              · <Link to={`/news/${n.id}`}>View on site</Link>
            </>
          ) : null}
        </div>
        {n.summary ? <p style={{ margin: '0.35rem 0 0' }}>{n.summary}</p> : null}
      </div>
      <div className="admin-row__actions">
        <button
          type="button"
          className="wf-btn wf-btn--sm wf-btn--ghost"
          onClick={onEdit}
          aria-label={`Edit ${n.title}`}
        >
          Edit
        </button>
        <button
          type="button"
          className="wf-btn wf-btn--sm"
          disabled={busy}
          onClick={onTogglePublished}
          aria-label={`${n.is_published ? 'Unpublish' : 'Publish'} ${n.title}`}
        >
          {n.is_published ? 'Unpublish' : 'Publish'}
        </button>
        <ConfirmButton label="Delete" question={`Delete “${n.title}”?`} onConfirm={onDelete} />
      </div>
    </li>
  );
}
