import { Link } from '@wayfarer/router';
import { ConfirmButton } from '../../../components/confirm-button';
import { useAdminFormat } from '../../../lib/use-admin-format';
import type { NewsItem } from '../types';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';

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
  const { t } = useTranslation(ADMIN_NS);
  const { when } = useAdminFormat();
  return (
    <li className="wf-card admin-row" data-testid="admin-news-row">
      <div className="admin-row__main">
        <h2>{n.title}</h2>
        <div className="wf-muted" style={{ fontSize: '0.85rem' }}>
          <span className={`wf-badge ${n.is_published ? 'admin-badge--published' : 'admin-badge--draft'}`}>
            {t(n.is_published ? 'common.published' : 'common.draft')}
          </span>{' '}
          {n.is_published
            ? t('news.since', { date: when(n.published_at ?? n.created_at) })
            : t('news.createdOn', { date: when(n.created_at) })}
          {n.is_published ? (
            <>
              {' '}
              · <Link to={`/news/${n.id}`}>{t('news.viewOnSite')}</Link>
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
          aria-label={t('common.editNamed', { name: n.title })}
        >
          {t('common.edit')}
        </button>
        <button
          type="button"
          className="wf-btn wf-btn--sm"
          disabled={busy}
          onClick={onTogglePublished}
          aria-label={t(n.is_published ? 'common.unpublishNamed' : 'common.publishNamed', { name: n.title })}
        >
          {t(n.is_published ? 'common.unpublish' : 'common.publish')}
        </button>
        <ConfirmButton
          label={t('common.delete')}
          question={t('common.deleteQuestion', { name: n.title })}
          onConfirm={onDelete}
        />
      </div>
    </li>
  );
}
