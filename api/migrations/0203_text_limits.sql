-- Every text column has a length limit (and every jsonb, bytea and text[] column a size limit): one account must not
-- be able to store a value so large that every page reading it breaks (a 900 KB display name shown next to each of
-- a sight's comments). The request schemas refuse over-long input first with a clear 400; these checks are the
-- backstop for every other path (/rest/v1, services, workers). Limits are generous for what the product writes:
-- names 100-300 characters, URLs 2048, ids 200 (sight ids 255), machine-made texts (guide scripts, mail bodies) far above what the
-- writers make. src/__tests__/content-limits.test.ts fails for a column that has none.
--
-- Each check is added NOT VALID, then validated when every existing row fits: a database holding an older
-- over-long value still migrates (the limit holds for every new write) instead of refusing to start.
-- A name, and an avatar URL that is not this API's own avatar URL for this profile, are fixed instead: those are
-- what every reader of a comment thread loads.
UPDATE public.profiles
   SET display_name = left(display_name, 100), first_name = left(first_name, 100), last_name = left(last_name, 100)
 WHERE char_length(display_name) > 100 OR char_length(first_name) > 100 OR char_length(last_name) > 100;
UPDATE public.profiles SET avatar_url = NULL
 WHERE avatar_url IS NOT NULL
   AND (char_length(avatar_url) > 2048
        OR avatar_url !~ ('^(https?://[^/?#@[:space:]]+)?(/[^?#[:space:]]*)?/avatars/' || id::text || '\?v=[0-9]{1,20}$'));

-- An avatar URL is the one PUT /users/me/avatar issues for this very profile (`<API base>/avatars/<id>?v=<n>`, or its
-- path alone), never an outside address every viewer's browser would load (a tracking pixel). The API also checks
-- the host (its own base); the database cannot know it.
ALTER TABLE public.profiles DROP CONSTRAINT IF EXISTS profiles_avatar_url_own_media;
ALTER TABLE public.profiles ADD CONSTRAINT profiles_avatar_url_own_media CHECK (
  avatar_url IS NULL OR (
    char_length(avatar_url) <= 2048
    AND avatar_url ~ ('^(https?://[^/?#@[:space:]]+)?(/[^?#[:space:]]*)?/avatars/' || id::text || '\?v=[0-9]{1,20}$')
  )
);

DO $$
DECLARE
  c record;
  kind text;
  expr text;
  cname text;
  bad boolean;
BEGIN
  FOR c IN
    SELECT * FROM (VALUES
      -- schema, table, column, max characters (bytes for jsonb and bytea, all items joined for text[]), max items
      ('auth', 'identities', 'email', 255, NULL::int),
      ('auth', 'identities', 'provider', 50, NULL),
      ('auth', 'identities', 'provider_id', 255, NULL),
      ('auth', 'identities', 'identity_data', 16384, NULL),
      ('auth', 'sessions', 'aal', 16, NULL),
      ('auth', 'users', 'raw_app_meta_data', 16384, NULL),
      ('auth', 'users', 'raw_user_meta_data', 16384, NULL),
      ('public', 'admin_audit_log', 'action', 100, NULL),
      ('public', 'admin_audit_log', 'target_type', 100, NULL),
      ('public', 'admin_audit_log', 'target_id', 200, NULL),
      ('public', 'admin_audit_log', 'details', 65536, NULL),
      ('public', 'analytics_events', 'kind', 100, NULL),
      ('public', 'analytics_events', 'meta', 8192, NULL),
      ('public', 'avatars', 'data', 1048576, NULL),
      ('public', 'comments', 'sight_id', 255, NULL),
      ('public', 'comments', 'mentions', 2000, 20),
      ('public', 'currency_ledger', 'reason', 200, NULL),
      ('public', 'currency_ledger', 'ref', 200, NULL),
      ('public', 'guides', 'sight_id', 255, NULL),
      ('public', 'guides', 'failure', 2000, NULL),
      ('public', 'guides', 'voice', 100, NULL),
      ('public', 'guides', 'writer', 100, NULL),
      ('public', 'guides', 'options', 16384, NULL),
      ('public', 'guides', 'script', 2097152, NULL),
      ('public', 'ingest_runs', 'caller', 200, NULL),
      ('public', 'ingest_runs', 'error', 2000, NULL),
      ('public', 'ingest_runs', 'categories', 2000, 50),
      ('public', 'media_garbage', 'storage_path', 300, NULL),
      ('public', 'news', 'title', 200, NULL),
      ('public', 'news', 'summary', 1000, NULL),
      ('public', 'news', 'body', 20000, NULL),
      ('public', 'news', 'image_url', 2048, NULL),
      ('public', 'payments', 'description', 200, NULL),
      ('public', 'payments', 'provider_ref', 255, NULL),
      ('public', 'presence', 'ip_address', 64, NULL),
      ('public', 'presence', 'path', 500, NULL),
      ('public', 'presence', 'session_id', 200, NULL),
      ('public', 'profiles', 'display_name', 100, NULL),
      ('public', 'profiles', 'first_name', 100, NULL),
      ('public', 'profiles', 'last_name', 100, NULL),
      ('public', 'profiles', 'gender', 50, NULL),
      ('public', 'profiles', 'currency', 8, NULL),
      ('public', 'profiles', 'theme', 50, NULL),
      ('public', 'purchases', 'idempotency_key', 100, NULL),
      ('public', 'release_load_failures', 'message', 500, NULL),
      ('public', 'release_load_failures', 'remote', 40, NULL),
      ('public', 'release_load_failures', 'session_id', 200, NULL),
      ('public', 'release_load_failures', 'version', 64, NULL),
      ('public', 'release_sessions', 'remote', 40, NULL),
      ('public', 'release_sessions', 'session_id', 200, NULL),
      ('public', 'release_sessions', 'version', 64, NULL),
      ('public', 'remote_releases', 'manifest_url', 2048, NULL),
      ('public', 'remote_releases', 'check_problems', 65536, NULL),
      ('public', 'remote_rollouts', 'active_version', 64, NULL),
      ('public', 'remote_rollouts', 'canary_version', 64, NULL),
      ('public', 'remote_rollouts', 'previous_version', 64, NULL),
      ('public', 'roadmap', 'title', 200, NULL),
      ('public', 'roadmap', 'description', 5000, NULL),
      ('public', 'schema_migrations', 'name', 200, NULL),
      ('public', 'shop_items', 'slug', 120, NULL),
      ('public', 'shop_items', 'name', 120, NULL),
      ('public', 'shop_items', 'description', 2000, NULL),
      ('public', 'shop_items', 'kind', 40, NULL),
      ('public', 'shop_items', 'image_url', 2048, NULL),
      ('public', 'sight_facts', 'sight_id', 255, NULL),
      ('public', 'sight_facts', 'wikidata_id', 20, NULL),
      ('public', 'sight_facts', 'error', 2000, NULL),
      ('public', 'sight_facts', 'claims', 1048576, NULL),
      ('public', 'sight_facts', 'summary', 262144, NULL),
      ('public', 'sight_images', 'sight_id', 255, NULL),
      ('public', 'sight_images', 'storage_path', 300, NULL),
      ('public', 'sight_images', 'mime', 50, NULL),
      ('public', 'sight_images', 'sha256', 64, NULL),
      ('public', 'sight_images', 'original_name', 200, NULL),
      ('public', 'sights', 'id', 255, NULL),
      ('public', 'sights', 'name', 500, NULL),
      ('public', 'sights', 'normalized_name', 500, NULL),
      ('public', 'sights', 'description', 10000, NULL),
      ('public', 'sights', 'cover_image_url', 2048, NULL),
      ('public', 'sights', 'img_preview', 2048, NULL),
      ('public', 'sights', 'city', 200, NULL),
      ('public', 'sights', 'country', 200, NULL),
      ('public', 'sights', 'country_code', 10, NULL),
      ('public', 'sights', 'category_hint', 200, NULL),
      ('public', 'sights', 'category_slugs', 1000, 20),
      ('public', 'sights', 'subtype', 200, NULL),
      ('public', 'sights', 'source', 50, NULL),
      ('public', 'sights', 'source_id', 300, NULL),
      ('public', 'sights', 'merged_into', 255, NULL),
      ('public', 'stations', 'sight_id', 255, NULL),
      ('public', 'stations', 'about_sight_id', 255, NULL),
      ('public', 'stations', 'title', 300, NULL),
      ('public', 'stations', 'text', 20000, NULL),
      ('public', 'stations', 'audio_path', 300, NULL),
      ('public', 'stations', 'audio_mime', 100, NULL),
      ('public', 'stations', 'sentences', 1048576, NULL),
      ('public', 'stations', 'sources', 262144, NULL),
      ('public', 'subscriptions', 'provider_ref', 255, NULL),
      ('public', 'themes', 'name', 100, NULL),
      ('public', 'themes', 'css_class', 100, NULL),
      ('wf_auth', 'flow_state', 'provider', 50, NULL),
      ('wf_auth', 'flow_state', 'auth_code', 200, NULL),
      ('wf_auth', 'flow_state', 'code_challenge', 128, NULL),
      ('wf_auth', 'flow_state', 'code_challenge_method', 10, NULL),
      ('wf_auth', 'flow_state', 'redirect_to', 2048, NULL),
      ('wf_auth', 'mailbox', 'to_email', 320, NULL),
      ('wf_auth', 'mailbox', 'subject', 500, NULL),
      ('wf_auth', 'mailbox', 'code', 20, NULL),
      ('wf_auth', 'mailbox', 'text_body', 100000, NULL),
      ('wf_auth', 'mailbox', 'html_body', 100000, NULL),
      ('wf_auth', 'otp_codes', 'code_hash', 200, NULL),
      ('wf_auth', 'otp_codes', 'purpose', 50, NULL),
      ('wf_auth', 'rate_limits', 'bucket', 600, NULL),
      ('wf_auth', 'signin_failures', 'bucket', 600, NULL)
    ) AS v(sch, tab, col, max_len, max_items)
  LOOP
    SELECT CASE WHEN a.atttypid = 'jsonb'::regtype THEN 'jsonb'
                WHEN a.atttypid = 'bytea'::regtype THEN 'bytea'
                WHEN a.atttypid = 'text[]'::regtype THEN 'array'
                ELSE 'text' END
      INTO kind
      FROM pg_attribute a
     WHERE a.attrelid = to_regclass(format('%I.%I', c.sch, c.tab)) AND a.attname = c.col AND NOT a.attisdropped;
    -- A column another migration has not created (a hosted project's own auth schema) is left alone.
    CONTINUE WHEN kind IS NULL;
    expr := CASE kind
      WHEN 'jsonb' THEN format('octet_length(%I::text) <= %s', c.col, c.max_len)
      WHEN 'bytea' THEN format('octet_length(%I) <= %s', c.col, c.max_len)
      WHEN 'array' THEN format('cardinality(%I) <= %s AND char_length(array_to_string(%I, %L)) <= %s',
                               c.col, c.max_items, c.col, '', c.max_len)
      ELSE format('char_length(%I) <= %s', c.col, c.max_len)
    END;
    cname := left(c.tab || '_' || c.col || '_len', 63);
    BEGIN
      EXECUTE format('ALTER TABLE %I.%I DROP CONSTRAINT IF EXISTS %I', c.sch, c.tab, cname);
      EXECUTE format('ALTER TABLE %I.%I ADD CONSTRAINT %I CHECK (%s) NOT VALID', c.sch, c.tab, cname, expr);
      EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I.%I WHERE NOT (%s))', c.sch, c.tab, expr) INTO bad;
      IF NOT bad THEN
        EXECUTE format('ALTER TABLE %I.%I VALIDATE CONSTRAINT %I', c.sch, c.tab, cname);
      END IF;
    EXCEPTION WHEN insufficient_privilege THEN
      -- Hosted Supabase owns its auth schema: its own limits apply there.
      RAISE NOTICE 'no length limit added to %.%.% (not the owner)', c.sch, c.tab, c.col;
    END;
  END LOOP;
END $$;
