-- The trust loop and listening analytics.
-- A station an admin hid is neither shown nor served to listeners; audio_rev grows each time a station is narrated
-- again (after a fix or a regenerate), so its audio URL changes and no browser keeps the old narration.
ALTER TABLE public.stations
  ADD COLUMN IF NOT EXISTS hidden boolean NOT NULL DEFAULT false,
  ADD COLUMN IF NOT EXISTS audio_rev integer NOT NULL DEFAULT 0,
  -- Set while a re-narration job is queued or running (the admin's "narrating again…").
  ADD COLUMN IF NOT EXISTS renarrate_job uuid;

-- A listener's report on a guide station: one open report per user and station; an admin's action resolves it
-- with an outcome the listener sees on the sight.
CREATE TABLE IF NOT EXISTS public.station_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  station_id uuid NOT NULL REFERENCES public.stations(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES auth.users(id) ON DELETE CASCADE,
  reason text NOT NULL CHECK (reason IN ('inaccurate', 'offensive', 'audio_broken', 'other')),
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 1000),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
  outcome text CHECK (outcome IN ('fixed', 'regenerated', 'hidden', 'dismissed')),
  resolved_by uuid REFERENCES auth.users(id) ON DELETE SET NULL,
  resolved_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT station_reports_resolved_check CHECK ((status = 'open') = (outcome IS NULL))
);
CREATE UNIQUE INDEX IF NOT EXISTS station_reports_open_uq ON public.station_reports (user_id, station_id) WHERE status = 'open';
CREATE INDEX IF NOT EXISTS station_reports_status_idx ON public.station_reports (status, created_at DESC);
CREATE INDEX IF NOT EXISTS station_reports_station_idx ON public.station_reports (station_id);

-- One row per play of a station (the player's play_id): events of the same play merge into it (furthest fraction,
-- completed/skipped once), so a batch sent again counts once.
CREATE TABLE IF NOT EXISTS public.station_plays (
  play_id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES auth.users(id) ON DELETE CASCADE,
  guide_id uuid NOT NULL REFERENCES public.guides(id) ON DELETE CASCADE,
  station_id uuid NOT NULL REFERENCES public.stations(id) ON DELETE CASCADE,
  completed boolean NOT NULL DEFAULT false,
  skipped boolean NOT NULL DEFAULT false,
  fraction real NOT NULL DEFAULT 0 CHECK (fraction >= 0 AND fraction <= 1),
  started_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS station_plays_guide_idx ON public.station_plays (guide_id, station_id);
CREATE INDEX IF NOT EXISTS station_plays_started_idx ON public.station_plays (started_at);
