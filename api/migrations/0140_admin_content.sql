-- Admin content management: shop item images, audit-log filters, merged-sight lookups.
ALTER TABLE public.shop_items ADD COLUMN IF NOT EXISTS image_url text;

CREATE INDEX IF NOT EXISTS admin_audit_log_action_idx ON public.admin_audit_log (action, created_at DESC);
CREATE INDEX IF NOT EXISTS admin_audit_log_target_idx ON public.admin_audit_log (target_type, target_id);
CREATE INDEX IF NOT EXISTS sights_merged_into_idx ON public.sights (merged_into) WHERE merged_into IS NOT NULL;
CREATE INDEX IF NOT EXISTS purchases_item_idx ON public.purchases (item_id);
