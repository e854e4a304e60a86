-- Licensed sight texts shipped with the product (api/data/sight-texts.jsonl, loaded at seed by
-- src/services/sight-texts.ts) share the facts cache with what the Wikipedia/Wikidata worker fetches, so the sight
-- page and the guide writer read one place. Most of those sights have no Wikidata item: a cached row no longer needs
-- one. `summary_bundled` marks a summary that is the shipped text: a fetched summary replaces it, a fetch that finds
-- none keeps it, and reloading the shipped file never touches a fetched one.
ALTER TABLE public.sight_facts ALTER COLUMN wikidata_id DROP NOT NULL;
ALTER TABLE public.sight_facts ADD COLUMN IF NOT EXISTS summary_bundled boolean NOT NULL DEFAULT false;
