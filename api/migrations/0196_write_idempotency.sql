-- Offline writes: the browser queues comments and likes made without a connection and sends each with a
-- client-made UUID. A key already used by the same user gets the first answer and changes nothing, so a write sent
-- again after a lost answer is applied once. NULL (older clients) never conflicts.
ALTER TABLE public.comments ADD COLUMN IF NOT EXISTS idempotency_key uuid;
CREATE UNIQUE INDEX IF NOT EXISTS comments_user_idempotency_key_idx ON public.comments (user_id, idempotency_key);

-- A like is a toggle, so its key keeps the answer it got (the comment's row lock orders toggles on one comment).
CREATE TABLE IF NOT EXISTS public.comment_like_requests (
  user_id uuid NOT NULL REFERENCES auth.users(id) ON DELETE CASCADE,
  idempotency_key uuid NOT NULL,
  comment_id uuid NOT NULL REFERENCES public.comments(id) ON DELETE CASCADE,
  liked boolean NOT NULL,
  likes_count integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, idempotency_key)
);
CREATE INDEX IF NOT EXISTS comment_like_requests_comment_idx ON public.comment_like_requests (comment_id);
