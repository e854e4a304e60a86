import { useEffect, useState } from 'react';
import { PENDING_EVENT } from '@wayfarer/ui';
import { useTranslation } from '@wayfarer/i18n';
import { SHELL_NS } from '../../i18n';
import './navigation-progress.css';

/** How many downloads the screen waits for (remotes, pages), from the PENDING_EVENTs the shell and remotes send. */
export function usePendingCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const onPending = (e: Event) => {
      const delta = (e as CustomEvent<number>).detail;
      if (delta === 1 || delta === -1) setCount((c) => Math.max(0, c + delta));
    };
    window.addEventListener(PENDING_EVENT, onPending);
    return () => window.removeEventListener(PENDING_EVENT, onPending);
  }, []);
  return count;
}

/**
 * A thin bar along the top of the window while a navigation waits for code (the previous page stays on screen:
 * navigations are transitions). It fades in only after a short delay (CSS), so fast switches show nothing.
 */
export function NavigationProgress() {
  const { t } = useTranslation(SHELL_NS);
  const pending = usePendingCount() > 0;
  if (!pending) return null;
  return (
    <div
      className="wf-nav-progress"
      role="progressbar"
      aria-label={t('app.loadingPage')}
      aria-busy="true"
      data-testid="navigation-pending"
    />
  );
}
