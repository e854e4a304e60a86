import { useTranslation } from '@wayfarer/i18n';
import { XIcon } from '@wayfarer/ui/icons';
import { EXPLORE_NS } from '../../../i18n';
import { useRefusedWrites } from '../api/queued-writes';

/** Queued writes the server refused when they were sent, each with its reason, until dismissed. */
export function RefusedWrites({ sightId }: { sightId: string }) {
  const { t } = useTranslation(EXPLORE_NS);
  const { refused, dismiss } = useRefusedWrites(sightId);
  return refused.map((r) => (
    <div key={r.mutationId} className="wf-alert wf-alert--error" role="alert" data-testid="refused-write">
      {r.kind === 'post'
        ? t('offlineQueue.refusedComment', { body: r.body ?? '', message: r.message })
        : t('offlineQueue.refusedLike', { message: r.message })}{' '}
      <button type="button" className="wf-btn wf-btn--ghost" onClick={() => dismiss(r.mutationId)}>
        <XIcon aria-hidden="true" className="wf-icon" /> {t('offlineQueue.dismiss')}
      </button>
    </div>
  ));
}
