-- Map-data ingest (POST /sights/ingest) and uploaded sight images (POST/DELETE /sights/{id}/images, signed URLs).
-- Valid on PostgreSQL 15+ and PGlite; every statement is idempotent.

-- Ingested sights are keyed by their source element ('osm', 'node/123'); look-ups by that pair on re-ingest.
CREATE INDEX IF NOT EXISTS sights_source_ref_idx ON public.sights (source, source_id) WHERE source_id IS NOT NULL;

-- One row per ingest call. The rows with status 'ok' are the shared area cache: a disc inside a recent run of
-- the same provider is not fetched again (several API processes share it through the database), and a user's
-- fetches in the last minute are counted for the per-user cap.
CREATE TABLE IF NOT EXISTS public.ingest_runs (
  id bigserial PRIMARY KEY,
  user_id uuid REFERENCES auth.users(id) ON DELETE SET NULL,
  provider text NOT NULL CHECK (provider IN ('local', 'overpass')),
  caller text,
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  km real NOT NULL CHECK (km > 0),
  km_prev real NOT NULL DEFAULT 0 CHECK (km_prev >= 0),
  categories text[] NOT NULL DEFAULT '{}',
  status text NOT NULL CHECK (status IN ('ok', 'cached', 'failed')),
  fetched integer NOT NULL DEFAULT 0,
  inserted integer NOT NULL DEFAULT 0,
  updated integer NOT NULL DEFAULT 0,
  duplicates integer NOT NULL DEFAULT 0,
  error text,
  duration_ms integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS ingest_runs_cover_idx ON public.ingest_runs (provider, created_at DESC) WHERE status = 'ok';
CREATE INDEX IF NOT EXISTS ingest_runs_user_idx ON public.ingest_runs (user_id, created_at DESC);

-- Uploads: content hash (a repeated upload of the same bytes by the same user for the same sight returns the
-- existing image unless it was rejected) and the uploader's file name. storage_path (unique) is where the
-- re-encoded bytes live under the media directory.
ALTER TABLE public.sight_images ADD COLUMN IF NOT EXISTS sha256 text;
ALTER TABLE public.sight_images ADD COLUMN IF NOT EXISTS original_name text;
CREATE UNIQUE INDEX IF NOT EXISTS sight_images_storage_path_idx ON public.sight_images (storage_path);
CREATE INDEX IF NOT EXISTS sight_images_same_upload_idx ON public.sight_images (sight_id, user_id, sha256) WHERE sha256 IS NOT NULL;
CREATE INDEX IF NOT EXISTS sight_images_user_idx ON public.sight_images (user_id, created_at DESC);
