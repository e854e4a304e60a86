import { useCallback, useEffect, useRef, useState } from 'react';
import { useCommonText } from './common-text';

/**
 * Dispatched on `window` to show a toast: the result of a write that has no other visible answer (saved,
 * deleted, copied, purchase done, upload finished). An event, not shared state: each remote bundles its own copy
 * of this package, and the one <Toaster /> (mounted by the shell, or by a remote's standalone harness) shows them.
 */
export const TOAST_EVENT = 'wf:toast';
export const TOAST_MS = 5000;

export interface ToastDetail {
  message: string;
}

/** Shows a toast, announced to screen readers by the Toaster's live region. */
export function toast(message: string): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<ToastDetail>(TOAST_EVENT, { detail: { message } }));
}

interface Shown extends ToastDetail {
  id: number;
}

/**
 * The toasts of the page in one polite live region that is always in the document (role status), so a screen
 * reader announces each message as it is added; each toast leaves after TOAST_MS or when dismissed. Failures are
 * not toasts: they stay on the page, beside what failed.
 */
export function Toaster() {
  const text = useCommonText();
  const [items, setItems] = useState<Shown[]>([]);
  const seq = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setItems((list) => list.filter((t) => t.id !== id));
  }, []);

  useEffect(() => {
    const live = timers.current;
    const onToast = (e: Event) => {
      const { message } = (e as CustomEvent<ToastDetail>).detail;
      const id = ++seq.current;
      setItems((list) => [...list, { id, message }]);
      live.set(
        id,
        setTimeout(() => dismiss(id), TOAST_MS),
      );
    };
    window.addEventListener(TOAST_EVENT, onToast);
    return () => {
      window.removeEventListener(TOAST_EVENT, onToast);
      for (const t of live.values()) clearTimeout(t);
      live.clear();
    };
  }, [dismiss]);

  return (
    <div className="wf-toasts" role="status" aria-live="polite" data-testid="toasts">
      {items.map((t) => (
        <div key={t.id} className="wf-toast" data-testid="toast">
          <span>{t.message}</span>
          <button
            type="button"
            className="wf-toast__close"
            aria-label={text('dismiss_toast', { message: t.message })}
            onClick={() => dismiss(t.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
