import { Link } from '@wayfarer/router';
import { EmptyState, Skeleton, prefetchWhenVisible, usePageMeta, type PageDataPrefetch } from '@wayfarer/ui';
import { queryClient } from '@wayfarer/session';
import { HeadphonesIcon, MapIcon, MessageCircleIcon } from '@wayfarer/ui/icons';
import { sightImage } from './api/featured-sights-api';
import { featuredSightsQuery, useFeaturedSights } from './api/featured-sights-queries';
import { useTranslation } from '@wayfarer/i18n';
import { LatestNews, publishedNewsQuery } from '../news';
import { MARKETING_NS } from '../../i18n';

/** How many featured sights the page shows. */
const FEATURED_COUNT = 6;

/**
 * The page's data, read with its code (routes.tsx gives it to lazyPage): before the remote's first render, and on
 * intent. The requests then go out before the page's first render instead of after its commit, and a visit from a
 * hovered link finds the cards and the news in the cache.
 */
export const prefetchHomeData: PageDataPrefetch = () => {
  void queryClient.prefetchQuery(featuredSightsQuery(FEATURED_COUNT));
  void queryClient.prefetchQuery(publishedNewsQuery());
};

const FEATURES = [
  { icon: MapIcon, title: 'home.mapTitle', text: 'home.mapText' },
  { icon: HeadphonesIcon, title: 'home.guidesTitle', text: 'home.guidesText' },
  { icon: MessageCircleIcon, title: 'home.communityTitle', text: 'home.communityText' },
] as const;

export function HomePage() {
  const { t } = useTranslation(MARKETING_NS);
  usePageMeta({ title: t('home.metaTitle'), description: t('home.metaDescription') });
  const sights = useFeaturedSights(FEATURED_COUNT);

  return (
    <div className="wf-container wf-page mk-home">
      <header className="mk-hero">
        <h1>{t('home.title')}</h1>
        <p className="wf-muted mk-lead">{t('home.lead')}</p>
        <p>
          {/* Another remote: fetched on hover, focus or touch (by the shell), not merely when visible. */}
          <Link className="wf-btn" to="/explore">
            {t('home.start')}
          </Link>{' '}
          {/* This remote's likely next page: fetched once visible (after load, at an idle moment). */}
          <Link className="wf-btn wf-btn--ghost" to="/pricing" ref={prefetchWhenVisible}>
            {t('home.plans')}
          </Link>
        </p>
      </header>

      <section className="mk-section" aria-labelledby="mk-what">
        <h2 id="mk-what">{t('home.what')}</h2>
        <div className="mk-grid">
          {FEATURES.map((f) => (
            <div key={f.title} className="wf-card">
              <h3>
                <f.icon aria-hidden="true" className="wf-icon" /> {t(f.title)}
              </h3>
              <p>{t(f.text)}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="mk-section" aria-labelledby="mk-featured">
        <h2 id="mk-featured">{t('home.featured')}</h2>
        {sights.status === 'pending' && (
          <div className="mk-grid" aria-busy="true" aria-label={t('home.featuredLoading')}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={180} />
            ))}
          </div>
        )}
        {sights.status === 'error' && <p className="wf-muted">{t('home.featuredError')}</p>}
        {sights.status === 'success' &&
          (sights.data.length === 0 ? (
            <EmptyState title={t('home.featuredNone')} />
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

      <LatestNews headingId="mk-news" title={t('home.latestNews')} />
    </div>
  );
}
