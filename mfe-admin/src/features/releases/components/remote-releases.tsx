import { useId, useState } from 'react';
import { ConfirmButton } from '../../../components/confirm-button';
import type { RemoteRollout } from '../api/releases-api';
import type { ReleaseAction } from '../api/releases-queries';
import { ReleaseRow } from './release-row';
import { useTranslation } from '@wayfarer/i18n';
import { Trans } from '@wayfarer/i18n/trans';
import { ADMIN_NS } from '../../../i18n';
import { useAdminFormat } from '../../../lib/use-admin-format';

/** One remote: what new sessions get (active version, canary), and its published versions. */
export function RemoteReleases(props: {
  rollout: RemoteRollout;
  threshold: number;
  busy: boolean;
  onAction: (a: ReleaseAction) => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const { pct } = useAdminFormat();
  const { rollout: ro, busy, onAction } = props;
  const [percent, setPercent] = useState(50);
  const percentId = useId();
  return (
    <section className="wf-card admin-releases-remote" aria-labelledby={`${percentId}-title`}>
      <header className="admin-head">
        <h2 id={`${percentId}-title`}>{ro.remote}</h2>
        <p className="wf-muted" data-testid={`rollout-${ro.remote}`}>
          <Trans
            t={t}
            i18nKey="releases.newSessionsGet"
            values={{ version: ro.active_version ?? t('releases.currentBuild') }}
            components={{ 1: <strong /> }}
          />
          {ro.canary_version ? (
            <Trans
              t={t}
              i18nKey="releases.andCanary"
              values={{ version: ro.canary_version, percent: pct(ro.canary_percent / 100) }}
              components={{ 1: <strong /> }}
            />
          ) : null}
        </p>
        <div className="admin-toolbar">
          {ro.canary_version ? (
            <ConfirmButton
              label={t('releases.stopCanary')}
              confirmLabel={t('releases.yesStop')}
              question={t('releases.stopQuestion', {
                version: ro.canary_version,
                percent: pct(ro.canary_percent / 100),
              })}
              disabled={busy}
              onConfirm={() => onAction({ kind: 'stop-canary', remote: ro.remote })}
            />
          ) : null}
          {ro.active_version || ro.canary_version ? (
            <ConfirmButton
              label={t('releases.rollBack')}
              confirmLabel={t('releases.yesRollBack')}
              question={t('releases.rollBackQuestion', { remote: ro.remote })}
              disabled={busy}
              onConfirm={() => onAction({ kind: 'rollback', remote: ro.remote, version: null })}
            />
          ) : null}
          <label htmlFor={percentId}>{t('releases.share')}</label>
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
              <th scope="col">{t('releases.version')}</th>
              <th scope="col">{t('releases.status')}</th>
              <th scope="col">{t('releases.check')}</th>
              <th scope="col">{t('releases.sessions')}</th>
              <th scope="col">{t('releases.failures')}</th>
              <th scope="col">{t('releases.actions')}</th>
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
        <p className="wf-muted">{t('releases.noVersions', { url: ro.default_url })}</p>
      )}
    </section>
  );
}
