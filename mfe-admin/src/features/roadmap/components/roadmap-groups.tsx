import { ROADMAP_STATUSES, type RoadmapItem, type RoadmapStatus } from '../types';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';

/** The published items grouped by status (spec point 4), as visitors see the roadmap. */
export function RoadmapGroups({ groups }: { groups: Record<RoadmapStatus, RoadmapItem[]> }) {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <section aria-label={t('roadmap.byStatus')} className="admin-groups">
      {ROADMAP_STATUSES.map((s) => (
        <div key={s} className="wf-card admin-panel" data-testid={`roadmap-group-${s}`}>
          <h2>
            {t(`roadmap.status.${s}`)} <span className="wf-badge">{groups[s].length}</span>
          </h2>
          {groups[s].length ? (
            <ol>
              {groups[s].map((i) => (
                <li key={i.id}>{i.title}</li>
              ))}
            </ol>
          ) : (
            <p className="wf-muted" style={{ margin: '0.5rem 0 0' }}>
              {t('roadmap.nothingPublished')}
            </p>
          )}
        </div>
      ))}
    </section>
  );
}
