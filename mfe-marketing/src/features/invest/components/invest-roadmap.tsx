import { errorText } from '@wayfarer/api-client';
import { ROADMAP_STATUSES } from '@wayfarer/contracts/browser';
import { useFormat, useTranslation } from '@wayfarer/i18n';
import { MARKETING_NS } from '../../../i18n';
import { ErrorBox, Loading } from '@wayfarer/ui';
import { usePublishedRoadmap } from '../api/roadmap-queries';

/** The published roadmap by status (the contracts' statuses, their labels from the catalog). */
export function InvestRoadmap() {
  const { t } = useTranslation(MARKETING_NS);
  const f = useFormat();
  const roadmap = usePublishedRoadmap();
  return (
    <section className="mk-section" aria-labelledby="inv-roadmap">
      <h2 id="inv-roadmap">{t('invest.roadmap')}</h2>
      {roadmap.status === 'pending' && <Loading message={t('invest.roadmapLoading')} />}
      {roadmap.status === 'error' && (
        <ErrorBox>{errorText(roadmap.error, t('invest.roadmapFailed'))}</ErrorBox>
      )}
      {roadmap.status === 'success' && (
        <div className="mk-grid" data-testid="roadmap">
          {ROADMAP_STATUSES.map((st) => {
            const items = roadmap.data.filter((r) => r.status === st);
            return (
              <div key={st} className="wf-card">
                <h3>
                  {t(`invest.${st}`)} <span className="wf-badge">{f.number(items.length)}</span>
                </h3>
                {items.length === 0 ? (
                  <p className="wf-muted">{t('invest.nothing')}</p>
                ) : (
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
