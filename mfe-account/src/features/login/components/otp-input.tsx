import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { pastedDigits } from '../utils/login-rules';

interface Props { digits: string[]; onChange: (digits: string[]) => void; disabled?: boolean }

/** Six single-digit boxes: digits only, focus forward, Backspace/arrows move, paste keeps up to 6. */
export function OtpInput({ digits, onChange, disabled }: Props) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (i: number) => refs.current[Math.max(0, Math.min(5, i))]?.focus();

  const setAt = (i: number, value: string) => {
    const next = [...digits];
    next[i] = value;
    onChange(next);
  };

  const onInput = (i: number, raw: string) => {
    const d = raw.replace(/\D/g, '').slice(-1);
    if (!d) return;
    setAt(i, d);
    if (i < 5) focus(i + 1);
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace') {
      if (digits[i]) setAt(i, '');
      else if (i > 0) { e.preventDefault(); setAt(i - 1, ''); focus(i - 1); }
    } else if (e.key === 'ArrowLeft') { e.preventDefault(); focus(i - 1); }
    else if (e.key === 'ArrowRight') { e.preventDefault(); focus(i + 1); }
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const pasted = pastedDigits(e.clipboardData.getData('text'));
    if (!pasted.length) return;
    onChange(Array.from({ length: 6 }, (_, k) => pasted[k] ?? ''));
    focus(pasted.length >= 6 ? 5 : pasted.length);
  };

  return (
    <div className="account-otp" role="group" aria-label="Verification code">
      {Array.from({ length: 6 }, (_, i) => (
        <input
          key={i}
          ref={(el) => { refs.current[i] = el; }}
          className="wf-input account-otp__box"
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          maxLength={1}
          aria-label={`Digit ${i + 1}`}
          value={digits[i] ?? ''}
          disabled={disabled}
          onChange={(e) => onInput(i, e.target.value)}
          onKeyDown={(e) => onKeyDown(i, e)}
          onPaste={onPaste}
        />
      ))}
    </div>
  );
}
