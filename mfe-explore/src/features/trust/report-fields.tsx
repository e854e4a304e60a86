import { useId, type Ref } from 'react';
import { REPORT_NOTE_MAX, REPORT_REASONS, type ReportReason } from '@wayfarer/contracts/browser';
import { useFormat, useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../i18n';

/** The report form's fields: the reason (one of the four) and the optional note with its count. */
export function ReportFields({
  stationId,
  reason,
  note,
  onReason,
  onNote,
  firstRef,
  describedBy,
}: {
  stationId: string;
  reason: ReportReason | null;
  note: string;
  onReason: (r: ReportReason) => void;
  onNote: (note: string) => void;
  /** The first reason's radio button, focused when the dialog opens or no reason was chosen. */
  firstRef: Ref<HTMLInputElement>;
  /** The id of the message about the reason, while one is shown. */
  describedBy: string | undefined;
}) {
  const { t } = useTranslation(EXPLORE_NS);
  const { number } = useFormat();
  const noteId = useId();
  return (
    <>
      <fieldset className="explore-report__reasons" aria-describedby={describedBy}>
        <legend>{t('trust.whatIsWrong')}</legend>
        {REPORT_REASONS.map((r, i) => (
          <label key={r} className="explore-report__reason">
            <input
              ref={i === 0 ? firstRef : undefined}
              type="radio"
              name={`reason-${stationId}`}
              value={r}
              checked={reason === r}
              onChange={() => onReason(r)}
            />{' '}
            {t(`trust.reasons.${r}`)}
          </label>
        ))}
      </fieldset>
      <label htmlFor={noteId}>{t('trust.note')}</label>
      <textarea
        id={noteId}
        className="wf-input"
        rows={3}
        maxLength={REPORT_NOTE_MAX}
        value={note}
        onChange={(e) => onNote(e.target.value)}
        aria-describedby={`${noteId}-count`}
      />
      <span id={`${noteId}-count`} className="wf-muted explore-report__count">
        {number(note.length)}/{number(REPORT_NOTE_MAX)}
      </span>
    </>
  );
}
