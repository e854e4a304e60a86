-- Account area: subscriptions follow the pricing table (free, standard, premium) with monthly or yearly billing;
-- avatars are stored in the database so any number of API copies can serve them.

UPDATE public.subscriptions SET plan = 'standard' WHERE plan = 'plus';
UPDATE public.subscriptions SET pending_plan = 'standard' WHERE pending_plan = 'plus';
ALTER TABLE public.subscriptions DROP CONSTRAINT IF EXISTS subscriptions_plan_check;
ALTER TABLE public.subscriptions DROP CONSTRAINT IF EXISTS subscriptions_pending_plan_check;
ALTER TABLE public.subscriptions ADD CONSTRAINT subscriptions_plan_check CHECK (plan IN ('free', 'standard', 'premium'));
ALTER TABLE public.subscriptions ADD CONSTRAINT subscriptions_pending_plan_check CHECK (pending_plan IN ('free', 'standard', 'premium'));

ALTER TABLE public.subscriptions ADD COLUMN IF NOT EXISTS period text NOT NULL DEFAULT 'monthly';
ALTER TABLE public.subscriptions DROP CONSTRAINT IF EXISTS subscriptions_period_check;
ALTER TABLE public.subscriptions ADD CONSTRAINT subscriptions_period_check CHECK (period IN ('monthly', 'yearly'));
ALTER TABLE public.subscriptions ADD COLUMN IF NOT EXISTS pending_period text;
ALTER TABLE public.subscriptions DROP CONSTRAINT IF EXISTS subscriptions_pending_period_check;
ALTER TABLE public.subscriptions ADD CONSTRAINT subscriptions_pending_period_check CHECK (pending_period IN ('monthly', 'yearly'));
-- The premium trial is granted once per user, even after the subscription ends.
ALTER TABLE public.subscriptions ADD COLUMN IF NOT EXISTS trial_used boolean NOT NULL DEFAULT false;
UPDATE public.subscriptions SET trial_used = true WHERE trial_ends_at IS NOT NULL;

CREATE INDEX IF NOT EXISTS payments_user_idx ON public.payments (user_id, created_at DESC);
CREATE INDEX IF NOT EXISTS purchases_user_idx ON public.purchases (user_id, created_at DESC);
CREATE INDEX IF NOT EXISTS sight_images_user_idx ON public.sight_images (user_id, created_at DESC);

CREATE TABLE IF NOT EXISTS public.avatars (
  user_id uuid PRIMARY KEY REFERENCES auth.users(id) ON DELETE CASCADE,
  mime text NOT NULL CHECK (mime IN ('image/jpeg', 'image/png', 'image/webp')),
  data bytea NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
