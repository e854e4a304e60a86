import { Link } from '@wayfarer/router';
import { EmptyState, Skeleton, prefetchWhenVisible, usePageMeta } from '@wayfarer/ui';
import { HeadphonesIcon, MapIcon, MessageCircleIcon } from '@wayfarer/ui/icons';
import { sightImage } from './api/featured-sights-api';
import { useFeaturedSights } from './api/featured-sights-queries';
import { LatestNews } from '../news';

const FEATURES = [
  {
    icon: MapIcon,
    title: 'Explore on a map',
    text: 'Find landmarks, museums, scenery and historic places around any point on the map.',
  },
  {
    icon: HeadphonesIcon,
    title: 'Narrated guides',
    text: 'Listen to audio guides with stations that walk you through each sight.',
  },
  {
    icon: MessageCircleIcon,
    title: 'Community',
    text: 'Read and write comments with star ratings, and share your own photos of each place.',
  },
];

export function HomePage() {
  usePageMeta({
    title: 'Wayfarer — explore sights with narrated audio guides',
    description:
      'Explore sights on a map, listen to narrated audio guides and share comments and photos with other travellers.',
  });
  const sights = useFeaturedSights(6);

  return (
    <div className="wf-container wf-page mk-home">
      <header className="mk-hero">
        <h1>Explore the world's sights with narrated audio guides</h1>
        <p className="wf-muted mk-lead">
          Wayfarer shows you the landmarks, museums, scenery and historic places around you, tells their
          stories in your ears and lets you share what you found.
        </p>
        <p>
          {/* Another remote: fetched on hover, focus or touch (by the shell), not merely when visible. */}
          <Link className="wf-btn" to="/explore">
            Start exploring
          </Link>{' '}
          {/* This remote's likely next page: fetched once visible (after load, at an idle moment). */}
          <Link className="wf-btn wf-btn--ghost" to="/pricing" ref={prefetchWhenVisible}>
            See plans
          </Link>
        </p>
      </header>

      <section className="mk-section" aria-labelledby="mk-what">
        <h2 id="mk-what">What Wayfarer does</h2>
        <div className="mk-grid">
          {FEATURES.map((f) => (
            <div key={f.title} className="wf-card">
              <h3>
                <f.icon aria-hidden="true" className="wf-icon" /> {f.title}
              </h3>
              <p>{f.text}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="mk-section" aria-labelledby="mk-featured">
        <h2 id="mk-featured">Featured sights</h2>
        {sights.status === 'pending' && (
          <div className="mk-grid" aria-busy="true" aria-label="Loading featured sights">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={180} />
            ))}
          </div>
        )}
        {sights.status === 'error' && <p className="wf-muted">Featured sights are unavailable right now.</p>}
        {sights.status === 'success' &&
          (sights.data.length === 0 ? (
            <EmptyState title="No featured sights yet" />
          ) : (
            <div className="mk-grid">
              {sights.data.map((s) => (
                <article key={s.id} className="wf-card mk-sight" data-testid="featured-sight">
                  {sightImage(s) && (
                    <img
                      src={sightImage(s)!}
                      alt={`${s.name}${s.city ? `, ${s.city}` : ''}`}
                      loading="lazy"
                      // A photo that cannot load is hidden rather than shown as a broken image.
                      onError={(e) => {
                        e.currentTarget.hidden = true;
                      }}
                    />
                  )}
                  <h3>
                    <Link to={`/explore/${encodeURIComponent(s.id)}`}>{s.name}</Link>
                  </h3>
                  {(s.city || s.country) && (
                    <p className="wf-muted">{[s.city, s.country].filter(Boolean).join(', ')}</p>
                  )}
                </article>
              ))}
            </div>
          ))}
      </section>

      <LatestNews headingId="mk-news" title="Latest news" />
    </div>
  );
}
