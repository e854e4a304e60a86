import { useState } from 'react';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../i18n';

/** A destructive action that asks first, inline (no window.confirm, so it is keyboard- and test-friendly). */
export function ConfirmButton(props: {
  label: string;
  confirmLabel?: string;
  question: string;
  onConfirm: () => void | Promise<unknown>;
  disabled?: boolean;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button
        type="button"
        className="wf-btn wf-btn--sm wf-btn--danger"
        onClick={() => setAsking(true)}
        disabled={props.disabled}
      >
        {props.label}
      </button>
    );
  return (
    <span role="group" aria-label={props.question} className="admin-toolbar">
      <span className="wf-muted">{props.question}</span>
      <button
        type="button"
        className="wf-btn wf-btn--sm wf-btn--danger"
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the button that opened the question is gone; focus moves to the answer instead of the page
        autoFocus
        onClick={async () => {
          setAsking(false);
          await props.onConfirm();
        }}
      >
        {props.confirmLabel ?? t('common.yesDelete')}
      </button>
      <button type="button" className="wf-btn wf-btn--sm wf-btn--ghost" onClick={() => setAsking(false)}>
        {t('common.cancel')}
      </button>
    </span>
  );
}
