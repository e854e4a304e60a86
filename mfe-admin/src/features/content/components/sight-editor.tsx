import { useState } from 'react';
import { Link } from '@wayfarer/router';
import { ErrorBox, InfoBox, Loading } from '@wayfarer/ui';
import { describeError } from '../../../lib/admin-request';
import { useSaveStations, useSetSightHidden, useSightForEdit, useUpdateSight } from '../api/content-queries';
import { SightDetailsForm } from './sight-details-form';
import { StationsEditor } from './stations-editor';
import { useTranslation } from '@wayfarer/i18n';
import { Trans } from '@wayfarer/i18n/trans';
import { ADMIN_NS } from '../../../i18n';
import { useErrorText } from '../../../lib/use-error-text';
import { useAdminFormat } from '../../../lib/use-admin-format';

/** One sight in the content editor: visibility, details and stations, one busy flag, error and notice for all. */
export function SightEditor({ id }: { id: string }) {
  const { t } = useTranslation(ADMIN_NS);
  const errorText = useErrorText();
  const { num } = useAdminFormat();
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

  if (q.isPending) return <Loading message={t('content.editor.loading')} />;
  if (!q.data) return <ErrorBox>{errorText(describeError(q.error, 'Failed to load sight.'))}</ErrorBox>;
  const { sight, stations } = q.data;
  const merged = sight.merged_into;

  return (
    <div
      className="wf-card admin-panel"
      role="region"
      aria-label={t('content.editor.editNamed', { name: sight.name })}
      data-testid="sight-editor"
    >
      <div className="admin-panel__head">
        <h2>
          {sight.name || t('content.editor.unnamed')}{' '}
          {sight.hidden ? (
            <span className="wf-badge admin-badge--draft">{t('content.editor.hiddenBadge')}</span>
          ) : null}
        </h2>
        <div className="admin-toolbar">
          {sight.hidden ? null : (
            <Link to={`/explore/${encodeURIComponent(sight.id)}`}>{t('content.editor.openOnSite')}</Link>
          )}
          <button
            type="button"
            className="wf-btn wf-btn--sm"
            disabled={busy || Boolean(merged)}
            onClick={() =>
              void act(
                'Could not update visibility',
                t(sight.hidden ? 'content.editor.visibleAgain' : 'content.editor.hiddenDone'),
                async () => {
                  await hide.mutateAsync({ id: sight.id, hidden: !sight.hidden });
                },
              )
            }
          >
            {t(sight.hidden ? 'content.editor.unhide' : 'content.editor.hide')}
          </button>
        </div>
      </div>
      <p className="wf-muted" style={{ marginTop: 0, fontSize: '0.85rem' }}>
        {[sight.city, sight.country].filter(Boolean).join(', ') || t('content.editor.noPlace')} ·{' '}
        <Trans
          t={t}
          i18nKey="content.editor.facts"
          values={{ comments: num(sight.comments_count), photos: num(sight.images_count), id: sight.id }}
          components={{ 1: <code /> }}
        />
        {merged ? (
          <>
            {' '}
            ·{' '}
            <Trans
              t={t}
              i18nKey="content.editor.mergedInto"
              values={{ id: merged }}
              components={{ 1: <code /> }}
            />
          </>
        ) : null}
      </p>
      <ErrorBox>{errorText(error)}</ErrorBox>
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
