-- Guides in the listener's language. A sight can hold guides in several languages (per user, the
-- latest finished guide and the one being made are looked up per language); rows made before are English.
UPDATE public.guides SET language = 'en' WHERE language IS NULL OR language NOT IN ('en', 'fr', 'de', 'es', 'it', 'ar');
ALTER TABLE public.guides DROP CONSTRAINT IF EXISTS guides_language_check;
ALTER TABLE public.guides
  ADD CONSTRAINT guides_language_check CHECK (language IN ('en', 'fr', 'de', 'es', 'it', 'ar')),
  -- The language of the cached facts the guide was written from: its own, or 'en' when the sources had nothing
  -- in its language (shown as a note); NULL when no facts were used.
  ADD COLUMN IF NOT EXISTS facts_language text CHECK (facts_language ~ '^[a-z]{2,3}$');
CREATE INDEX IF NOT EXISTS guides_user_sight_language_idx
  ON public.guides (user_id, sight_id, language, created_at DESC);
