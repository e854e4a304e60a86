import { useState } from 'react';
import { Link } from '@wayfarer/router';
import { ErrorBox, InfoBox, Loading } from '@wayfarer/ui';
import { describeError } from '../../../lib/admin-request';
import { useSaveStations, useSetSightHidden, useSightForEdit, useUpdateSight } from '../api/content-queries';
import { SightDetailsForm } from './sight-details-form';
import { StationsEditor } from './stations-editor';

/** One sight in the content editor: visibility, details and stations, one busy flag, error and notice for all. */
export function SightEditor({ id }: { id: string }) {
  const q = useSightForEdit(id);
  const hide = useSetSightHidden();
  const update = useUpdateSight();
  const stationsSave = useSaveStations();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function act(fallback: string, ok: string, run: () => Promise<void>) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await run();
      setNotice(ok);
    } catch (err) {
      setError(describeError(err, fallback));
    } finally {
      setBusy(false);
    }
  }

  if (q.isPending) return <Loading message="Loading sight…" />;
  if (!q.data) return <ErrorBox>{describeError(q.error, 'Failed to load sight.')}</ErrorBox>;
  const { sight, stations } = q.data;
  const merged = sight.merged_into;

  return (
    <div
      className="wf-card admin-panel"
      role="region"
      aria-label={`Edit ${sight.name}`}
      data-testid="sight-editor"
    >
      <div className="admin-panel__head">
        <h2>
          {sight.name || 'Unnamed sight'}{' '}
          {sight.hidden ? <span className="wf-badge admin-badge--draft">Hidden</span> : null}
        </h2>
        <div className="admin-toolbar">
          {sight.hidden ? null : <Link to={`/explore/${encodeURIComponent(sight.id)}`}>Open on site</Link>}
          <button
            type="button"
            className="wf-btn wf-btn--sm"
            disabled={busy || Boolean(merged)}
            onClick={() =>
              void act(
                'Could not update visibility',
                sight.hidden ? 'Sight is visible again.' : 'Sight hidden from travellers.',
                async () => {
                  await hide.mutateAsync({ id: sight.id, hidden: !sight.hidden });
                },
              )
            }
          >
            {sight.hidden ? 'Unhide' : 'Hide'}
          </button>
        </div>
      </div>
      <p className="wf-muted" style={{ marginTop: 0, fontSize: '0.85rem' }}>
        {[sight.city, sight.country].filter(Boolean).join(', ') || 'No place'} · {sight.comments_count}{' '}
        comments · {sight.images_count} photos · id <code>{sight.id}</code>
        {merged ? (
          <>
            {' '}
            · merged into <code>{merged}</code>
          </>
        ) : null}
      </p>
      <ErrorBox>{error}</ErrorBox>
      <InfoBox>{notice}</InfoBox>
      <SightDetailsForm
        sight={sight}
        busy={busy}
        act={act}
        save={(patch) => update.mutateAsync({ id: sight.id, patch })}
      />
      <StationsEditor
        sight={sight}
        initial={stations}
        busy={busy}
        act={act}
        save={(list) => stationsSave.mutateAsync({ id: sight.id, stations: list })}
      />
    </div>
  );
}
