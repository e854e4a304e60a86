-- Guides made by workers (pg-boss jobs, see src/jobs): the API reserves the guide ('queued') and answers at once; a
-- worker writes the script ('rendering'), then narrates and stores the stations one by one, so station 1 plays
-- while the rest are being made; 'failed' says why in failure and no longer counts against the allowance.
ALTER TABLE public.guides DROP CONSTRAINT IF EXISTS guides_status_check;
-- A guide left 'rendering' by a process that died before this migration will never finish.
UPDATE public.guides SET status = 'failed' WHERE status = 'rendering';
ALTER TABLE public.guides
  ADD CONSTRAINT guides_status_check CHECK (status IN ('queued', 'rendering', 'ready', 'failed')),
  -- What the writer produced (stations' titles, sentences, places), kept so a retried job narrates the same text.
  ADD COLUMN IF NOT EXISTS script jsonb,
  ADD COLUMN IF NOT EXISTS stations_total integer CHECK (stations_total BETWEEN 0 AND 100),
  ADD COLUMN IF NOT EXISTS failure text,
  ADD COLUMN IF NOT EXISTS job_id uuid,
  ADD COLUMN IF NOT EXISTS updated_at timestamptz NOT NULL DEFAULT now();
-- One station per position of a guide: a job retried while a slow first attempt still runs cannot add it twice.
CREATE UNIQUE INDEX IF NOT EXISTS stations_guide_position_uq ON public.stations (guide_id, position) WHERE guide_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS guides_unfinished_idx ON public.guides (user_id, sight_id, created_at DESC) WHERE status IN ('queued', 'rendering');

-- Stored files whose row is gone, by any path (a deleted guide or photo, a deleted account's cascade): a worker
-- deletes the objects (local disk or the S3 bucket) and then these rows. The triggers make it impossible to
-- forget one, on any API copy.
CREATE TABLE IF NOT EXISTS public.media_garbage (
  storage_path text PRIMARY KEY,
  queued_at timestamptz NOT NULL DEFAULT now()
);

CREATE OR REPLACE FUNCTION public.media_garbage_station() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.audio_path IS NOT NULL THEN
    INSERT INTO public.media_garbage (storage_path) VALUES (OLD.audio_path) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS stations_media_garbage ON public.stations;
CREATE TRIGGER stations_media_garbage AFTER DELETE ON public.stations FOR EACH ROW EXECUTE FUNCTION public.media_garbage_station();

CREATE OR REPLACE FUNCTION public.media_garbage_image() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.media_garbage (storage_path) VALUES (OLD.storage_path) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS sight_images_media_garbage ON public.sight_images;
CREATE TRIGGER sight_images_media_garbage AFTER DELETE ON public.sight_images FOR EACH ROW EXECUTE FUNCTION public.media_garbage_image();
