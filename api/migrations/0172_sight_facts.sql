-- Facts for sights. A sight's Wikidata item (the seed's `wikidata:Q…` source ids, an OSM element's
-- `wikidata` tag) names where its facts come from; a worker fetches the Wikipedia summary and a few Wikidata claims
-- in the background (src/services/sight-facts.ts) and keeps them here, per sight and language, with their sources
-- and licences. Page requests only read this table.
ALTER TABLE public.sights ADD COLUMN IF NOT EXISTS wikidata_id text CHECK (wikidata_id ~ '^Q[1-9][0-9]{0,11}$');
UPDATE public.sights SET wikidata_id = substring(source_id FROM 10)
 WHERE wikidata_id IS NULL AND source_id ~ '^wikidata:Q[1-9][0-9]{0,11}$';
CREATE INDEX IF NOT EXISTS sights_wikidata_idx ON public.sights (wikidata_id) WHERE wikidata_id IS NOT NULL;

CREATE TABLE IF NOT EXISTS public.sight_facts (
  sight_id text NOT NULL REFERENCES public.sights(id) ON DELETE CASCADE,
  lang text NOT NULL CHECK (lang ~ '^[a-z]{2,3}$'),
  wikidata_id text NOT NULL,
  -- ok: something was found; none: the sources have nothing for it; error: the last fetch failed (retried later).
  status text NOT NULL CHECK (status IN ('ok', 'none', 'error')),
  -- { title, extract, url, licence: { name, url }, attribution } or null
  summary jsonb,
  -- [{ property, kind, label, value, url, licence: { name, url } }]
  claims jsonb NOT NULL DEFAULT '[]'::jsonb,
  error text,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  fetched_at timestamptz NOT NULL DEFAULT now(),
  -- When a worker may fetch it again (refresh of good rows, back-off of failed ones).
  refresh_after timestamptz NOT NULL,
  PRIMARY KEY (sight_id, lang)
);
CREATE INDEX IF NOT EXISTS sight_facts_refresh_idx ON public.sight_facts (refresh_after);

-- A guide station's sources: [{ title, url, licence: { name, url } }] (the facts its text was built from).
ALTER TABLE public.stations ADD COLUMN IF NOT EXISTS sources jsonb NOT NULL DEFAULT '[]'::jsonb;
