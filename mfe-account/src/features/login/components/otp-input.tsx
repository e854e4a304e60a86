import { useEffect, useRef, type ChangeEvent, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '@wayfarer/i18n';
import { ACCOUNT_NS } from '../../../i18n';
import { insertedText, pastedDigits } from '../utils/login-rules';

interface Props {
  digits: string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
  /** Receives what focusing the field means (the first empty box): react-hook-form's field ref. */
  fieldRef?: (target: { focus: () => void } | null) => void;
  /** `aria-invalid` / `aria-describedby` for every box when the shown message is about the code. */
  marking?: { 'aria-invalid'?: true; 'aria-describedby'?: string };
}

/**
 * Six single-digit boxes: digits only, focus forward, Backspace/arrows move, paste keeps up to 6.
 * The boxes have no maxLength: a phone's one-time-code autofill, or a paste through an input method, delivers the
 * whole code as one input event into the focused box, and a maxLength of 1 would keep only its first digit. Such
 * an event fills the boxes the way a paste does.
 */
export function OtpInput({ digits, onChange, disabled, fieldRef, marking }: Props) {
  const { t } = useTranslation(ACCOUNT_NS);
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (i: number) => refs.current[Math.max(0, Math.min(5, i))]?.focus();
  const digitsRef = useRef(digits);
  digitsRef.current = digits;
  useEffect(() => {
    fieldRef?.({
      focus: () =>
        focus(
          Math.max(
            0,
            Array.from({ length: 6 }, (_, k) => digitsRef.current[k] ?? '').findIndex((d) => !d),
          ),
        ),
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- registered once; reads the current digits
  }, []);

  const setAt = (i: number, value: string) => {
    const next = [...digits];
    next[i] = value;
    onChange(next);
  };

  /** Up to six digits into the boxes from the first, focus after the last (or on the last box when full). */
  const fill = (text: string) => {
    const d = pastedDigits(text);
    if (!d.length) return;
    onChange(Array.from({ length: 6 }, (_, k) => d[k] ?? ''));
    focus(d.length >= 6 ? 5 : d.length);
  };

  const onInput = (i: number, e: ChangeEvent<HTMLInputElement>) => {
    const text = insertedText(e.target.value, digits[i] ?? '', (e.nativeEvent as Partial<InputEvent>).data);
    const d = pastedDigits(text);
    if (d.length > 1) {
      fill(text);
      return;
    }
    if (!d[0]) return;
    setAt(i, d[0]);
    if (i < 5) focus(i + 1);
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace') {
      if (digits[i]) setAt(i, '');
      else if (i > 0) {
        e.preventDefault();
        setAt(i - 1, '');
        focus(i - 1);
      }
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      focus(i - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      focus(i + 1);
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    fill(e.clipboardData.getData('text'));
  };

  return (
    <div className="account-otp" role="group" aria-label={t('otp.group')}>
      {Array.from({ length: 6 }, (_, i) => (
        <input
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          className="wf-input account-otp__box"
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          aria-label={t('otp.digit', { n: i + 1 })}
          value={digits[i] ?? ''}
          disabled={disabled}
          onChange={(e) => onInput(i, e)}
          onKeyDown={(e) => onKeyDown(i, e)}
          onPaste={onPaste}
          {...marking}
        />
      ))}
    </div>
  );
}
