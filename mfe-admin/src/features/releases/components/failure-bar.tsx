import type { Release } from '../api/releases-api';

/** A version's load-failure rate as a bar against the canary threshold (the mark), with the numbers beside it. */
export function FailureBar({ release, threshold }: { release: Release; threshold: number }) {
  const pct = Math.round(release.failure_rate * 1000) / 10;
  const over = release.failure_rate > threshold;
  const phases = Object.entries(release.failures)
    .filter(([, n]) => n > 0)
    .map(([p, n]) => `${p} ${n}`)
    .join(', ');
  return (
    <div className="admin-release-failures">
      <div
        className="admin-release-bar"
        role="meter"
        aria-label={`Load-failure rate of ${release.remote} ${release.version}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-valuetext={`${pct}% of ${release.sessions} sessions`}
      >
        <span
          className={
            over ? 'admin-release-bar__fill admin-release-bar__fill--over' : 'admin-release-bar__fill'
          }
          style={{ width: `${Math.min(100, pct)}%` }}
        />
        <span className="admin-release-bar__mark" style={{ left: `${threshold * 100}%` }} />
      </div>
      <span className="wf-muted" data-testid="release-failure-rate">
        {pct}% ({release.failed_sessions}/{release.sessions} sessions){phases ? ` · ${phases}` : ''}
      </span>
    </div>
  );
}
