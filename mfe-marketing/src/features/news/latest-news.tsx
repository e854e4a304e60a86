import { Link } from '@wayfarer/router';
import { Skeleton } from '@wayfarer/ui';
import { usePublishedNews } from './api/news-queries';
import { NewsCard } from './news-card';

/** The three newest published news items with a link to all news (home and investor pages). */
export function LatestNews({ headingId, title }: { headingId: string; title: string }) {
  const news = usePublishedNews();
  return (
    <section className="mk-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {news.status === 'pending' && <Skeleton height={120} />}
      {news.status === 'error' && <p className="wf-muted">News is unavailable right now.</p>}
      {news.status === 'success' &&
        (news.data.length === 0 ? (
          <p className="wf-muted">No news yet.</p>
        ) : (
          <>
            <div className="mk-grid">
              {news.data.slice(0, 3).map((n) => (
                <NewsCard key={n.id} item={n} />
              ))}
            </div>
            <p>
              <Link to="/news">All news</Link>
            </p>
          </>
        ))}
    </section>
  );
}
