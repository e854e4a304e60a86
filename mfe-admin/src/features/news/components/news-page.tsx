import { useMemo, useState } from 'react';
import { EmptyState, InfoBox, Loading, usePageMeta } from '@wayfarer/ui';
import { Segmented } from '../../../components/panel';
import { NewsForm } from './news-form';
import { NewsRow } from './news-row';
import { useNewsAdmin } from '../hooks/use-news-admin';
import { AdminListHead } from '../../../components/admin-list-head';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';

type Filter = 'all' | 'published' | 'draft';

export function NewsPage() {
  const { t } = useTranslation(ADMIN_NS);
  usePageMeta({ title: t('news.metaTitle'), noindex: true });
  const state = useNewsAdmin();
  const { counts, createNews, updateNews, deleteNews } = state;
  const [filter, setFilter] = useState<Filter>('all');
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const visible = useMemo(() => {
    const q = query.trim().toLowerCase();
    return state.items.filter(
      (n) =>
        (filter === 'all' || (filter === 'published') === n.is_published) &&
        (!q || n.title.toLowerCase().includes(q) || (n.summary ?? '').toLowerCase().includes(q)),
    );
  }, [state.items, filter, query]);

  return (
    <>
      <AdminListHead
        title={t('news.title')}
        newLabel={t('news.new')}
        creating={creating}
        onToggleCreate={() => {
          setCreating((c) => !c);
          setEditing(null);
        }}
        counts={counts}
        countsTestId="news-counts"
        error={state.error}
        onDismissError={state.clearError}
      />
      <InfoBox>{notice}</InfoBox>
      {creating ? (
        <NewsForm
          busy={state.loading}
          onSubmit={async (f) => {
            const created = await createNews(f);
            if (created) {
              setCreating(false);
              setNotice(t('common.created', { name: created.title }));
            }
          }}
          onCancel={() => setCreating(false)}
        />
      ) : null}
      <div className="admin-toolbar" style={{ margin: '0.75rem 0' }}>
        <Segmented<Filter>
          label={t('news.show')}
          value={filter}
          onChange={setFilter}
          options={[
            { value: 'all', label: t('news.all', { count: counts.total }) },
            { value: 'published', label: t('news.publishedCount', { count: counts.published }) },
            { value: 'draft', label: t('news.drafts', { count: counts.drafts }) },
          ]}
        />
        <label className="wf-visually-hidden" htmlFor="admin-news-search">
          {t('news.search')}
        </label>
        <input
          id="admin-news-search"
          className="wf-input"
          style={{ maxWidth: 260 }}
          placeholder={t('news.searchPlaceholder')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {/* Until the first good fetch (and while it has not started yet) show the loader, not a false 'No news yet'. */}
      {!state.initialized && !state.error ? (
        <Loading message={t('news.loading')} />
      ) : visible.length === 0 ? (
        <EmptyState level={2} title={t(state.items.length ? 'news.noMatch' : 'news.none')}>
          {t(state.items.length ? 'news.tryOther' : 'news.createFirst')}
        </EmptyState>
      ) : (
        <ul className="admin-list" aria-label={t('news.list')}>
          {visible.map((n) =>
            editing === n.id ? (
              <li key={n.id}>
                <NewsForm
                  initial={n}
                  busy={state.loading}
                  onSubmit={async (f) => {
                    if (await updateNews(n.id, f)) {
                      setEditing(null);
                      setNotice(t('common.saved', { name: f.title }));
                    }
                  }}
                  onCancel={() => setEditing(null)}
                />
              </li>
            ) : (
              <NewsRow
                key={n.id}
                n={n}
                busy={state.loading}
                onEdit={() => {
                  setEditing(n.id);
                  setCreating(false);
                }}
                onTogglePublished={async () => {
                  const u = await updateNews(n.id, { is_published: !n.is_published });
                  if (u)
                    setNotice(
                      t(u.is_published ? 'common.publishedNamed' : 'common.unpublishedNamed', {
                        name: u.title,
                      }),
                    );
                }}
                onDelete={async () => {
                  if (await deleteNews(n.id)) setNotice(t('common.deleted', { name: n.title }));
                }}
              />
            ),
          )}
        </ul>
      )}
    </>
  );
}
