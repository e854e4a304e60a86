import { useState } from 'react';
import { ErrorBox, InfoBox, Loading, usePageMeta } from '@wayfarer/ui';
import { describeError } from '../../../lib/admin-request';
import { useAdminQuery } from '../../../lib/use-admin-query';
import { adminReleasesKeys } from '../api/keys';
import { getReleases } from '../api/releases-api';
import { useReleaseAction, type ReleaseAction } from '../api/releases-queries';
import { RemoteReleases } from './remote-releases';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';
import { useErrorText } from '../../../lib/use-error-text';
import { useAdminFormat } from '../../../lib/use-admin-format';

/** Releases: each remote's versions, checks, sessions and failure rates; promote, roll back, canary. */
export function ReleasesPage() {
  const { t } = useTranslation(ADMIN_NS);
  const errorText = useErrorText();
  const { pct } = useAdminFormat();
  usePageMeta({ title: t('releases.title'), noindex: true });
  const { data, loading, error, reload } = useAdminQuery(
    adminReleasesKeys.all,
    getReleases,
    'Failed to load releases',
  );
  const action = useReleaseAction();
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function act(a: ReleaseAction) {
    setActionError(null);
    setNotice(null);
    try {
      const r = await action.mutateAsync(a);
      setNotice(
        t('releases.notice', {
          remote: a.remote,
          done: t(`releases.done.${a.kind}`),
          version: r.active_version ?? t('releases.currentBuild'),
          canary: r.canary_version
            ? t('releases.noticeCanary', { version: r.canary_version, percent: pct(r.canary_percent / 100) })
            : '',
        }),
      );
    } catch (err) {
      setActionError(describeError(err, 'The release action failed'));
    }
  }

  return (
    <>
      <header className="admin-head">
        <h1>{t('releases.title')}</h1>
        <button
          type="button"
          className="wf-btn wf-btn--sm wf-btn--ghost"
          onClick={() => void reload()}
          disabled={loading}
        >
          {t('common.reload')}
        </button>
      </header>
      {data ? (
        <p className="wf-muted">
          {t('releases.autoRollback', {
            percent: pct(data.canary_max_failure_rate),
            min: data.canary_min_sessions,
          })}
        </p>
      ) : null}
      <ErrorBox>{errorText(error ?? actionError)}</ErrorBox>
      <InfoBox>{notice}</InfoBox>
      {loading && !data ? <Loading message={t('releases.loading')} /> : null}
      {data?.remotes.map((ro) => (
        <RemoteReleases
          key={ro.remote}
          rollout={ro}
          threshold={data.canary_max_failure_rate}
          busy={action.isPending}
          onAction={(a) => void act(a)}
        />
      ))}
    </>
  );
}
