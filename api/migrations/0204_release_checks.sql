-- The release registry runs the contract check itself: when it last did (a result from before was the client's
-- word, so it no longer counts: such a version is checked again by the server when it is promoted or canaried).
ALTER TABLE public.remote_releases ADD COLUMN IF NOT EXISTS checked_at timestamptz;
UPDATE public.remote_releases
   SET check_ok = NULL,
       check_problems = '["registered before the server checked releases: promote or canary it to check it"]'
 WHERE checked_at IS NULL AND check_ok IS NOT NULL;

-- Expired remote-map assignments and load-failure reports are deleted by age (RELEASE_SESSION_TTL_SECONDS).
CREATE INDEX IF NOT EXISTS release_sessions_first_seen_idx ON public.release_sessions (first_seen);
CREATE INDEX IF NOT EXISTS release_load_failures_created_at_idx ON public.release_load_failures (created_at);
