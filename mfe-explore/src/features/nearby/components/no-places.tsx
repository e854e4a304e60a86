import { EmptyState } from '@wayfarer/ui';

/** Nothing found around the point: widen the radius, or show every category. */
export function NoPlaces({
  km,
  type,
  onWiden,
  onAllTypes,
}: {
  km: number;
  type: string;
  onWiden: () => void;
  onAllTypes: () => void;
}) {
  return (
    <EmptyState title="No sights found here">
      <p>Try a wider radius or another category, or search somewhere else.</p>
      <div className="explore-empty__actions">
        {km < 20 && (
          <button type="button" className="wf-btn" onClick={onWiden}>
            Widen to 20 km
          </button>
        )}
        {type !== 'all' && (
          <button type="button" className="wf-btn wf-btn--ghost" onClick={onAllTypes}>
            Show all categories
          </button>
        )}
      </div>
    </EmptyState>
  );
}
