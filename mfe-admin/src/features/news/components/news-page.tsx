import { useMemo, useState } from 'react';
import { EmptyState, InfoBox, Loading, usePageMeta } from '@wayfarer/ui';
import { Segmented } from '../../../components/panel';
import { NewsForm } from './news-form';
import { NewsRow } from './news-row';
import { useNewsAdmin } from '../hooks/use-news-admin';
import { AdminListHead } from '../../../components/admin-list-head';

type Filter = 'all' | 'published' | 'draft';

export function NewsPage() {
  usePageMeta({ title: 'News management', noindex: true });
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
        title="News"
        newLabel="New news item"
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
              setNotice(`Created “${created.title}”.`);
            }
          }}
          onCancel={() => setCreating(false)}
        />
      ) : null}
      <div className="admin-toolbar" style={{ margin: '0.75rem 0' }}>
        <Segmented<Filter>
          label="Show"
          value={filter}
          onChange={setFilter}
          options={[
            { value: 'all', label: `All (${counts.total})` },
            { value: 'published', label: `Published (${counts.published})` },
            { value: 'draft', label: `Drafts (${counts.drafts})` },
          ]}
        />
        <label className="wf-visually-hidden" htmlFor="admin-news-search">
          Search news
        </label>
        <input
          id="admin-news-search"
          className="wf-input"
          style={{ maxWidth: 260 }}
          placeholder="Search titles…"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {/* Until the first good fetch (and while it has not started yet) show the loader, not a false 'No news yet'. */}
      {!state.initialized && !state.error ? (
        <Loading message="Loading news…" />
      ) : visible.length === 0 ? (
        <EmptyState level={2} title={state.items.length ? 'No news matches this filter' : 'No news yet'}>
          {state.items.length
            ? 'Try another filter.'
            : 'Create the first news item for the public news page.'}
        </EmptyState>
      ) : (
        <ul className="admin-list" aria-label="News items">
          {visible.map((n) =>
            editing === n.id ? (
              <li key={n.id}>
                <NewsForm
                  initial={n}
                  busy={state.loading}
                  onSubmit={async (f) => {
                    if (await updateNews(n.id, f)) {
                      setEditing(null);
                      setNotice(`Saved “${f.title}”.`);
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
                  if (u) setNotice(u.is_published ? `Published “${u.title}”.` : `Unpublished “${u.title}”.`);
                }}
                onDelete={async () => {
                  if (await deleteNews(n.id)) setNotice(`Deleted “${n.title}”.`);
                }}
              />
            ),
          )}
        </ul>
      )}
    </>
  );
}
