import { z } from 'zod';
import { CategorySlug, NewsInput, RoadmapInput, ShopItem, Sight } from './index';
import { queryInt, text } from './input';

/**
 * Admin API schemas beyond the news/roadmap ones of spec point 7: dashboard query params, moderation, shop,
 * themes, content management and the audit log. Imported by api/ (validation) and @wayfarer/api-client (types).
 */

const page = queryInt().min(1).default(1);
const uuid = z.string().uuid('Invalid id');
const sightId = text().trim().min(1).max(200);
/** An absolute http(s) URL or an API-relative path ('/sights/images/file/…'). */
const imageRef = text()
  .trim()
  .max(2000)
  .refine(
    (v) => /^https?:\/\/\S+$/i.test(v) || /^\/\S*$/.test(v),
    'The image must be an http(s) URL or a path starting with /.',
  );

/** An editor's empty (or blank) text field as null, before `schema` checks it. */
export const blankAsNull = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && !v.trim() ? null : v), schema);

// ---- news and roadmap forms (the schemas themselves are in ./index, next to the spec's other calls)
export type NewsFields = z.input<typeof NewsInput>;
export type RoadmapFields = z.input<typeof RoadmapInput>;

// ---- dashboard
export const UserGrowthQuery = z.object({ period: z.enum(['day', 'week', 'month']).default('day') });
export type GrowthPeriod = z.infer<typeof UserGrowthQuery>['period'];
export const TimeRange = z.enum(['daily', 'weekly', 'monthly']);
export type TimeRange = z.infer<typeof TimeRange>;
/** `type` asks for one series only, so the two dashboard calls can run in parallel; without it both come back. */
export const AnalyticsQuery = z.object({
  timeRange: TimeRange.default('daily'),
  type: z.enum(['financial', 'shop']).optional(),
});
export const FinancialPoint = z.object({
  date: z.string(),
  income: z.number(),
  expenses: z.number(),
  net: z.number(),
});
export type FinancialPoint = z.infer<typeof FinancialPoint>;
export const ShopTopItem = z.object({ name: z.string(), sales: z.number() });
export const ShopAnalyticsPoint = z.object({
  date: z.string(),
  sales: z.number(),
  revenue: z.number(),
  top_items: z.array(ShopTopItem),
});
export type ShopAnalyticsPoint = z.infer<typeof ShopAnalyticsPoint>;
export const AnalyticsResponse = z.object({
  ok: z.literal(true),
  financial: z.array(FinancialPoint).optional(),
  shop: z.array(ShopAnalyticsPoint).optional(),
});
export type AnalyticsResponse = z.infer<typeof AnalyticsResponse>;

// ---- pending images
export const PendingImage = z.object({
  id: z.string(),
  sight_id: z.string(),
  sight_name: z.string(),
  user_id: z.string().nullable(),
  uploader_name: z.string().nullable(),
  /** Previewed through the signed URL route GET /sights/images/sign/{storage_path}. */
  storage_path: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  bytes: z.number().nullable(),
  created_at: z.string(),
});
export type PendingImage = z.infer<typeof PendingImage>;
export const PendingImagesResponse = z.object({ ok: z.literal(true), items: z.array(PendingImage) });
export type PendingImagesResponse = z.infer<typeof PendingImagesResponse>;
export const ImageReviewInput = z.object({ ids: z.array(uuid).min(1).max(500) });
export const ImageReviewResponse = z.object({
  ok: z.literal(true),
  updated: z.array(z.string()),
  message: z.string(),
});
export type ImageReviewResponse = z.infer<typeof ImageReviewResponse>;

// ---- shop
export const AdminShopItem = ShopItem.extend({
  image_url: z.string().nullable(),
  sales: z.number(),
  revenue: z.number(),
  last_sold_at: z.string().nullable(),
});
export type AdminShopItem = z.infer<typeof AdminShopItem>;
const PRICE_MESSAGE = 'The price must be a whole number of coins, 0 to 1,000,000.';
export const AdminShopItemInput = z.object({
  /** Derived from the name when left out. */
  slug: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/, 'Slug must be lowercase letters, digits and dashes')
    .optional(),
  name: text().trim().min(1, 'Please enter a name.').max(120),
  description: text().trim().max(2000).default(''),
  price: z.number().int(PRICE_MESSAGE).min(0, PRICE_MESSAGE).max(1_000_000, PRICE_MESSAGE),
  kind: text().trim().min(1).max(40).default('item'),
  image_url: imageRef.nullable().optional(),
  is_active: z.boolean().default(true),
});
export type AdminShopItemInput = z.input<typeof AdminShopItemInput>;
/** The admin's shop item editor: AdminShopItemInput with the price as typed (digits) and a blank image as none. */
export const AdminShopItemForm = AdminShopItemInput.extend({
  price: text()
    .trim()
    .regex(/^\d+$/, PRICE_MESSAGE)
    .refine((v) => Number(v) <= 1_000_000, PRICE_MESSAGE),
  image_url: blankAsNull(imageRef.nullable()),
});
export const AdminShopItemPatch = AdminShopItemInput.partial().refine(
  (b) => Object.keys(b).length > 0,
  'Nothing to update',
);
export type AdminShopItemPatch = z.input<typeof AdminShopItemPatch>;
export const AdminShopItemsResponse = z.object({ ok: z.literal(true), items: z.array(AdminShopItem) });
export type AdminShopItemsResponse = z.infer<typeof AdminShopItemsResponse>;
export const AdminShopItemResponse = z.object({
  ok: z.literal(true),
  item: AdminShopItem,
  message: z.string(),
});
export type AdminShopItemResponse = z.infer<typeof AdminShopItemResponse>;
export const AdminShopDeleteResponse = z.object({
  ok: z.literal(true),
  deleted: z.boolean(),
  message: z.string(),
});
export type AdminShopDeleteResponse = z.infer<typeof AdminShopDeleteResponse>;

