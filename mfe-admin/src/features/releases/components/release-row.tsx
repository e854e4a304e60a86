import { ConfirmButton } from '../../../components/confirm-button';
import type { Release } from '../api/releases-api';
import type { ReleaseAction } from '../api/releases-queries';
import { FailureBar } from './failure-bar';
import { CheckIcon, XIcon } from '@wayfarer/ui/icons';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';
import { useAdminFormat } from '../../../lib/use-admin-format';

/**
 * One published version: the server's contract check of its manifest (when it ran, and why it failed), sessions and
 * failures, and what an admin can do with it. Promote and canary make the server check the manifest again, so a
 * version not checked yet may be tried; one whose check failed may not.
 */
export function ReleaseRow(props: {
  release: Release;
  threshold: number;
  canaryPercent: number;
  busy: boolean;
  onAction: (a: ReleaseAction) => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const { num, pct, when } = useAdminFormat();
  const percent = pct(props.canaryPercent / 100);
  const { release: r, busy, onAction } = props;
  const checked = r.check_ok === true;
  const canTry = r.check_ok !== false;
  const checkedAt = r.checked_at ? (
    <span className="wf-muted" data-testid="release-checked-at">
      {' '}
      {t('releases.checkedByServer', { when: when(r.checked_at) })}
    </span>
  ) : null;
  return (
    <tr data-testid={`release-${r.remote}-${r.version}`}>
      <th scope="row">{r.version}</th>
      <td>
        <span className={`wf-badge admin-release-status--${r.status}`}>
          {t(`releases.statuses.${r.status}`)}
        </span>
      </td>
      <td>
        {r.check_ok === null ? (
          <details>
            <summary className="wf-muted">{t('releases.notChecked')}</summary>
            <p className="wf-muted">{t('releases.notCheckedHint')}</p>
            {r.check_problems.length ? (
              <ul>
                {r.check_problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            ) : null}
          </details>
        ) : checked ? (
          <span>
            <CheckIcon aria-hidden="true" className="wf-icon" /> <span>{t('releases.passed')}</span>
            {checkedAt}
          </span>
        ) : (
          <details>
            <summary>
              <XIcon aria-hidden="true" className="wf-icon" /> <span>{t('releases.failed')}</span>
              {checkedAt}
            </summary>
            <ul>
              {r.check_problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </details>
        )}
      </td>
      <td>{num(r.sessions)}</td>
      <td>
        <FailureBar release={r} threshold={props.threshold} />
      </td>
      <td className="admin-toolbar">
        {r.status !== 'active' ? (
          <ConfirmButton
            label={t('releases.promote')}
            confirmLabel={t('releases.yesPromote')}
            question={t('releases.promoteQuestion', { remote: r.remote, version: r.version })}
            disabled={busy || !canTry}
            onConfirm={() => onAction({ kind: 'promote', remote: r.remote, version: r.version })}
          />
        ) : null}
        {r.status !== 'active' && r.status !== 'canary' ? (
          <ConfirmButton
            label={t('releases.canaryN', { percent })}
            confirmLabel={t('releases.yesStart')}
            question={t('releases.canaryQuestion', { remote: r.remote, version: r.version, percent })}
            disabled={busy || !canTry}
            onConfirm={() =>
              onAction({ kind: 'canary', remote: r.remote, version: r.version, percent: props.canaryPercent })
            }
          />
        ) : null}
        {r.status === 'rolled-back' || r.status === 'available' ? (
          <ConfirmButton
            label={t('releases.rollBackTo')}
            confirmLabel={t('releases.yesRollBack')}
            question={t('releases.rollBackToQuestion', { remote: r.remote, version: r.version })}
            disabled={busy || !checked}
            onConfirm={() => onAction({ kind: 'rollback', remote: r.remote, version: r.version })}
          />
        ) : null}
      </td>
    </tr>
  );
}
