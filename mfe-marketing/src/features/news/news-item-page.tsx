import { errorText } from '@wayfarer/api-client';
import { Link, useParams } from '@wayfarer/router';
import { EmptyState, ErrorBox, Loading, usePageMeta, type PageDataPrefetch } from '@wayfarer/ui';
import { queryClient } from '@wayfarer/session';
import { useFormat, useTranslation } from '@wayfarer/i18n';
import { MARKETING_NS } from '../../i18n';
import { ArrowLeftIcon } from '@wayfarer/ui/icons';
import { newsDate, newsText } from './api/news-api';
import { newsItemQuery, useNewsItem } from './api/news-queries';

/** The news item of `/news/:newsId`, read with the page's code (on intent, and before the remote's first render). */
export const prefetchNewsItem: PageDataPrefetch = ({ newsId }) => {
  if (newsId) void queryClient.prefetchQuery(newsItemQuery(newsId));
};

export function NewsItemPage() {
  const { t } = useTranslation(MARKETING_NS);
  const { locale } = useFormat();
  const { newsId = '' } = useParams();
  const state = useNewsItem(newsId);
  const item = state.status === 'success' ? state.data : null;
  usePageMeta(
    item
      ? {
          title: item.title,
          description: item.summary ?? newsText(item).slice(0, 160) ?? undefined,
          image: item.image_url ?? undefined,
        }
      : {
          title: state.status === 'success' ? t('news.notFound') : t('news.title'),
          noindex: state.status === 'success',
        },
  );

  return (
    <article className="wf-container wf-page mk-prose">
      <p>
        <Link to="/news">
          <ArrowLeftIcon aria-hidden="true" className="wf-icon" /> {t('news.all')}
        </Link>
      </p>
      {state.status === 'pending' && <Loading message={t('news.loading')} />}
      {state.status === 'error' && (
        <>
          <h1>{t('news.title')}</h1>
          <ErrorBox>{errorText(state.error, t('news.failed'))}</ErrorBox>
        </>
      )}
      {state.status === 'success' && !item && (
        <>
          <h1>{t('news.notFound')}</h1>
          <EmptyState title={t('news.notPublished')}>
            <Link to="/news">{t('news.seeAll')}</Link>
          </EmptyState>
        </>
      )}
      {item && (
        <>
          <h1>{item.title}</h1>
          <p className="wf-muted">
            <time dateTime={item.published_at ?? item.created_at}>{newsDate(item, locale)}</time>
          </p>
          {item.image_url && <img className="mk-news-hero" src={item.image_url} alt={item.title} />}
          {item.summary && <p className="mk-lead">{item.summary}</p>}
          {newsText(item)
            .split(/\n{2,}/)
            .map((p, i) => (
              <p key={i}>{p}</p>
            ))}
        </>
      )}
    </article>
  );
}
