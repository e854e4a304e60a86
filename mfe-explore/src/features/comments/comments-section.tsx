import type { Comment } from '@wayfarer/contracts';
import { useCurrentUser } from '@wayfarer/session';
import { useFormat, useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../i18n';
import { useCommentActions, useComments } from './api/comments-queries';
import { CommentForm } from './components/comment-form';
import { CommentItem } from './components/comment-item';
import { PendingComments } from './components/pending-comments';
import { RefusedWrites } from './components/refused-writes';

/** Comments of the open sight: threaded one level, newest first. */
export function CommentsSection({ sightId }: { sightId: string }) {
  const { t } = useTranslation(EXPLORE_NS);
  const format = useFormat();
  const me = useCurrentUser();
  const comments = useComments(sightId);
  const actions = useCommentActions(sightId);
  const items = comments.data ?? [];
  // The API lists oldest first; the page shows newest first (new comments are added at the top).
  const roots = items.filter((c) => !c.parent_id).sort((a, b) => b.created_at.localeCompare(a.created_at));
  const byParent = new Map<string, Comment[]>();
  for (const c of items)
    if (c.parent_id) byParent.set(c.parent_id, [...(byParent.get(c.parent_id) ?? []), c]);
  // Replies read oldest first under their parent.
  for (const list of byParent.values()) list.sort((a, b) => a.created_at.localeCompare(b.created_at));

  return (
    <section className="explore-comments" aria-labelledby="comments-h">
      <h2 id="comments-h">
        {t('comments.title')}{' '}
        {roots.length > 0 && <span className="wf-badge">{format.number(roots.length)}</span>}
      </h2>
      <CommentForm
        parentId={null}
        withRating
        submitLabel={t('comments.post')}
        onSubmit={(body, rating) =>
          actions.post(
            { body, rating, parent_id: null },
            me ? { id: me.id, display_name: me.display_name, avatar_url: me.avatar_url } : undefined,
          )
        }
      />
      <RefusedWrites sightId={sightId} />
      <PendingComments sightId={sightId} />
      {comments.isPending && roots.length === 0 ? (
        <p className="wf-muted">{t('comments.loading')}</p>
      ) : roots.length === 0 ? (
        <p className="wf-muted">{t('comments.none')}</p>
      ) : (
        <ul className="explore-comment-list">
          {roots.map((c) => (
            <CommentItem key={c.id} c={c} replies={byParent.get(c.id) ?? []} actions={actions} />
          ))}
        </ul>
      )}
    </section>
  );
}
