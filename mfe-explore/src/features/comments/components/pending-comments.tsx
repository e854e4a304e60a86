import { useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../../i18n';
import { usePendingPosts } from '../api/queued-writes';
import { Stars } from '../stars';
import { PendingNote } from './pending-note';

/** The comments and replies written offline on this sight, newest first, until the server's answer replaces them. */
export function PendingComments({ sightId }: { sightId: string }) {
  const { t } = useTranslation(EXPLORE_NS);
  const pending = usePendingPosts(sightId);
  if (pending.length === 0) return null;
  return (
    <ul className="explore-comment-list" aria-label={t('offlineQueue.listLabel')}>
      {[...pending].reverse().map((p) => (
        <li key={p.key} className="explore-comment explore-comment--pending" data-testid="pending-comment">
          <div className="explore-comment__head">
            <strong>{p.input.parent_id ? t('offlineQueue.yourReply') : t('offlineQueue.yourComment')}</strong>
            {p.input.rating != null && !p.input.parent_id && <Stars value={p.input.rating} />}
          </div>
          <p className="explore-comment__body" data-testid="comment-body">
            {p.input.body}
          </p>
          <PendingNote paused={p.paused} />
        </li>
      ))}
    </ul>
  );
}
