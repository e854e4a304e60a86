import { useState, type FormEvent } from 'react';
import type { Comment } from '@wayfarer/contracts';
import { useCurrentUser } from '@wayfarer/session';
import { toast } from '@wayfarer/ui';
import { useCommentActions, useComments } from './api/comments-queries';
import { relativeTime } from './relative-time';
import { StarInput, Stars } from './stars';

const msg = (e: unknown) => (e instanceof Error ? e.message : 'request failed');

function CommentForm({
  parentId,
  withRating,
  onDone,
  submitLabel,
  initial = '',
  initialRating = null,
  onSubmit,
}: {
  parentId: string | null;
  withRating: boolean;
  onDone?: () => void;
  submitLabel: string;
  initial?: string;
  initialRating?: number | null;
  onSubmit: (body: string, rating: number | null) => Promise<void>;
}) {
  const [body, setBody] = useState(initial);
  const [rating, setRating] = useState<number | null>(initialRating);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim()) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(body.trim(), withRating ? rating : null);
      setBody('');
      setRating(null);
      onDone?.();
    } catch (err) {
      setError(msg(err));
    } finally {
      setBusy(false);
    }
  };
  const id = `cf-${parentId ?? 'root'}-${submitLabel}`;
  return (
    <form className="explore-comment-form" onSubmit={submit}>
      <label className="wf-visually-hidden" htmlFor={id}>
        {parentId ? 'Reply' : 'Comment'}
      </label>
      <textarea
        id={id}
        className="wf-input"
        rows={parentId ? 2 : 3}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        placeholder={parentId ? 'Write a reply…' : 'Share your experience…'}
        maxLength={4000}
      />
      <div className="explore-comment-form__row">
        {withRating && <StarInput value={rating} onChange={setRating} />}
        <button type="submit" className="wf-btn wf-btn--primary" disabled={busy || !body.trim()}>
          {busy ? 'Saving…' : submitLabel}
        </button>
        {onDone && (
          <button type="button" className="wf-btn" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
      {error && (
        <div className="wf-alert wf-alert--error" role="alert">
          {error}
        </div>
      )}
    </form>
  );
}

type Actions = ReturnType<typeof useCommentActions>;

function CommentItem({ c, replies, actions }: { c: Comment; replies: Comment[]; actions: Actions }) {
  const me = useCurrentUser();
  const [editing, setEditing] = useState(false);
  const [replying, setReplying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mine = !!me && me.id === c.user_id;
  const name = c.user?.display_name || 'Traveller';

  const like = () => actions.toggleLike(c.id).catch((e) => setError(msg(e)));
  const del = async () => {
    if (!window.confirm(c.parent_id ? 'Delete this reply?' : 'Delete this comment and its replies?')) return;
    try {
      await actions.remove(c.id);
      toast(c.parent_id ? 'Reply deleted.' : 'Comment deleted.');
    } catch (e) {
      setError(msg(e));
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
        <time dateTime={c.created_at} title={new Date(c.created_at).toLocaleString()} className="wf-muted">
          {relativeTime(c.created_at)}
        </time>
        {c.rating != null && <Stars value={c.rating} />}
      </div>
      {editing ? (
        <CommentForm
          parentId={c.parent_id}
          withRating={!c.parent_id}
          submitLabel="Save"
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
          ♥ <span data-testid="likes">{c.likes_count}</span>
          <span className="wf-visually-hidden"> likes</span>
        </button>
        {!c.parent_id && (
          <button type="button" className="wf-btn wf-btn--ghost" onClick={() => setReplying((v) => !v)}>
            Reply{c.reply_count > 0 ? ` (${c.reply_count})` : ''}
          </button>
        )}
        {mine && !editing && (
          <>
            <button type="button" className="wf-btn wf-btn--ghost" onClick={() => setEditing(true)}>
              Edit
            </button>
            <button type="button" className="wf-btn wf-btn--ghost" onClick={del} disabled={actions.isUpdating(c.id)}>
              Delete
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
          submitLabel="Reply"
          onDone={() => setReplying(false)}
          onSubmit={(body) => actions.post({ body, rating: null, parent_id: c.id }, me ? { id: me.id, display_name: me.display_name, avatar_url: me.avatar_url } : undefined)}
        />
      )}
      {replies.length > 0 && (
        <ul className="explore-replies" aria-label={`${replies.length} replies`}>
          {replies.map((r) => (
            <CommentItem key={r.id} c={r} replies={[]} actions={actions} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** Comments of the open sight: threaded one level, newest first. */
export function CommentsSection({ sightId }: { sightId: string }) {
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
      <h2 id="comments-h">Comments {roots.length > 0 && <span className="wf-badge">{roots.length}</span>}</h2>
      <CommentForm
        parentId={null}
        withRating
        submitLabel="Post"
        onSubmit={(body, rating) =>
          actions.post({ body, rating, parent_id: null }, me ? { id: me.id, display_name: me.display_name, avatar_url: me.avatar_url } : undefined)
        }
      />
      {comments.isPending && roots.length === 0 ? (
        <p className="wf-muted">Loading comments…</p>
      ) : roots.length === 0 ? (
        <p className="wf-muted">No comments yet. Be the first to share your visit.</p>
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
