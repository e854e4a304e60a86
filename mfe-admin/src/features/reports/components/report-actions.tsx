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
  return (
    <div className="admin-toolbar" role="group" aria-label="Resolve the report">
      <button type="button" className="wf-btn wf-btn--sm" onClick={onFix} disabled={busy}>
        Fix text
      </button>
      <button
        type="button"
        className="wf-btn wf-btn--sm"
        onClick={() => onAction('regenerate')}
        disabled={busy}
      >
        Regenerate
      </button>
      <button
        type="button"
        className="wf-btn wf-btn--sm wf-btn--danger"
        onClick={() => onAction('hide')}
        disabled={busy}
      >
        Hide station
      </button>
      <button
        type="button"
        className="wf-btn wf-btn--sm wf-btn--ghost"
        onClick={() => onAction('dismiss')}
        disabled={busy}
      >
        Dismiss
      </button>
    </div>
  );
}
