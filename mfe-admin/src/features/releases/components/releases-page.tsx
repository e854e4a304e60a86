import { useState } from 'react';
import { ErrorBox, InfoBox, Loading, usePageMeta } from '@wayfarer/ui';
import { describeError } from '../../../lib/admin-request';
import { useAdminQuery } from '../../../lib/use-admin-query';
import { adminReleasesKeys } from '../api/keys';
import { getReleases } from '../api/releases-api';
import { useReleaseAction, type ReleaseAction } from '../api/releases-queries';
import { RemoteReleases } from './remote-releases';

const DONE: Record<ReleaseAction['kind'], string> = {
  promote: 'promoted',
  rollback: 'rolled back',
  canary: 'canary started',
  'stop-canary': 'canary stopped',
};

/** Releases (issue #21): each remote's versions, checks, sessions and failure rates; promote, roll back, canary. */
export function ReleasesPage() {
  usePageMeta({ title: 'Releases', noindex: true });
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
        `${a.remote}: ${DONE[a.kind]}. New sessions get ${r.active_version ?? 'the current build'}${
          r.canary_version ? ` (${r.canary_version} on ${r.canary_percent}%)` : ''
        }; open tabs keep their version until they reload.`,
      );
    } catch (err) {
      setActionError(describeError(err, 'The release action failed'));
    }
  }

  return (
    <>
      <header className="admin-head">
        <h1>Releases</h1>
        <button
          type="button"
          className="wf-btn wf-btn--sm wf-btn--ghost"
          onClick={() => void reload()}
          disabled={loading}
        >
          Reload
        </button>
      </header>
      {data ? (
        <p className="wf-muted">
          A canary is rolled back automatically when more than{' '}
          {Math.round(data.canary_max_failure_rate * 100)}% of its sessions (at least{' '}
          {data.canary_min_sessions}) report a load failure.
        </p>
      ) : null}
      <ErrorBox>{error ?? actionError}</ErrorBox>
      <InfoBox>{notice}</InfoBox>
      {loading && !data ? <Loading message="Loading releases…" /> : null}
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
