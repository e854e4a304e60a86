import { useState, type FormEvent } from 'react';
import { errorText } from '@wayfarer/api-client';
import { useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../../i18n';
import { StarInput } from '../stars';

/** A new comment (with an optional rating), a reply, or an edit; the error of its write is shown under it. */
export function CommentForm({
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
  const { t } = useTranslation(EXPLORE_NS);
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
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const id = `cf-${parentId ?? 'root'}-${submitLabel}`;
  return (
    <form className="explore-comment-form" onSubmit={submit}>
      <label className="wf-visually-hidden" htmlFor={id}>
        {parentId ? t('comments.reply') : t('comments.comment')}
      </label>
      <textarea
        id={id}
        className="wf-input"
        rows={parentId ? 2 : 3}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        placeholder={parentId ? t('comments.replyPlaceholder') : t('comments.commentPlaceholder')}
        maxLength={4000}
      />
      <div className="explore-comment-form__row">
        {withRating && <StarInput value={rating} onChange={setRating} />}
        <button type="submit" className="wf-btn wf-btn--primary" disabled={busy || !body.trim()}>
          {busy ? t('comments.saving') : submitLabel}
        </button>
        {onDone && (
          <button type="button" className="wf-btn" onClick={onDone}>
            {t('comments.cancel')}
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
