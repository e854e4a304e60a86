import { Link } from '@wayfarer/router';
import { EmptyState, Skeleton } from '@wayfarer/ui';
import { ArrowLeftIcon } from '@wayfarer/ui/icons';
import { useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../../i18n';

/** The first load of a sight. */
export function DetailLoading() {
  return (
    <section className="wf-container wf-page explore-detail" aria-busy="true">
      <Skeleton height={280} />
      <Skeleton height={32} width="60%" />
      <Skeleton height={16} width="40%" />
      <Skeleton height={80} />
    </section>
  );
}

export function DetailNotFound({ backTo }: { backTo: string }) {
  const { t } = useTranslation(EXPLORE_NS);
  return (
    <section className="wf-container wf-page explore-detail">
      <EmptyState title={t('detail.notFound')}>
        <p>{t('detail.notFoundText')}</p>
        <Link className="wf-btn" to={backTo}>
          {t('detail.back')}
        </Link>
      </EmptyState>
    </section>
  );
}

/** The spec's error ('Failed to load sight.', in the page's language) with a Retry that loads again. */
export function DetailError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(EXPLORE_NS);
  return (
    <div className="wf-alert wf-alert--error" role="alert">
      {t('detail.loadError')}{' '}
      <button type="button" className="wf-btn" onClick={onRetry}>
        {t('detail.retry')}
      </button>
    </div>
  );
}

/** The sight could not be loaded at all. */
export function DetailFailed({ onRetry, backTo }: { onRetry: () => void; backTo: string }) {
  return (
    <section className="wf-container wf-page explore-detail">
      <DetailError onRetry={onRetry} />
      <BackLink to={backTo} />
    </section>
  );
}

export function BackLink({ to, className }: { to: string; className?: string }) {
  const { t } = useTranslation(EXPLORE_NS);
  return (
    <Link to={to} className={className}>
      <ArrowLeftIcon aria-hidden="true" className="wf-icon" /> {t('detail.back')}
    </Link>
  );
}
