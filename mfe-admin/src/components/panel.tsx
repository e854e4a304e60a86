import type { ReactNode } from 'react';
import { ErrorBox, Skeleton } from '@wayfarer/ui';
import { MinusIcon, TrendingDownIcon, TrendingUpIcon } from '@wayfarer/ui/icons';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../i18n';
import { useAdminFormat } from '../lib/use-admin-format';
import { useErrorText } from '../lib/use-error-text';

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
  const { t } = useTranslation(ADMIN_NS);
  const errorText = useErrorText();
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
          <strong>{errorText(errorTitle)}</strong>
          {error !== errorTitle ? <div>{errorText(error)}</div> : null}
          {onRetry ? (
            <button
              type="button"
              className="wf-btn wf-btn--sm wf-btn--ghost"
              onClick={onRetry}
              style={{ marginTop: '0.4rem' }}
            >
              {t('common.tryAgain')}
            </button>
          ) : null}
        </ErrorBox>
      ) : loading ? (
        <div aria-label={t('common.loadingSection', { title })}>
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

export function Growth({ value }: { value: number }) {
  const cls = value > 0 ? 'admin-up' : value < 0 ? 'admin-down' : '';
  const Icon = value > 0 ? TrendingUpIcon : value < 0 ? TrendingDownIcon : MinusIcon;
  const { t } = useTranslation(ADMIN_NS);
  const { pct } = useAdminFormat();
  const label = t(value > 0 ? 'common.trendUp' : value < 0 ? 'common.trendDown' : 'common.trendNone');
  return (
    <span className={cls}>
      <Icon role="img" aria-label={label} className="wf-icon" /> {pct(Math.abs(value) / 100, 2)}
    </span>
  );
}
