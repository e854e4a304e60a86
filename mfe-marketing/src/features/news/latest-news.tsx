import { Link } from '@wayfarer/router';
import { Skeleton } from '@wayfarer/ui';
import { useTranslation } from '@wayfarer/i18n';
import { MARKETING_NS } from '../../i18n';
import { usePublishedNews } from './api/news-queries';
import { NewsCard } from './news-card';

/** The three newest published news items with a link to all news (home and investor pages). */
export function LatestNews({ headingId, title }: { headingId: string; title: string }) {
  const { t } = useTranslation(MARKETING_NS);
  const news = usePublishedNews();
  return (
    <section className="mk-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {news.status === 'pending' && <Skeleton height={120} />}
      {news.status === 'error' && <p className="wf-muted">{t('news.unavailable')}</p>}
      {news.status === 'success' &&
        (news.data.length === 0 ? (
          <p className="wf-muted">{t('news.noneShort')}</p>
        ) : (
          <>
            <div className="mk-grid">
              {news.data.slice(0, 3).map((n) => (
                <NewsCard key={n.id} item={n} />
              ))}
            </div>
            <p>
              <Link to="/news">{t('news.all')}</Link>
            </p>
          </>
        ))}
    </section>
  );
}
