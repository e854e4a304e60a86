-- Search sights by name (GET /search): accent-insensitive and typo-tolerant with pg_trgm and unaccent, which PGlite
-- ships as contrib extensions (loaded in src/db/pglite.ts) and PostgreSQL in its contrib package.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;

-- The one fold both the indexed names and the query go through: unaccented (Família -> familia, ß -> ss,
-- Ø -> o), lower-cased, punctuation and runs of spaces made one space. unaccent() itself is only STABLE (it reads
-- its dictionary by search_path); naming the dictionary and its function by schema makes the result depend on the
-- argument alone, so the wrapper can be IMMUTABLE and back an expression index and a generated column.
-- sights.normalized_name (filled by the seed's normalizeName) drops every letter outside a-z (ø, ł, Arabic), so the
-- index folds `name` itself rather than reuse that column.
CREATE OR REPLACE FUNCTION public.search_fold(t text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT btrim(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, t)),
                                   '[[:space:][:punct:]]+', ' ', 'g')) $$;

-- The folded name, stored: the search ranks its candidates by it, and folding a name again for each one (unaccent
-- and a regular expression) cost more than the ranking itself.
ALTER TABLE public.sights ADD COLUMN IF NOT EXISTS search_name text
  GENERATED ALWAYS AS (public.search_fold(name)) STORED;
CREATE INDEX IF NOT EXISTS sights_name_trgm_idx ON public.sights USING gin (search_name gin_trgm_ops)
  WHERE NOT hidden AND merged_into IS NULL;

-- A sight's name in another language, where the data has it (api/data/sight-names.csv, loaded by the seed).
CREATE TABLE IF NOT EXISTS public.sight_names (
  sight_id text NOT NULL REFERENCES public.sights(id) ON DELETE CASCADE CHECK (char_length(sight_id) <= 255),
  lang text NOT NULL CHECK (lang ~ '^[a-z]{2,3}$'),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 300),
  -- At most twice the name: unaccent writes ß, æ and the like as two letters.
  normalised text GENERATED ALWAYS AS (public.search_fold(name)) STORED CHECK (char_length(normalised) <= 600),
  PRIMARY KEY (sight_id, lang, name)
);
CREATE INDEX IF NOT EXISTS sight_names_trgm_idx ON public.sight_names USING gin (normalised gin_trgm_ops);
-- A database whose LC_CTYPE is C (initdb's default without a locale) gives pg_trgm no trigrams for letters outside
-- ASCII (an Arabic name): those names are still found by their beginning, through this index.
CREATE INDEX IF NOT EXISTS sight_names_prefix_idx ON public.sight_names (normalised text_pattern_ops);
