-- Every text column has a length limit: the folded name (migration 0205) is at most twice the name's 500
-- characters, since unaccent writes ß, æ and the like as two letters.
ALTER TABLE public.sights DROP CONSTRAINT IF EXISTS sights_search_name_length;
ALTER TABLE public.sights ADD CONSTRAINT sights_search_name_length CHECK (char_length(search_name) <= 1000);
