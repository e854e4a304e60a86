import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ReportReason } from '@wayfarer/contracts/browser';
import { useCurrentUser } from '@wayfarer/session';
import { useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../i18n';
import { useReportStation } from './api/trust-queries';
import { isGuideStation, type ReportableStation } from './guide-station';
import { ReportFields } from './report-fields';
import './trust.css';

interface Props {
  sightId: string;
  station: ReportableStation | undefined;
  /** The station's number as the player shows it (1-based). */
  number: number;
}

/**
 * 'Report a problem' under the player's station, for signed-in listeners on their own guide's
 * stations: a reason (inaccurate, offensive, audio broken, other) and an optional note. The form is a labelled
 * dialog: focus moves to the first reason, Escape closes it and focus returns to the button.
 */
export function ReportProblem(props: Props) {
  const me = useCurrentUser();
  if (!me || !isGuideStation(props.station)) return null;
  return <ReportProblemForm key={props.station.id} {...props} station={props.station} />;
}

function ReportProblemForm({ sightId, station, number }: Props & { station: ReportableStation }) {
  const { t } = useTranslation(EXPLORE_NS);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const report = useReportStation(sightId);
  const titleId = useId();
  const errorId = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const first = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) first.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    setError(null);
    // After the dialog is gone, so the button exists again.
    setTimeout(() => opener.current?.focus(), 0);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!reason) {
      setError(t('trust.chooseReason'));
      first.current?.focus();
      return;
    }
    try {
      const res = await report.mutateAsync({ stationId: station.id, input: { reason, note } });
      setSent(res.message);
      setOpen(false);
      setReason(null);
      setNote('');
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : t('trust.sendFailed'));
    }
  };

  if (!open)
    return (
      <div className="explore-report">
        <button
          ref={opener}
          type="button"
          className="wf-btn wf-btn--ghost wf-btn--sm"
          onClick={() => {
            setSent(null);
            setOpen(true);
          }}
          aria-haspopup="dialog"
        >
          {t('trust.report')}
        </button>
        {sent && (
          <p className="wf-muted" role="status" data-testid="report-sent">
            {sent}
          </p>
        )}
      </div>
    );

  return (
    // Keys pressed inside the form must not drive the player (space, arrows).
    <div
      className="explore-report"
      role="presentation"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !report.isPending) close();
        e.stopPropagation();
      }}
    >
      <form
        className="wf-card explore-report__dialog"
        role="dialog"
        aria-labelledby={titleId}
        onSubmit={submit}
        noValidate
        data-testid="report-dialog"
      >
        <h3 id={titleId} className="explore-report__title">
          {t('trust.dialogTitle', { n: number })}
        </h3>
        <ReportFields
          stationId={station.id}
          reason={reason}
          note={note}
          onReason={setReason}
          onNote={setNote}
          firstRef={first}
          describedBy={error ? errorId : undefined}
        />
        {error && (
          <p id={errorId} className="wf-alert wf-alert--error" role="alert">
            {error}
          </p>
        )}
        <div className="explore-report__actions">
          <button
            type="submit"
            className="wf-btn wf-btn--primary"
            disabled={report.isPending}
            aria-busy={report.isPending}
          >
            {report.isPending ? t('trust.sending') : t('trust.send')}
          </button>
          <button type="button" className="wf-btn wf-btn--ghost" onClick={close} disabled={report.isPending}>
            {t('trust.cancel')}
          </button>
        </div>
      </form>
    </div>
  );
}
