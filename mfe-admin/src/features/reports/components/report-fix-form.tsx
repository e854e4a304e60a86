import { useId, useState, type FormEvent } from 'react';
import type { AdminReportFixInput, AdminStationReport } from '@wayfarer/contracts';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';

/** The form that fixes a reported station's text; the station is narrated again once it is saved. */
export function ReportFixForm({
  station,
  busy,
  onSave,
  onCancel,
  onInvalid,
}: {
  station: AdminStationReport['station'];
  busy: boolean;
  onSave: (input: AdminReportFixInput) => void;
  onCancel: () => void;
  onInvalid: (message: string) => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const titleId = useId();
  const textId = useId();
  const [title, setTitle] = useState(station.title);
  const [text, setText] = useState(station.text);
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) {
      onInvalid(t('errors.stationText'));
      return;
    }
    onSave({ title: title.trim() || undefined, text });
  };
  return (
    <form onSubmit={save} className="admin-form" aria-label={t('reports.fixForm')}>
      <label htmlFor={titleId}>{t('reports.fixTitle')}</label>
      <input
        id={titleId}
        className="wf-input"
        value={title}
        maxLength={200}
        onChange={(e) => setTitle(e.target.value)}
      />
      <label htmlFor={textId}>{t('reports.stationText')}</label>
      <textarea
        id={textId}
        className="wf-input"
        rows={6}
        maxLength={5000}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="admin-toolbar">
        <button type="submit" className="wf-btn wf-btn--primary wf-btn--sm" disabled={busy}>
          {t(busy ? 'reports.saving' : 'reports.saveAndNarrate')}
        </button>
        <button type="button" className="wf-btn wf-btn--ghost wf-btn--sm" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
