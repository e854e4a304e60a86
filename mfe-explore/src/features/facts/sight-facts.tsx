import type { SightFacts as Facts } from '@wayfarer/contracts';
import { useTranslation } from '@wayfarer/i18n';
import { Trans } from '@wayfarer/i18n/trans';
import { EXPLORE_NS } from '../../i18n';
import { useSightFacts } from './use-sight-facts';
import './facts.css';

/**
 * A sight's facts: the Wikipedia summary, or a licensed text shipped with the product, with its attribution (CC BY
 * and CC BY-SA ask for the work, its site and licence to be named), and the Wikidata claims, each linked to its
 * source. Nothing invented when there are none:
 * the page's short description (built only from known facts) stays what is said, with a line saying so.
 */
const siteOf = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
};

export function SightFactsPanel({ sight }: { sight: { id: string; name: string; facts?: unknown } }) {
  const facts = useSightFacts(sight);
  return <FactsView name={sight.name} facts={facts} />;
}

export function FactsView({ name, facts }: { name: string; facts: Facts | null }) {
  const { t } = useTranslation(EXPLORE_NS);
  if (!facts || facts.status === 'off') return null;
  if (facts.status !== 'ready') {
    return (
      <p className="wf-muted explore-facts__none" data-testid="sight-facts-none">
        {facts.status === 'pending' ? t('facts.pending') : t('facts.none')}
      </p>
    );
  }
  const { summary, claims } = facts;
  return (
    <section
      className="explore-facts"
      aria-labelledby="facts-h"
      data-testid="sight-facts"
      lang={facts.language}
    >
      <h2 id="facts-h">{t('facts.about', { name })}</h2>
      {summary && (
        <figure className="explore-facts__summary" data-testid="sight-summary">
          <blockquote cite={summary.url}>
            <p>{summary.extract}</p>
          </blockquote>
          <figcaption className="wf-muted" data-testid="sight-summary-attribution">
            <Trans
              t={t}
              // A Wikipedia article (fetched, or shipped with the product) or another site's text, named by its host.
              i18nKey={
                summary.attribution.startsWith('From the Wikipedia')
                  ? 'facts.attribution'
                  : 'facts.attributionSite'
              }
              values={{ title: summary.title, licence: summary.licence.name, site: siteOf(summary.url) }}
              components={{
                // eslint-disable-next-line jsx-a11y/anchor-has-content -- Trans puts the article's title inside
                article: <a href={summary.url} target="_blank" rel="noopener noreferrer" />,
                // eslint-disable-next-line jsx-a11y/anchor-has-content -- Trans puts the licence's name inside
                licence: <a href={summary.licence.url} target="_blank" rel="license noopener noreferrer" />,
              }}
            />
          </figcaption>
        </figure>
      )}
      {claims.length > 0 && (
        <dl className="explore-facts__claims" data-testid="sight-claims">
          {claims.map((c) => (
            <div key={c.property} className="explore-facts__claim">
              <dt>{c.label}</dt>
              <dd>
                {c.kind === 'website' ? (
                  <a href={c.value} target="_blank" rel="noopener noreferrer">
                    {c.value.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                  </a>
                ) : (
                  c.value
                )}{' '}
                <a
                  className="explore-facts__source"
                  href={c.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('facts.source', { label: c.label, licence: c.licence.name })}
                >
                  Wikidata
                </a>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
