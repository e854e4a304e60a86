import { useId, useState } from 'react';
import { ConfirmButton } from '../../../components/confirm-button';
import type { RemoteRollout } from '../api/releases-api';
import type { ReleaseAction } from '../api/releases-queries';
import { ReleaseRow } from './release-row';

/** One remote: what new sessions get (active version, canary), and its published versions. */
export function RemoteReleases(props: {
  rollout: RemoteRollout;
  threshold: number;
  busy: boolean;
  onAction: (a: ReleaseAction) => void;
}) {
  const { rollout: ro, busy, onAction } = props;
  const [percent, setPercent] = useState(50);
  const percentId = useId();
  return (
    <section className="wf-card admin-releases-remote" aria-labelledby={`${percentId}-title`}>
      <header className="admin-head">
        <h2 id={`${percentId}-title`}>{ro.remote}</h2>
        <p className="wf-muted" data-testid={`rollout-${ro.remote}`}>
          New sessions get <strong>{ro.active_version ?? 'the current build'}</strong>
          {ro.canary_version ? (
            <>
              {' '}
              and <strong>{ro.canary_version}</strong> on {ro.canary_percent}% of sessions
            </>
          ) : null}
        </p>
        <div className="admin-toolbar">
          {ro.canary_version ? (
            <ConfirmButton
              label="Stop canary"
              confirmLabel="Yes, stop"
              question={`Stop serving ${ro.canary_version} to ${ro.canary_percent}% of sessions?`}
              disabled={busy}
              onConfirm={() => onAction({ kind: 'stop-canary', remote: ro.remote })}
            />
          ) : null}
          {ro.active_version || ro.canary_version ? (
            <ConfirmButton
              label="Roll back"
              confirmLabel="Yes, roll back"
              question={`Roll ${ro.remote} back to the version active before?`}
              disabled={busy}
              onConfirm={() => onAction({ kind: 'rollback', remote: ro.remote, version: null })}
            />
          ) : null}
          <label htmlFor={percentId}>Canary share (%)</label>
          <input
            id={percentId}
            className="wf-input admin-releases-percent"
            type="number"
            min={1}
            max={99}
            value={percent}
            onChange={(e) => setPercent(Math.min(99, Math.max(1, Number(e.target.value) || 1)))}
          />
        </div>
      </header>
      {ro.releases.length ? (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Status</th>
              <th scope="col">Contract check</th>
              <th scope="col">Sessions</th>
              <th scope="col">Load failures</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {ro.releases.map((r) => (
              <ReleaseRow
                key={r.version}
                release={r}
                threshold={props.threshold}
                canaryPercent={percent}
                busy={busy}
                onAction={onAction}
              />
            ))}
          </tbody>
        </table>
      ) : (
        <p className="wf-muted">
          No published versions: every session gets the current build ({ro.default_url}).
        </p>
      )}
    </section>
  );
}
