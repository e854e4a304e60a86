import type { ReactNode } from 'react';
import type { ShownError } from '@wayfarer/ui/forms';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../i18n';
import { useErrorText } from '../lib/use-error-text';

/**
 * The end of an admin editor: the one message shown (tied to its marked field by `errorId`), an optional checkbox
 * on the left (published, on sale), Cancel when the editor can be closed, and the submit button.
 */
export function FormFooter(props: {
  shown: ShownError | null;
  errorId: string;
  check?: ReactNode;
  onCancel?: () => void;
  busy: boolean;
  submitLabel: string;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const errorText = useErrorText();
  return (
    <>
      {props.shown ? (
        <p id={props.errorId} role="alert" className="admin-down" style={{ margin: 0 }}>
          {errorText(props.shown.message)}
        </p>
      ) : null}
      <div className="admin-form__actions">
        {props.check ? (
          <label className="admin-check" style={{ marginInlineEnd: 'auto' }}>
            {props.check}
          </label>
        ) : null}
        {props.onCancel ? (
          <button type="button" className="wf-btn wf-btn--ghost" onClick={props.onCancel}>
            {t('common.cancel')}
          </button>
        ) : null}
        <button type="submit" className="wf-btn" disabled={props.busy}>
          {props.submitLabel}
        </button>
      </div>
    </>
  );
}
