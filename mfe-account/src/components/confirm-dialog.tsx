import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '@wayfarer/i18n';
import { ACCOUNT_NS } from '../i18n';

interface Props {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  /** Disables the confirm button (the body explains why). */
  confirmDisabled?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal confirmation: focus moves into it, Tab stays inside, Escape cancels, and focus returns to the element
 * that opened it.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  busy,
  confirmDisabled,
  danger,
  onConfirm,
  onCancel,
}: Props) {
  const { t } = useTranslation(ACCOUNT_NS);
  const titleId = useId();
  const bodyId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const cancelRef = useRef(onCancel);
  cancelRef.current = onCancel;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    // The confirm button, or (when it is disabled) the first enabled control, so Escape and Tab work at once.
    const first =
      ref.current?.querySelector<HTMLElement>('[data-autofocus]') ??
      ref.current?.querySelector<HTMLElement>('button:not([disabled])');
    first?.focus();
    return () => opener?.focus?.();
  }, []);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      if (!busy) cancelRef.current();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = [
      ...ref.current.querySelectorAll<HTMLElement>(
        'button:not([disabled]), a[href], input:not([disabled]), select, textarea',
      ),
    ];
    if (!items.length) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="acc-modal" role="presentation" onKeyDown={onKeyDown}>
      <div
        ref={ref}
        className="wf-card acc-modal__card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
      >
        <h2 id={titleId}>{title}</h2>
        <div id={bodyId} className="acc-modal__body">
          {children}
        </div>
        <div className="acc-actions">
          <button
            type="button"
            className={`wf-btn${danger ? ' wf-btn--danger' : ''}`}
            onClick={onConfirm}
            disabled={busy || confirmDisabled}
            data-autofocus={confirmDisabled ? undefined : true}
          >
            {busy ? t('common.working') : confirmLabel}
          </button>
          <button type="button" className="wf-btn wf-btn--ghost" onClick={onCancel} disabled={busy}>
            {cancelLabel ?? t('common.cancel')}
          </button>
        </div>
      </div>
    </div>
  );
}
