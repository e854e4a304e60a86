import { useTranslation } from '@wayfarer/i18n';
import { CloudOffIcon } from '@wayfarer/ui/icons';
import { EXPLORE_NS } from '../../../i18n';

/** The mark of a write not yet accepted by the server: waiting for the connection, or on its way. */
export function PendingNote({ paused }: { paused: boolean }) {
  const { t } = useTranslation(EXPLORE_NS);
  return (
    <span className="explore-pending" data-testid="pending-write" data-paused={paused}>
      <CloudOffIcon aria-hidden="true" className="wf-icon" />{' '}
      {paused ? t('offlineQueue.pending') : t('offlineQueue.sending')}
    </span>
  );
}