// ---- themes
export const AdminTheme = z.object({
  id: z.string(),
  name: z.string(),
  css_class: z.string(),
  is_seasonal: z.boolean(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type AdminTheme = z.infer<typeof AdminTheme>;
export const AdminThemesResponse = z.object({ ok: z.literal(true), themes: z.array(AdminTheme) });
export type AdminThemesResponse = z.infer<typeof AdminThemesResponse>;
export const AdminThemeResponse = z.object({ ok: z.literal(true), theme: AdminTheme, message: z.string() });
export type AdminThemeResponse = z.infer<typeof AdminThemeResponse>;
export const AdminThemeInput = z.object({
  name: text().trim().min(1).max(80),
  css_class: z.string().regex(/^theme-[a-z0-9-]+$/, 'css_class must look like theme-name'),
  is_seasonal: z.boolean().default(false),
});
export const AdminThemePatch = z.object({ is_seasonal: z.boolean() });

// ---- content management (sights and stations)
export const AdminSightSearchQuery = z.object({
  q: text().trim().max(200).default(''),
  page,
  pageSize: queryInt().min(1).max(100).default(25),
  hidden: z.enum(['true', 'false']).optional(),
});
export type AdminSightSearchQuery = z.input<typeof AdminSightSearchQuery>;
export const AdminSight = Sight.extend({
  hidden: z.boolean(),
  merged_into: z.string().nullable(),
  comments_count: z.number(),
  images_count: z.number(),
  stations_count: z.number(),
});
export type AdminSight = z.infer<typeof AdminSight>;
export const AdminSightSearchResponse = z.object({
  ok: z.literal(true),
  items: z.array(AdminSight),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminSightSearchResponse = z.infer<typeof AdminSightSearchResponse>;
export const AdminStation = z.object({
  id: z.string(),
  position: z.number(),
  title: z.string(),
  text: z.string(),
  has_audio: z.boolean(),
  /** Where the station is (follow me starts its narration nearby); null when it has no location. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type AdminStation = z.infer<typeof AdminStation>;
export const AdminSightDetailResponse = z.object({
  ok: z.literal(true),
  sight: AdminSight,
  stations: z.array(AdminStation),
});
export type AdminSightDetailResponse = z.infer<typeof AdminSightDetailResponse>;
const AdminSightFields = z.object({
  name: text().trim().min(1, 'Please enter a name.').max(200).optional(),
  description: text().trim().max(5000).optional(),
  city: text().trim().max(200).nullable().optional(),
  category_slugs: z.array(CategorySlug).min(1, 'Pick at least one category.').max(4).optional(),
  cover_image_url: imageRef.nullable().optional(),
});
export const AdminSightPatch = AdminSightFields.strict().refine(
  (b) => Object.keys(b).length > 0,
  'Nothing to update',
);
export type AdminSightPatch = z.input<typeof AdminSightPatch>;
/** The content editor's sight details: AdminSightPatch's fields, name and categories required, a blank cover as none. */
export const AdminSightForm = AdminSightFields.required({ name: true, category_slugs: true }).extend({
  cover_image_url: blankAsNull(imageRef.nullable()),
});
export const AdminSightResponse = z.object({ ok: z.literal(true), sight: AdminSight, message: z.string() });
export type AdminSightResponse = z.infer<typeof AdminSightResponse>;
/**
 * The sight's whole ordered station list: ids keep (and edit) a station, no id adds one, a missing id removes it.
 * latitude/longitude come as a pair: numbers set the location, null clears it, leaving both out keeps a kept
 * station's location (a new station has none).
 */
export const AdminStationsInput = z.object({
  stations: z
    .array(
      z
        .object({
          id: uuid.optional(),
          title: text().trim().min(1, 'Every station needs a title.').max(200),
          text: text().trim().max(10_000).default(''),
          latitude: z
            .number()
            .min(-90, 'Latitude must be between -90 and 90.')
            .max(90, 'Latitude must be between -90 and 90.')
            .nullable()
            .optional(),
          longitude: z
            .number()
            .min(-180, 'Longitude must be between -180 and 180.')
            .max(180, 'Longitude must be between -180 and 180.')
            .nullable()
            .optional(),
        })
        .refine(
          (st) =>
            st.latitude === st.longitude ||
            (typeof st.latitude === 'number' && typeof st.longitude === 'number'),
          {
            message: 'A station location needs both latitude and longitude.',
            path: ['longitude'],
          },
        ),
    )
    .max(100)
    .refine(
      (l) => new Set(l.filter((s) => s.id).map((s) => s.id)).size === l.filter((s) => s.id).length,
      'Duplicate station ids',
    ),
});
export type AdminStationsInput = z.input<typeof AdminStationsInput>;
export const AdminStationsResponse = z.object({
  ok: z.literal(true),
  stations: z.array(AdminStation),
  message: z.string(),
});
export type AdminStationsResponse = z.infer<typeof AdminStationsResponse>;
export const AdminMergeInput = z
  .object({ keep_id: sightId, merge_ids: z.array(sightId).min(1).max(50) })
  .refine((b) => !b.merge_ids.includes(b.keep_id), 'A sight cannot be merged into itself')
  .refine((b) => new Set(b.merge_ids).size === b.merge_ids.length, 'Duplicate ids in merge_ids');
export type AdminMergeInput = z.input<typeof AdminMergeInput>;
export const AdminMergeResponse = z.object({
  ok: z.literal(true),
  sight: AdminSight,
  merged: z.array(z.string()),
  moved: z.object({ comments: z.number(), images: z.number(), stations: z.number(), guides: z.number() }),
  message: z.string(),
});
export type AdminMergeResponse = z.infer<typeof AdminMergeResponse>;

// ---- audit log
export const AuditLogQuery = z.object({
  page,
  pageSize: queryInt().min(1).max(200).default(50),
  /** Exact action ('news.create') or a prefix ending in a dot ('news.'). */
  action: text().trim().max(100).optional(),
  /** Part of the admin's display name or e-mail, case-insensitive. */
  actor: text().trim().max(200).optional(),
  admin_id: uuid.optional(),
  target_type: text().trim().max(100).optional(),
  target_id: text().trim().max(200).optional(),
});
export type AuditLogQuery = z.input<typeof AuditLogQuery>;
export const AuditLogEntry = z.object({
  id: z.string(),
  admin_id: z.string().nullable(),
  admin_name: z.string().nullable(),
  admin_email: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  details: z.unknown(),
  created_at: z.string(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;
export const AuditLogResponse = z.object({
  ok: z.literal(true),
  items: z.array(AuditLogEntry),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AuditLogResponse = z.infer<typeof AuditLogResponse>;

// ---- dashboard stats, online users and user growth (GET /admin/stats, /admin/online-users, /admin/user-growth)
export const AdminStats = z.object({
  pending_images: z.number(),
  approved_images: z.number(),
  total_users: z.number(),
  total_sights: z.number(),
  total_avatars: z.number(),
  active_themes: z.number(),
  recent_uploads: z.number(),
  image_growth_percent: z.number(),
  user_growth_percent: z.number(),
  top_countries: z.array(z.object({ country: z.string(), count: z.number() })),
  activity: z.object({
    images_pending_review: z.number(),
    uploads_this_week: z.number(),
    new_users_this_month: z.number(),
  }),
  analytics: z.object({
    online_users_count: z.number(),
    revenue_today: z.number(),
    expenses_today: z.number(),
    openai_cost_today: z.number(),
    tokens_used_today: z.number(),
    shop_sales_today: z.number(),
    shop_revenue_today: z.number(),
  }),
});
export type AdminStats = z.infer<typeof AdminStats>;
export const AdminStatsResponse = z.object({ ok: z.literal(true), stats: AdminStats });
export type AdminStatsResponse = z.infer<typeof AdminStatsResponse>;
export const OnlineUser = z.object({
  /** The user id, or the session id of an anonymous visitor. */
  id: z.string(),
  display_name: z.string(),
  last_seen: z.string(),
  session_id: z.string(),
  ip_address: z.string().nullable(),
  /** Always '' (e-mail addresses are not shown on the dashboard). */
  email: z.string(),
});
export const OnlineUsersResponse = z.object({ ok: z.literal(true), onlineUsers: z.array(OnlineUser) });
export type OnlineUser = z.infer<typeof OnlineUser>;
export type OnlineUsersResponse = z.infer<typeof OnlineUsersResponse>;
export const UserGrowthPoint = z.object({
  timestamp: z.string(),
  period: z.string(),
  newUsers: z.number(),
  totalUsers: z.number(),
  growthRate: z.number(),
});
export const UserGrowthResponse = z.object({ ok: z.literal(true), data: z.array(UserGrowthPoint) });
export type UserGrowthPoint = z.infer<typeof UserGrowthPoint>;
export type UserGrowthResponse = z.infer<typeof UserGrowthResponse>;
