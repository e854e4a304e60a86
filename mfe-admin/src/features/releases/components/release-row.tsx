import { ConfirmButton } from '../../../components/confirm-button';
import type { Release } from '../api/releases-api';
import type { ReleaseAction } from '../api/releases-queries';
import { FailureBar } from './failure-bar';
import { CheckIcon, XIcon } from '@wayfarer/ui/icons';

const STATUS_LABEL: Record<Release['status'], string> = {
  active: 'Active',
  canary: 'Canary',
  available: 'Available',
  'rolled-back': 'Rolled back',
};

/** One published version: its contract check, sessions and failures, and what an admin can do with it. */
export function ReleaseRow(props: {
  release: Release;
  threshold: number;
  canaryPercent: number;
  busy: boolean;
  onAction: (a: ReleaseAction) => void;
}) {
  const { release: r, busy, onAction } = props;
  const checked = r.check_ok === true;
  return (
    <tr data-testid={`release-${r.remote}-${r.version}`}>
      <th scope="row">{r.version}</th>
      <td>
        <span className={`wf-badge admin-release-status--${r.status}`}>{STATUS_LABEL[r.status]}</span>
      </td>
      <td>
        {r.check_ok === null ? (
          <span className="wf-muted">not checked</span>
        ) : checked ? (
          <span>
            <CheckIcon aria-hidden="true" className="wf-icon" /> passed
          </span>
        ) : (
          <details>
            <summary>
              <XIcon aria-hidden="true" className="wf-icon" /> failed
            </summary>
            <ul>
              {r.check_problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </details>
        )}
      </td>
      <td>{r.sessions}</td>
      <td>
        <FailureBar release={r} threshold={props.threshold} />
      </td>
      <td className="admin-toolbar">
        {r.status !== 'active' ? (
          <ConfirmButton
            label="Promote"
            confirmLabel="Yes, promote"
            question={`Serve ${r.remote} ${r.version} to every new session?`}
            disabled={busy || !checked}
            onConfirm={() => onAction({ kind: 'promote', remote: r.remote, version: r.version })}
          />
        ) : null}
        {r.status !== 'active' && r.status !== 'canary' ? (
          <ConfirmButton
            label={`Canary ${props.canaryPercent}%`}
            confirmLabel="Yes, start"
            question={`Serve ${r.remote} ${r.version} to ${props.canaryPercent}% of new sessions?`}
            disabled={busy || !checked}
            onConfirm={() =>
              onAction({ kind: 'canary', remote: r.remote, version: r.version, percent: props.canaryPercent })
            }
          />
        ) : null}
        {r.status === 'rolled-back' || r.status === 'available' ? (
          <ConfirmButton
            label="Roll back to this"
            confirmLabel="Yes, roll back"
            question={`Make ${r.remote} ${r.version} active again?`}
            disabled={busy || !checked}
            onConfirm={() => onAction({ kind: 'rollback', remote: r.remote, version: r.version })}
          />
        ) : null}
      </td>
    </tr>
  );
}
