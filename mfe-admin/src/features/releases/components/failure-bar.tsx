import type { Release } from '../api/releases-api';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';
import { useAdminFormat } from '../../../lib/use-admin-format';

/** A version's load-failure rate as a bar against the canary threshold (the mark), with the numbers beside it. */
export function FailureBar({ release, threshold }: { release: Release; threshold: number }) {
  const { t } = useTranslation(ADMIN_NS);
  const f = useAdminFormat();
  const pct = Math.round(release.failure_rate * 1000) / 10;
  const rate = f.pct(release.failure_rate, 1);
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
        aria-label={t('releases.failureRate', { remote: release.remote, version: release.version })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-valuetext={t('releases.rateOf', { rate, sessions: f.num(release.sessions) })}
      >
        <span
          className={
            over ? 'admin-release-bar__fill admin-release-bar__fill--over' : 'admin-release-bar__fill'
          }
          style={{ width: `${Math.min(100, pct)}%` }}
        />
        <span className="admin-release-bar__mark" style={{ insetInlineStart: `${threshold * 100}%` }} />
      </div>
      <span className="wf-muted" data-testid="release-failure-rate">
        {t('releases.rateText', {
          rate,
          failed: f.num(release.failed_sessions),
          sessions: f.num(release.sessions),
        })}
        {phases ? ` · ${phases}` : ''}
      </span>
    </div>
  );
}
