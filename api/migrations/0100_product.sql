-- Product schema (spec points 3 and 7). Users come from the core migrations: auth.users(id), public.profiles(id).
CREATE EXTENSION IF NOT EXISTS cube;
CREATE EXTENSION IF NOT EXISTS earthdistance;

CREATE TABLE IF NOT EXISTS public.sights (
  id text PRIMARY KEY,
  slug text NOT NULL UNIQUE CHECK (char_length(slug) BETWEEN 1 AND 80),
  name text NOT NULL,
  normalized_name text NOT NULL,
  description text NOT NULL DEFAULT '',
  cover_image_url text,
  img_preview text,
  city text,
  country text,
  country_code text,
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  rating_avg numeric(3,2) NOT NULL DEFAULT 0,
  ratings_count integer NOT NULL DEFAULT 0 CHECK (ratings_count >= 0),
  category_slugs text[] NOT NULL DEFAULT '{}',
  category_hint text,
  subtype text,
  popularity integer CHECK (popularity BETWEEN 0 AND 100),
  source text NOT NULL DEFAULT 'seed',
  source_id text,
  hidden boolean NOT NULL DEFAULT false,
  merged_into text REFERENCES public.sights(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The nearby query is an earth_box bounding-box probe on this index, then an exact earth_distance filter.
CREATE INDEX IF NOT EXISTS sights_earth_idx ON public.sights USING gist (ll_to_earth(latitude, longitude));
CREATE INDEX IF NOT EXISTS sights_categories_idx ON public.sights USING gin (category_slugs);
CREATE INDEX IF NOT EXISTS sights_normalized_name_idx ON public.sights (normalized_name);
CREATE INDEX IF NOT EXISTS sights_popularity_idx ON public.sights (popularity DESC NULLS LAST) WHERE NOT hidden;

CREATE TABLE IF NOT EXISTS public.stations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  sight_id text NOT NULL REFERENCES public.sights(id) ON DELETE CASCADE,
  guide_id uuid,
  position integer NOT NULL,
  title text NOT NULL,
  text text NOT NULL,
  audio_path text,
  audio_mime text,
  latitude double precision,
  longitude double precision,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS stations_sight_idx ON public.stations (sight_id, position);

CREATE TABLE IF NOT EXISTS public.comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  sight_id text NOT NULL REFERENCES public.sights(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES auth.users(id) ON DELETE CASCADE,
  parent_id uuid REFERENCES public.comments(id) ON DELETE CASCADE,
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
  rating smallint CHECK (rating BETWEEN 1 AND 5),
  mentions text[] NOT NULL DEFAULT '{}',
  likes_count integer NOT NULL DEFAULT 0 CHECK (likes_count >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS comments_sight_idx ON public.comments (sight_id, created_at);
CREATE INDEX IF NOT EXISTS comments_parent_idx ON public.comments (parent_id);
CREATE INDEX IF NOT EXISTS comments_user_idx ON public.comments (user_id);

CREATE TABLE IF NOT EXISTS public.comment_likes (
  comment_id uuid NOT NULL REFERENCES public.comments(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES auth.users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (comment_id, user_id)
);

CREATE TABLE IF NOT EXISTS public.sight_images (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  sight_id text NOT NULL REFERENCES public.sights(id) ON DELETE CASCADE,
  user_id uuid REFERENCES auth.users(id) ON DELETE CASCADE,
  storage_path text NOT NULL,
  mime text NOT NULL,
  width integer,
  height integer,
  bytes integer,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reviewed_by uuid REFERENCES auth.users(id) ON DELETE SET NULL,
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS sight_images_sight_idx ON public.sight_images (sight_id, status);
CREATE INDEX IF NOT EXISTS sight_images_status_idx ON public.sight_images (status, created_at);

CREATE TABLE IF NOT EXISTS public.news (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL,
  summary text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  image_url text,
  is_published boolean NOT NULL DEFAULT false,
  published_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS news_published_idx ON public.news (is_published, published_at DESC);

CREATE TABLE IF NOT EXISTS public.roadmap (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'planned' CHECK (status IN ('completed', 'in_progress', 'planned')),
  position_order integer NOT NULL DEFAULT 0,
  is_published boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS roadmap_order_idx ON public.roadmap (position_order);

CREATE TABLE IF NOT EXISTS public.themes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL UNIQUE,
  css_class text NOT NULL,
  is_seasonal boolean NOT NULL DEFAULT false,
  is_active boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- At most one theme is active at a time.
CREATE UNIQUE INDEX IF NOT EXISTS themes_one_active_idx ON public.themes (is_active) WHERE is_active;

-- Append-only ledger; a user's balance is SUM(amount). Debits take a per-user advisory lock first.
CREATE TABLE IF NOT EXISTS public.currency_ledger (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES auth.users(id) ON DELETE CASCADE,
  amount integer NOT NULL CHECK (amount <> 0),
  reason text NOT NULL,
  ref text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS currency_ledger_user_idx ON public.currency_ledger (user_id);

CREATE TABLE IF NOT EXISTS public.shop_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  price integer NOT NULL CHECK (price >= 0),
  kind text NOT NULL DEFAULT 'item',
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS public.purchases (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES auth.users(id) ON DELETE CASCADE,
  item_id uuid NOT NULL REFERENCES public.shop_items(id) ON DELETE RESTRICT,
  price integer NOT NULL,
  idempotency_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX IF NOT EXISTS purchases_created_idx ON public.purchases (created_at);

CREATE TABLE IF NOT EXISTS public.subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL UNIQUE REFERENCES auth.users(id) ON DELETE CASCADE,
  plan text NOT NULL CHECK (plan IN ('free', 'plus', 'premium')),
  status text NOT NULL CHECK (status IN ('trialing', 'active', 'canceled')),
  pending_plan text CHECK (pending_plan IN ('free', 'plus', 'premium')),
  trial_ends_at timestamptz,
  current_period_start timestamptz NOT NULL DEFAULT now(),
  current_period_end timestamptz NOT NULL,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  provider_ref text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS public.payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES auth.users(id) ON DELETE CASCADE,
  amount_cents integer NOT NULL,
  description text NOT NULL,
  provider_ref text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS public.presence (
  session_id text PRIMARY KEY,
  user_id uuid REFERENCES auth.users(id) ON DELETE CASCADE,
  ip_address text,
  path text,
  last_seen timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS presence_last_seen_idx ON public.presence (last_seen);

-- kind: page_view | sale | guide_generation | expense; amounts in cents.
CREATE TABLE IF NOT EXISTS public.analytics_events (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  user_id uuid REFERENCES auth.users(id) ON DELETE SET NULL,
  amount_cents integer NOT NULL DEFAULT 0,
  tokens integer NOT NULL DEFAULT 0,
  meta jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS analytics_events_kind_idx ON public.analytics_events (kind, created_at);

CREATE TABLE IF NOT EXISTS public.admin_audit_log (
  id bigserial PRIMARY KEY,
  admin_id uuid REFERENCES auth.users(id) ON DELETE SET NULL,
  action text NOT NULL,
  target_type text NOT NULL,
  target_id text,
  details jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS admin_audit_log_created_idx ON public.admin_audit_log (created_at DESC);

CREATE TABLE IF NOT EXISTS public.guides (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  sight_id text NOT NULL REFERENCES public.sights(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES auth.users(id) ON DELETE CASCADE,
  writer text NOT NULL,
  language text NOT NULL DEFAULT 'en',
  tokens integer NOT NULL DEFAULT 0,
  cost_cents integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS guides_user_month_idx ON public.guides (user_id, created_at);
