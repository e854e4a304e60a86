import type { ReactNode } from 'react';
import { ErrorBox, Skeleton } from '@wayfarer/ui';
import { MinusIcon, TrendingDownIcon, TrendingUpIcon } from '@wayfarer/ui/icons';

/** A dashboard panel that loads and fails on its own: skeleton, error with detail and retry, or content. */
export function Panel(props: {
  title: string;
  headingId: string;
  loading: boolean;
  error: string | null;
  errorTitle: string;
  onRetry?: () => void;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const { title, headingId, loading, error, errorTitle, onRetry, actions, children, testId } = props;
  return (
    <section
      className="wf-card admin-panel"
      aria-labelledby={headingId}
      aria-busy={loading}
      data-testid={testId}
    >
      <div className="admin-panel__head">
        <h2 id={headingId}>{title}</h2>
        {actions}
      </div>
      {error ? (
        <ErrorBox>
          <strong>{errorTitle}</strong>
          {error !== errorTitle ? <div>{error}</div> : null}
          {onRetry ? (
            <button
              type="button"
              className="wf-btn wf-btn--sm wf-btn--ghost"
              onClick={onRetry}
              style={{ marginTop: '0.4rem' }}
            >
              Try again
            </button>
          ) : null}
        </ErrorBox>
      ) : loading ? (
        <div aria-label={`Loading ${title.toLowerCase()}`}>
          <Skeleton height={18} />
          <div style={{ height: 8 }} />
          <Skeleton height={180} />
        </div>
      ) : (
        children
      )}
    </section>
  );
}

/** A small segmented control (radio-like buttons with aria-pressed). */
export function Segmented<T extends string>(props: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (v: T) => void;
}) {
  return (
    <div className="admin-seg" role="group" aria-label={props.label}>
      {props.options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={props.value === o.value}
          onClick={() => props.onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

export function StatCard({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="wf-card admin-stat" data-testid={testId}>
      <div className="admin-stat__label">{label}</div>
      <div className="admin-stat__value">{value}</div>
      {hint ? <div className="admin-stat__hint">{hint}</div> : null}
    </div>
  );
}

export const fmtNumber = (n: number) =>
  new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 }).format(n);
export const fmtMoney = (n: number) =>
  new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
export function fmtDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}
export function Growth({ value }: { value: number }) {
  const cls = value > 0 ? 'admin-up' : value < 0 ? 'admin-down' : '';
  const Icon = value > 0 ? TrendingUpIcon : value < 0 ? TrendingDownIcon : MinusIcon;
  const label = value > 0 ? 'Up' : value < 0 ? 'Down' : 'No change';
  return (
    <span className={cls}>
      <Icon role="img" aria-label={label} className="wf-icon" /> {fmtNumber(Math.abs(value))}%
    </span>
  );
}
