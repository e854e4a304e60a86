-- Sessions and sign-in: a pending e-mail change (GoTrue's auth.users columns; the address applies only once the
-- code mailed to it is entered), the tries spent on each one-time code, the session's last refresh (inactivity
-- lifetime; auth.sessions.not_after is the moment the session ends unless refreshed), and the failed sign-in
-- counters behind the exponential back-off (shared by every API copy). Hosted Supabase already has the GoTrue
-- columns: IF NOT EXISTS leaves them as they are.
ALTER TABLE auth.users ADD COLUMN IF NOT EXISTS email_change varchar(255) DEFAULT '';
ALTER TABLE auth.users ADD COLUMN IF NOT EXISTS email_change_sent_at timestamptz;
ALTER TABLE auth.sessions ADD COLUMN IF NOT EXISTS refreshed_at timestamptz;
CREATE INDEX IF NOT EXISTS refresh_tokens_session_id_idx ON auth.refresh_tokens (session_id);

ALTER TABLE wf_auth.otp_codes ADD COLUMN IF NOT EXISTS attempts integer NOT NULL DEFAULT 0;

CREATE TABLE IF NOT EXISTS wf_auth.signin_failures (
  bucket text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  last_failure_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS signin_failures_last_idx ON wf_auth.signin_failures (last_failure_at);
