import { useState } from 'react';
import { errorText } from '@wayfarer/api-client';
import type { Comment } from '@wayfarer/contracts';
import { useCurrentUser } from '@wayfarer/session';
import { toast } from '@wayfarer/ui';
import { HeartIcon } from '@wayfarer/ui/icons';
import { useFormat, useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../../i18n';
import type { useCommentActions } from '../api/comments-queries';
import { relativeTime } from '../relative-time';
import { Stars } from '../stars';
import { CommentForm } from './comment-form';
import { PendingNote } from './pending-note';

type Actions = ReturnType<typeof useCommentActions>;

/** One comment with its actions (like, reply, and edit or delete for its author) and its replies. */
export function CommentItem({ c, replies, actions }: { c: Comment; replies: Comment[]; actions: Actions }) {
  const { t } = useTranslation(EXPLORE_NS);
  const format = useFormat();
  const me = useCurrentUser();
  const [editing, setEditing] = useState(false);
  const [replying, setReplying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mine = !!me && me.id === c.user_id;
  const name = c.user?.display_name || t('comments.traveller');

  const like = () => actions.toggleLike(c.id).catch((e) => setError(errorText(e)));
  const del = async () => {
    if (!window.confirm(t(c.parent_id ? 'comments.confirmDeleteReply' : 'comments.confirmDeleteComment')))
      return;
    try {
      await actions.remove(c.id);
      toast(t(c.parent_id ? 'comments.replyDeleted' : 'comments.commentDeleted'));
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <li className="explore-comment" data-testid="comment" data-comment-id={c.id}>
      <div className="explore-comment__head">
        {c.user?.avatar_url ? (
          <img className="explore-avatar" src={c.user.avatar_url} alt="" width={32} height={32} />
        ) : (
          <span className="explore-avatar explore-avatar--empty" aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <strong>{name}</strong>
        <time dateTime={c.created_at} title={format.dateTime(c.created_at)} className="wf-muted">
          {relativeTime(c.created_at, Date.now(), format.locale, t('comments.justNow'))}
        </time>
        {c.rating != null && <Stars value={c.rating} />}
      </div>
      {editing ? (
        <CommentForm
          parentId={c.parent_id}
          withRating={!c.parent_id}
          submitLabel={t('comments.save')}
          initial={c.body}
          initialRating={c.rating}
          onDone={() => setEditing(false)}
          onSubmit={(body, rating) => actions.edit(c.id, body, rating)}
        />
      ) : (
        <p className="explore-comment__body" data-testid="comment-body">
          {c.body}
        </p>
      )}
      <div className="explore-comment__actions">
        <button
          type="button"
          className={`wf-btn wf-btn--ghost${c.user_liked ? ' is-on' : ''}`}
          aria-pressed={c.user_liked}
          onClick={like}
          disabled={actions.isLiking(c.id)}
          data-testid="like"
        >
          <HeartIcon aria-hidden="true" className="wf-icon" />{' '}
          <span data-testid="likes">{c.likes_count}</span>
          <span className="wf-visually-hidden"> {t('comments.likes', { count: c.likes_count })}</span>
        </button>
        {actions.queuedLike(c.id) !== undefined && <PendingNote paused={actions.queuedLike(c.id)!} />}
        {!c.parent_id && (
          <button type="button" className="wf-btn wf-btn--ghost" onClick={() => setReplying((v) => !v)}>
            {c.reply_count > 0 ? t('comments.replyCount', { count: c.reply_count }) : t('comments.reply')}
          </button>
        )}
        {mine && !editing && (
          <>
            <button type="button" className="wf-btn wf-btn--ghost" onClick={() => setEditing(true)}>
              {t('comments.edit')}
            </button>
            <button
              type="button"
              className="wf-btn wf-btn--ghost"
              onClick={del}
              disabled={actions.isUpdating(c.id)}
            >
              {t('comments.delete')}
            </button>
          </>
        )}
      </div>
      {error && (
        <div className="wf-alert wf-alert--error" role="alert">
          {error}
        </div>
      )}
      {replying && (
        <CommentForm
          parentId={c.id}
          withRating={false}
          submitLabel={t('comments.reply')}
          onDone={() => setReplying(false)}
          onSubmit={(body) =>
            actions.post(
              { body, rating: null, parent_id: c.id },
              me ? { id: me.id, display_name: me.display_name, avatar_url: me.avatar_url } : undefined,
            )
          }
        />
      )}
      {replies.length > 0 && (
        <ul className="explore-replies" aria-label={t('comments.replies', { count: replies.length })}>
          {replies.map((r) => (
            <CommentItem key={r.id} c={r} replies={[]} actions={actions} />
          ))}
        </ul>
      )}
    </li>
  );
}
