-- The user's language: the UI shows it when signed in, and the e-mails are written in it.
-- NULL: never chosen (the browser's languages decide). Only the product's languages (LANGUAGES of
-- @wayfarer/contracts); anything else is refused (a 400 through /rest/v1).
ALTER TABLE public.profiles
  ADD COLUMN IF NOT EXISTS language text
  CONSTRAINT profiles_language_check CHECK (language IN ('en', 'fr', 'de', 'es', 'it', 'ar'));
