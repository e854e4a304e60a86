-- Change feed of public.sights for the API's in-memory nearby index (src/services/sight-index.ts): every statement
-- that inserts, updates or deletes sights sends the ids it touched on channel wf_sights_changed (newline-separated,
-- at most 30 per notification so a payload stays far below NOTIFY's 8000-byte limit; an id longer than 200
-- characters is sent as '*', meaning "reload everything"). Listeners re-read those rows, so the order and the
-- duplication of notifications do not matter. Statement-level triggers with transition tables: one bulk insert of
-- 100,000 rows sends about 3,300 notifications, not 100,000.

-- Sends ids on wf_sights_changed, 30 per notification.
CREATE OR REPLACE FUNCTION public.notify_sight_ids(ids text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  chunk text;
BEGIN
  FOR chunk IN
    SELECT string_agg(CASE WHEN char_length(id) > 200 THEN '*' ELSE id END, E'\n')
      FROM (SELECT id, (row_number() OVER () - 1) / 30 AS g FROM unnest(ids) AS u(id)) t GROUP BY g
  LOOP
    PERFORM pg_notify('wf_sights_changed', chunk);
  END LOOP;
END
$$;

-- Each operation has its own transition tables (an INSERT has no old_rows, a DELETE no new_rows).
CREATE OR REPLACE FUNCTION public.notify_sights_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.notify_sight_ids(ARRAY(SELECT id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM public.notify_sight_ids(ARRAY(SELECT id FROM new_rows UNION SELECT id FROM old_rows));
  ELSE
    PERFORM public.notify_sight_ids(ARRAY(SELECT id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS sights_changed_insert ON public.sights;
DROP TRIGGER IF EXISTS sights_changed_update ON public.sights;
DROP TRIGGER IF EXISTS sights_changed_delete ON public.sights;
CREATE TRIGGER sights_changed_insert AFTER INSERT ON public.sights
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.notify_sights_changed();
CREATE TRIGGER sights_changed_update AFTER UPDATE ON public.sights
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.notify_sights_changed();
CREATE TRIGGER sights_changed_delete AFTER DELETE ON public.sights
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.notify_sights_changed();
