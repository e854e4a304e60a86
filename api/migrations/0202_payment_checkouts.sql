-- Payments through a hosted provider (Stripe Checkout). A checkout is the server's record of what the user asked
-- to buy: the coin pack or the plan, the amount in cents and the provider's session. Nothing is credited when it is
-- created; the provider's signed webhook turns a pending checkout into a payment (once: the status moves from
-- pending only once, and each webhook event id is recorded).
CREATE TABLE IF NOT EXISTS public.payment_checkouts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES auth.users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('coins', 'plan')),
  pack text CHECK (char_length(pack) <= 40),
  coins integer CHECK (coins > 0),
  plan text CHECK (plan IN ('standard', 'premium')),
  period text CHECK (period IN ('monthly', 'yearly')),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL DEFAULT 'usd' CHECK (char_length(currency) = 3),
  description text NOT NULL CHECK (char_length(description) <= 200),
  provider text NOT NULL CHECK (provider IN ('stripe')),
  provider_session_id text UNIQUE CHECK (char_length(provider_session_id) <= 255),
  checkout_url text CHECK (char_length(checkout_url) <= 2048),
  idempotency_key text CHECK (char_length(idempotency_key) <= 100),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'expired', 'failed')),
  payment_id uuid REFERENCES public.payments(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  UNIQUE (user_id, idempotency_key),
  CHECK ((kind = 'coins' AND pack IS NOT NULL AND coins IS NOT NULL) OR (kind = 'plan' AND plan IS NOT NULL AND period IS NOT NULL))
);
CREATE INDEX IF NOT EXISTS payment_checkouts_user_idx ON public.payment_checkouts (user_id, created_at DESC);

-- Webhook events already handled: the provider delivers at least once, so a repeated event id changes nothing.
CREATE TABLE IF NOT EXISTS public.payment_events (
  event_id text PRIMARY KEY CHECK (char_length(event_id) <= 255),
  type text NOT NULL CHECK (char_length(type) <= 100),
  received_at timestamptz NOT NULL DEFAULT now()
);

-- Who collects a plan's renewals: 'local' (the development checkout, charged at each boundary as before) or
-- 'provider' (paid through the provider's checkout; no renewal is charged without it, so the plan ends instead).
ALTER TABLE public.subscriptions ADD COLUMN IF NOT EXISTS billing text NOT NULL DEFAULT 'local';
ALTER TABLE public.subscriptions DROP CONSTRAINT IF EXISTS subscriptions_billing_check;
ALTER TABLE public.subscriptions ADD CONSTRAINT subscriptions_billing_check CHECK (billing IN ('local', 'provider'));
