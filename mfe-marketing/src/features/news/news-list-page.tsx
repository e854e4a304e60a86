import { errorText } from '@wayfarer/api-client';
import { Link, useSearchParams } from '@wayfarer/router';
import { EmptyState, ErrorBox, Loading, usePageMeta } from '@wayfarer/ui';
import { ArrowLeftIcon, ArrowRightIcon } from '@wayfarer/ui/icons';
import { NewsCard } from './news-card';
import { usePublishedNews } from './api/news-queries';

export const NEWS_PAGE_SIZE = 6;

export function NewsListPage() {
  usePageMeta({ title: 'News', description: 'Product news and announcements from the Wayfarer team.' });
  const [params] = useSearchParams();
  const state = usePublishedNews();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  return (
    <section className="wf-container wf-page">
      <h1>News</h1>
      {state.status === 'pending' && <Loading message="Loading news…" />}
      {state.status === 'error' && <ErrorBox>{errorText(state.error, 'Failed to fetch news')}</ErrorBox>}
      {state.status === 'success' &&
        (state.data.length === 0 ? (
          <EmptyState title="No news yet">Check back soon for product updates.</EmptyState>
        ) : (
          (() => {
            const pages = Math.max(1, Math.ceil(state.data.length / NEWS_PAGE_SIZE));
            const current = Math.min(page, pages);
            const items = state.data.slice((current - 1) * NEWS_PAGE_SIZE, current * NEWS_PAGE_SIZE);
            return (
              <>
                <div className="mk-grid">
                  {items.map((n) => (
                    <NewsCard key={n.id} item={n} headingLevel={2} />
                  ))}
                </div>
                {pages > 1 && (
                  <nav aria-label="News pages" className="mk-pager">
                    {current > 1 && (
                      <Link
                        className="wf-btn wf-btn--ghost"
                        to={`/news?page=${current - 1}`}
                        aria-label="Previous page"
                      >
                        <ArrowLeftIcon aria-hidden="true" className="wf-icon" /> Newer
                      </Link>
                    )}
                    <span aria-current="page">
                      Page {current} of {pages}
                    </span>
                    {current < pages && (
                      <Link
                        className="wf-btn wf-btn--ghost"
                        to={`/news?page=${current + 1}`}
                        aria-label="Next page"
                      >
                        Older <ArrowRightIcon aria-hidden="true" className="wf-icon" />
                      </Link>
                    )}
                  </nav>
                )}
              </>
            );
          })()
        ))}
    </section>
  );
}
