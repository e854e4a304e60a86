import { Link } from '@wayfarer/router';
import { errorText } from '@wayfarer/api-client';
import { ROADMAP_STATUSES, ROADMAP_STATUS_LABEL } from '@wayfarer/contracts/browser';
import { ErrorBox, Loading } from '@wayfarer/ui';
import { usePublishedNews } from '../../news/api/news-queries';
import { NewsCard } from '../../news/news-card';
import { usePublishedRoadmap } from '../api/roadmap-queries';

/** The latest three news items. */
export function InvestNews() {
  const news = usePublishedNews();
  return (
    <section className="mk-section" aria-labelledby="inv-news">
      <h2 id="inv-news">News</h2>
      {news.status === 'pending' && <Loading message="Loading news…" />}
      {news.status === 'error' && <p className="wf-muted">News is unavailable right now.</p>}
      {news.status === 'success' &&
        (news.data.length === 0 ? <p className="wf-muted">No news yet.</p> : (
          <div className="mk-grid">
            {news.data.slice(0, 3).map((n) => <NewsCard key={n.id} item={n} />)}
          </div>
        ))}
      <p><Link to="/news">All news</Link></p>
    </section>
  );
}

/** The published roadmap by status, with the statuses' one label from the contracts. */
export function InvestRoadmap() {
  const roadmap = usePublishedRoadmap();
  return (
    <section className="mk-section" aria-labelledby="inv-roadmap">
      <h2 id="inv-roadmap">Roadmap</h2>
      {roadmap.status === 'pending' && <Loading message="Loading roadmap…" />}
      {roadmap.status === 'error' && <ErrorBox>{errorText(roadmap.error, 'Failed to fetch roadmap')}</ErrorBox>}
      {roadmap.status === 'success' && (
        <div className="mk-grid" data-testid="roadmap">
          {ROADMAP_STATUSES.map((st) => {
            const items = roadmap.data.filter((r) => r.status === st);
            return (
              <div key={st} className="wf-card">
                <h3>{ROADMAP_STATUS_LABEL[st]} <span className="wf-badge">{items.length}</span></h3>
                {items.length === 0 ? <p className="wf-muted">Nothing here yet.</p> : (
                  <ul>
                    {items.map((r) => (
                      <li key={r.id}>
                        <strong>{r.title}</strong>
                        {r.description && <span className="wf-muted"> — {r.description}</span>}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}
