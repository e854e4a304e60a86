-- The in-process search index (src/services/sight-search-index.ts) holds each sight's names in other languages
-- too, and re-reads a sight when wf_sights_changed names it: a statement that writes public.sight_names sends the
-- ids of the sights it touched, as writes to public.sights do (migration 0150).
CREATE OR REPLACE FUNCTION public.notify_sight_names_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.notify_sight_ids(ARRAY(SELECT DISTINCT sight_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM public.notify_sight_ids(ARRAY(SELECT sight_id FROM new_rows UNION SELECT sight_id FROM old_rows));
  ELSE
    PERFORM public.notify_sight_ids(ARRAY(SELECT DISTINCT sight_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS sight_names_changed_insert ON public.sight_names;
DROP TRIGGER IF EXISTS sight_names_changed_update ON public.sight_names;
DROP TRIGGER IF EXISTS sight_names_changed_delete ON public.sight_names;
CREATE TRIGGER sight_names_changed_insert AFTER INSERT ON public.sight_names
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.notify_sight_names_changed();
CREATE TRIGGER sight_names_changed_update AFTER UPDATE ON public.sight_names
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.notify_sight_names_changed();
CREATE TRIGGER sight_names_changed_delete AFTER DELETE ON public.sight_names
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.notify_sight_names_changed();
