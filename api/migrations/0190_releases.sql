-- The release registry: each remote's published versions with their contract-check result, the
-- rollout of each remote (active version, canary version and share), which sessions were given which version, and
-- the load failures the shell reports. Version '' in release_sessions / release_load_failures is a remote's
-- current build (its default URL, no release active).
CREATE TABLE IF NOT EXISTS public.remote_releases (
  remote text NOT NULL CHECK (remote IN ('explore', 'account', 'marketing', 'admin')),
  version text NOT NULL CHECK (version ~ '^[0-9A-Za-z][0-9A-Za-z._+-]{0,63}$'),
  manifest_url text NOT NULL,
  -- null = not checked: such a version cannot be promoted.
  check_ok boolean,
  check_problems jsonb NOT NULL DEFAULT '[]',
  created_by uuid REFERENCES auth.users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Set when a rollback (an admin's, or the automatic one of a failing canary) took this version out.
  rolled_back_at timestamptz,
  PRIMARY KEY (remote, version)
);

CREATE TABLE IF NOT EXISTS public.remote_rollouts (
  remote text PRIMARY KEY CHECK (remote IN ('explore', 'account', 'marketing', 'admin')),
  active_version text,
  -- The version active before this one: where a rollback without a version goes.
  previous_version text,
  canary_version text,
  canary_percent integer NOT NULL DEFAULT 0 CHECK (canary_percent >= 0 AND canary_percent <= 100),
  canary_started_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (remote, active_version) REFERENCES public.remote_releases (remote, version),
  FOREIGN KEY (remote, canary_version) REFERENCES public.remote_releases (remote, version),
  CONSTRAINT remote_rollouts_canary_check CHECK ((canary_version IS NULL) = (canary_percent = 0))
);

CREATE TABLE IF NOT EXISTS public.release_sessions (
  session_id text NOT NULL,
  remote text NOT NULL,
  version text NOT NULL,
  first_seen timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (remote, version, session_id)
);

CREATE TABLE IF NOT EXISTS public.release_load_failures (
  id bigserial PRIMARY KEY,
  remote text NOT NULL,
  version text NOT NULL,
  phase text NOT NULL CHECK (phase IN ('manifest', 'entry', 'expose', 'render')),
  session_id text NOT NULL,
  message text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS release_load_failures_version_idx
  ON public.release_load_failures (remote, version, session_id);
