import type { ReactNode } from 'react';
import { useCommonText } from './common-text';

export function Spinner({ label }: { label?: string }) {
  const t = useCommonText();
  return <span className="wf-spinner" role="progressbar" aria-label={label ?? t('loading_label')} />;
}

/** A centred loading state with a visible message (default: 'Loading…' in the page's language). */
export function Loading({ message: given }: { message?: string }) {
  const t = useCommonText();
  const message = given ?? t('loading');
  return (
    <div className="wf-loading" role="status" aria-live="polite">
      <Spinner label={message} />
      <span>{message}</span>
    </div>
  );
}

export function ErrorBox({ children, id }: { children: ReactNode; id?: string }) {
  if (!children) return null;
  return (
    <div className="wf-alert wf-alert--error" role="alert" id={id}>
      {children}
    </div>
  );
}

export function InfoBox({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <div className="wf-alert wf-alert--info" role="status" aria-live="polite">
      {children}
    </div>
  );
}

export function ProgressBar({ value, label }: { value: number; label: string }) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      className="wf-progress"
      role="progressbar"
      aria-label={label}
      aria-valuenow={pct}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <span style={{ width: `${pct}%` }} />
    </div>
  );
}

export function Skeleton({
  height = 16,
  width = '100%',
}: {
  height?: number | string;
  width?: number | string;
}) {
  return <div className="wf-skeleton" style={{ height, width }} aria-hidden="true" />;
}

/** `level`: the title's heading level, one below the heading it sits under (2 right under a page's h1). */
export function EmptyState({
  title,
  children,
  level = 3,
}: {
  title: string;
  children?: ReactNode;
  level?: 2 | 3 | 4;
}) {
  const Heading = `h${level}` as const;
  return (
    <div className="wf-card" style={{ textAlign: 'center', padding: '2.5rem 1rem' }}>
      <Heading style={{ margin: '0 0 0.5rem' }}>{title}</Heading>
      {children ? <div className="wf-muted">{children}</div> : null}
    </div>
  );
}
