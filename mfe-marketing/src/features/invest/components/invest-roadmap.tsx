import { errorText } from '@wayfarer/api-client';
import { ROADMAP_STATUSES, ROADMAP_STATUS_LABEL } from '@wayfarer/contracts/browser';
import { ErrorBox, Loading } from '@wayfarer/ui';
import { usePublishedRoadmap } from '../api/roadmap-queries';

/** The published roadmap by status, with the statuses' one label from the contracts. */
export function InvestRoadmap() {
  const roadmap = usePublishedRoadmap();
  return (
    <section className="mk-section" aria-labelledby="inv-roadmap">
      <h2 id="inv-roadmap">Roadmap</h2>
      {roadmap.status === 'pending' && <Loading message="Loading roadmap…" />}
      {roadmap.status === 'error' && (
        <ErrorBox>{errorText(roadmap.error, 'Failed to fetch roadmap')}</ErrorBox>
      )}
      {roadmap.status === 'success' && (
        <div className="mk-grid" data-testid="roadmap">
          {ROADMAP_STATUSES.map((st) => {
            const items = roadmap.data.filter((r) => r.status === st);
            return (
              <div key={st} className="wf-card">
                <h3>
                  {ROADMAP_STATUS_LABEL[st]} <span className="wf-badge">{items.length}</span>
                </h3>
                {items.length === 0 ? (
                  <p className="wf-muted">Nothing here yet.</p>
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
