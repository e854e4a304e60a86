import { Link } from '@wayfarer/router';
import { EmptyState, Skeleton } from '@wayfarer/ui';
import { ArrowLeftIcon } from '@wayfarer/ui/icons';

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
  return (
    <section className="wf-container wf-page explore-detail">
      <EmptyState title="Sight not found">
        <p>This place does not exist or was removed.</p>
        <Link className="wf-btn" to={backTo}>
          Back to the list
        </Link>
      </EmptyState>
    </section>
  );
}

/** The spec's error with a Retry that loads again. */
export function DetailError({ error, onRetry }: { error: string; onRetry: () => void }) {
  return (
    <div className="wf-alert wf-alert--error" role="alert">
      {error}{' '}
      <button type="button" className="wf-btn" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

/** The sight could not be loaded at all. */
export function DetailFailed({
  error,
  onRetry,
  backTo,
}: {
  error: string;
  onRetry: () => void;
  backTo: string;
}) {
  return (
    <section className="wf-container wf-page explore-detail">
      <DetailError error={error} onRetry={onRetry} />
      <BackLink to={backTo} />
    </section>
  );
}

export function BackLink({ to, className }: { to: string; className?: string }) {
  return (
    <Link to={to} className={className}>
      <ArrowLeftIcon aria-hidden="true" className="wf-icon" /> Back to the list
    </Link>
  );
}
