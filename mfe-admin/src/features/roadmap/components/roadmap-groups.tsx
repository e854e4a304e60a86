import { ROADMAP_STATUSES, STATUS_LABEL, type RoadmapItem, type RoadmapStatus } from '../types';

/** The published items grouped by status (spec point 4), as visitors see the roadmap. */
export function RoadmapGroups({ groups }: { groups: Record<RoadmapStatus, RoadmapItem[]> }) {
  return (
    <section aria-label="Published roadmap by status" className="admin-groups">
      {ROADMAP_STATUSES.map((s) => (
        <div key={s} className="wf-card admin-panel" data-testid={`roadmap-group-${s}`}>
          <h2>
            {STATUS_LABEL[s]} <span className="wf-badge">{groups[s].length}</span>
          </h2>
          {groups[s].length ? (
            <ol>
              {groups[s].map((i) => (
                <li key={i.id}>{i.title}</li>
              ))}
            </ol>
          ) : (
            <p className="wf-muted" style={{ margin: '0.5rem 0 0' }}>
              Nothing published here.
            </p>
          )}
        </div>
      ))}
    </section>
  );
}
