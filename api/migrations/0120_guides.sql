-- Narrated guides (POST /sights/generate-guide). A guide owns its stations (stations.guide_id); the sight's own
-- stations keep guide_id NULL. Audio files live under DATA_DIR; stations.audio_path is relative to it.
ALTER TABLE public.guides
  ADD COLUMN IF NOT EXISTS status text NOT NULL DEFAULT 'ready' CHECK (status IN ('rendering', 'ready')),
  ADD COLUMN IF NOT EXISTS voice text NOT NULL DEFAULT 'female',
  ADD COLUMN IF NOT EXISTS options jsonb NOT NULL DEFAULT '{}',
  ADD COLUMN IF NOT EXISTS duration_s real NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS render_ms integer NOT NULL DEFAULT 0,
  -- Set when the guide went beyond the monthly allowance and used a purchased 'Extra guide' credit.
  ADD COLUMN IF NOT EXISTS credit_purchase_id uuid UNIQUE REFERENCES public.purchases(id) ON DELETE SET NULL;
CREATE INDEX IF NOT EXISTS guides_user_sight_idx ON public.guides (user_id, sight_id, created_at DESC);

ALTER TABLE public.stations
  ADD COLUMN IF NOT EXISTS sentences jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN IF NOT EXISTS duration_s real,
  ADD COLUMN IF NOT EXISTS audio_bytes integer,
  ADD COLUMN IF NOT EXISTS about_sight_id text REFERENCES public.sights(id) ON DELETE SET NULL;
ALTER TABLE public.stations
  ADD CONSTRAINT stations_guide_fk FOREIGN KEY (guide_id) REFERENCES public.guides(id) ON DELETE CASCADE;
CREATE INDEX IF NOT EXISTS stations_guide_idx ON public.stations (guide_id, position) WHERE guide_id IS NOT NULL;
