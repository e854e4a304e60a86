import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';

/** The actions that resolve an open report: fix the text, regenerate, hide the station, or dismiss. */
export function ReportActions({
  busy,
  onFix,
  onAction,
}: {
  busy: boolean;
  onFix: () => void;
  onAction: (kind: 'regenerate' | 'hide' | 'dismiss') => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <div className="admin-toolbar" role="group" aria-label={t('reports.resolve')}>
      <button type="button" className="wf-btn wf-btn--sm" onClick={onFix} disabled={busy}>
        {t('reports.fixText')}
      </button>
      <button
        type="button"
        className="wf-btn wf-btn--sm"
        onClick={() => onAction('regenerate')}
        disabled={busy}
      >
        {t('reports.regenerate')}
      </button>
      <button
        type="button"
        className="wf-btn wf-btn--sm wf-btn--danger"
        onClick={() => onAction('hide')}
        disabled={busy}
      >
        {t('reports.hideStation')}
      </button>
      <button
        type="button"
        className="wf-btn wf-btn--sm wf-btn--ghost"
        onClick={() => onAction('dismiss')}
        disabled={busy}
      >
        {t('common.dismiss')}
      </button>
    </div>
  );
}
