import { errorText } from '@wayfarer/api-client';
import { Link, useSearchParams } from '@wayfarer/router';
import { EmptyState, ErrorBox, Loading, usePageMeta, type PageDataPrefetch } from '@wayfarer/ui';
import { queryClient } from '@wayfarer/session';
import { useTranslation } from '@wayfarer/i18n';
import { MARKETING_NS } from '../../i18n';
import { ArrowLeftIcon, ArrowRightIcon } from '@wayfarer/ui/icons';
import { NewsCard } from './news-card';
import { publishedNewsQuery, usePublishedNews } from './api/news-queries';

export const NEWS_PAGE_SIZE = 6;

/** The news list, read with the page's code (on intent, and before the remote's first render). */
export const prefetchNewsList: PageDataPrefetch = () => {
  void queryClient.prefetchQuery(publishedNewsQuery());
};

export function NewsListPage() {
  const { t } = useTranslation(MARKETING_NS);
  usePageMeta({ title: t('news.title'), description: t('news.metaDescription') });
  const [params] = useSearchParams();
  const state = usePublishedNews();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  return (
    <section className="wf-container wf-page">
      <h1>{t('news.title')}</h1>
      {state.status === 'pending' && <Loading message={t('news.loading')} />}
      {state.status === 'error' && <ErrorBox>{errorText(state.error, t('news.failed'))}</ErrorBox>}
      {state.status === 'success' &&
        (state.data.length === 0 ? (
          <EmptyState title={t('news.none')}>{t('news.noneText')}</EmptyState>
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
                  <nav aria-label={t('news.pages')} className="mk-pager">
                    {current > 1 && (
                      <Link
                        className="wf-btn wf-btn--ghost"
                        to={`/news?page=${current - 1}`}
                        aria-label={t('news.previous')}
                      >
                        <ArrowLeftIcon aria-hidden="true" className="wf-icon" /> {t('news.newer')}
                      </Link>
                    )}
                    <span aria-current="page">{t('news.pageOf', { current, pages })}</span>
                    {current < pages && (
                      <Link
                        className="wf-btn wf-btn--ghost"
                        to={`/news?page=${current + 1}`}
                        aria-label={t('news.next')}
                      >
                        {t('news.older')} <ArrowRightIcon aria-hidden="true" className="wf-icon" />
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
