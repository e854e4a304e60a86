import { z } from 'zod';
import { ROADMAP_STATUSES } from '../roadmap';
import { int, queryInt, text } from './input';

/** Zod request/response schemas of the product API (spec point 7). Shared by api/ and @wayfarer/api-client. */

const num = z.coerce.number().finite();

export const CategorySlug = z.enum(['landmark', 'museum', 'scenery', 'historic']);

export const NearbyQuery = z.object({
  lat: num.min(-90).max(90),
  lon: num.min(-180).max(180),
  km: num.optional().transform((v) => Math.min(20, Math.max(1, v ?? 5))),
  categories: text().max(200).optional(),
  type: text().max(50).optional(),
  limit: queryInt().min(1).max(500).default(500),
});
export type NearbyQuery = z.input<typeof NearbyQuery>;

export const Sight = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  cover_image_url: z.string().nullable(),
  img_preview: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  country_code: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  rating_avg: z.number(),
  ratings_count: z.number(),
  category_slugs: z.array(z.string()),
  category_hint: z.string().nullable(),
  popularity: z.number().nullable(),
});
export type Sight = z.infer<typeof Sight>;

export const NearbySight = Sight.extend({ distance_m: z.number(), distance_km: z.number() });
export type NearbySight = z.infer<typeof NearbySight>;
export const NearbyResponse = z.object({ items: z.array(NearbySight) });
export type NearbyResponse = z.infer<typeof NearbyResponse>;

export const FeaturedResponse = z.object({ items: z.array(Sight) });

export const Station = z.object({
  id: z.string(),
  position: z.number(),
  title: z.string(),
  text: z.string(),
  audio_url: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type Station = z.infer<typeof Station>;

export const SightImage = z.object({
  id: z.string(),
  /** Signed, expiring URL relative to the API base. */
  url: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** 'approved' for everyone; the caller also gets their own 'pending'/'rejected' uploads. */
  status: z.enum(['pending', 'approved', 'rejected']).optional(),
  user_id: z.string().nullable().optional(),
  path: z.string().optional(),
});
/** A licence a fact is shared under (Wikipedia text: CC BY-SA 4.0; Wikidata: CC0 1.0). */
export const FactLicence = z.object({ name: z.string(), url: z.string() });
export type FactLicence = z.infer<typeof FactLicence>;
/** Where a fact comes from: a page people can open, and its licence. */
export const FactSource = z.object({ title: z.string(), url: z.string(), licence: FactLicence });
export type FactSource = z.infer<typeof FactSource>;
/** A Wikipedia article's summary (REST page/summary), shown with its attribution. */
export const SightSummary = z.object({
  title: z.string(),
  extract: z.string(),
  /** The article. */
  url: z.string(),
  licence: FactLicence,
  attribution: z.string(),
});
export type SightSummary = z.infer<typeof SightSummary>;
/** One Wikidata claim, as people read it ('Architect: Stephen Sauvestre'), with the item's page as its source. */
export const SightClaim = z.object({
  property: z.string(),
  kind: z.enum(['inception', 'architect', 'creator', 'heritage', 'height', 'visitors', 'website']),
  label: z.string(),
  value: z.string(),
  url: z.string(),
  licence: FactLicence,
});
export type SightClaim = z.infer<typeof SightClaim>;
/**
 * A sight's facts from Wikipedia and Wikidata, as cached by the background enrichment: 'ready' (summary
 * and/or claims), 'pending' (a source is configured and has not answered yet), 'none' (no Wikidata item, or the
 * sources have nothing), 'off' (no source configured, nothing cached).
 */
export const SightFacts = z.object({
  status: z.enum(['ready', 'pending', 'none', 'off']),
  language: z.string(),
  summary: SightSummary.nullable(),
  claims: z.array(SightClaim),
});
export type SightFacts = z.infer<typeof SightFacts>;

export const SightDetailResponse = z.object({
  sight: Sight.extend({
    images: z.array(SightImage),
    /** Always sent by the API (optional for clients' own sight objects made before sights had facts). */
    facts: SightFacts.optional(),
  }),
  stations: z.array(Station),
  /** The id the caller asked for when it was merged into this sight by an admin. */
  merged_from: z.string().optional(),
});
export type SightDetailResponse = z.infer<typeof SightDetailResponse>;

export const NewsItem = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  image_url: z.string().nullable(),
  is_published: z.boolean(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NewsItem = z.infer<typeof NewsItem>;
export const NewsInput = z.object({
  title: text().trim().min(1, 'Please enter a title.').max(200),
  summary: text().max(1000).default(''),
  body: text().max(20000).default(''),
  image_url: text()
    .url('Please enter a full image URL (https://…).')
    .max(2048, 'The image URL is too long (2048 characters at most).')
    .nullable()
    .optional(),
  is_published: z.boolean().default(false),
});
export const NewsPatch = NewsInput.partial();
/**
 * The admin's news editor: the API's NewsInput, where the editor also needs the text, and an empty image field
 * means no image (sent as null).
 */
export const NewsForm = NewsInput.extend({
  body: text().trim().min(1, 'Please write the news text.').max(20000),
  image_url: z.preprocess((v) => (typeof v === 'string' && !v.trim() ? null : v), NewsInput.shape.image_url),
});
export const NewsListResponse = z.object({ ok: z.literal(true), news: z.array(NewsItem) });
export const NewsItemResponse = z.object({
  ok: z.literal(true),
  news: NewsItem,
  message: z.string().optional(),
});
export type NewsListResponse = z.infer<typeof NewsListResponse>;
export type NewsItemResponse = z.infer<typeof NewsItemResponse>;

export const RoadmapStatus = z.enum(ROADMAP_STATUSES);
export const RoadmapItem = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  status: RoadmapStatus,
  position_order: z.number(),
  is_published: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RoadmapItem = z.infer<typeof RoadmapItem>;
export const RoadmapInput = z.object({
  title: text().trim().min(1, 'Please enter a title.').max(200),
  description: text().max(5000).default(''),
  status: RoadmapStatus.default('planned'),
  position_order: int().optional(),
  is_published: z.boolean().default(false),
});
export const RoadmapPatch = RoadmapInput.partial();
export const RoadmapListResponse = z.object({ ok: z.literal(true), roadmap: z.array(RoadmapItem) });
export const RoadmapItemResponse = z.object({
  ok: z.literal(true),
  roadmapItem: RoadmapItem,
  message: z.string().optional(),
});
export type RoadmapListResponse = z.infer<typeof RoadmapListResponse>;
export type RoadmapItemResponse = z.infer<typeof RoadmapItemResponse>;
export const RoadmapReorderInput = z.object({
  items: z
    .array(
      z.union([z.string().uuid(), z.object({ id: z.string().uuid(), position_order: int().optional() })]),
    )
    .min(1)
    .max(1000),
});

export const ActiveThemeResponse = z.object({
  theme: z.object({ name: z.string(), is_seasonal: z.boolean(), css_class: z.string() }).nullable(),
});
export type ActiveThemeResponse = z.infer<typeof ActiveThemeResponse>;

export const OkMessage = z.object({ ok: z.literal(true), message: z.string() });
export const Ok = z.object({ ok: z.literal(true) });

/**
 * Every 4xx/5xx answer of the product API: `error` and `message` say what went wrong (the same sentence), `code` a
 * machine-readable reason where there is one. Passthrough: an error may carry more (a 429's `usage`).
 */
export const ErrorBody = z
  .object({ error: z.string(), message: z.string(), code: z.string().optional() })
  .passthrough();
export type ErrorBody = z.infer<typeof ErrorBody>;

export const HealthResponse = z.object({ ok: z.literal(true), db: z.enum(['pglite', 'postgres']) });

export const GeocodeQuery = z.object({
  q: text().trim().min(1).max(200),
  limit: queryInt().min(1).max(50).default(10),
  format: text().max(20).optional(),
});
export const ReverseGeocodeQuery = z.object({
  lat: num.min(-90).max(90),
  lon: num.min(-180).max(180),
  zoom: queryInt().min(0).max(18).optional(),
  addressdetails: text().max(20).optional(),
  format: text().max(20).optional(),
});
export const GeocodeAddress = z.object({
  city: z.string().optional(),
  country: z.string().optional(),
  country_code: z.string().optional(),
});
export const GeocodePlace = z.object({
  place_id: z.number(),
  lat: z.string(),
  lon: z.string(),
  display_name: z.string(),
  name: z.string(),
  type: z.string(),
  class: z.string(),
  importance: z.number(),
  address: GeocodeAddress,
});
export type GeocodePlace = z.infer<typeof GeocodePlace>;
export const GeocodeResponse = z.array(GeocodePlace);

export const EnrichInput = z.object({
  sight_id: text().min(1).max(100),
  force: z.boolean().optional(),
  max_images: int().min(0).max(50).optional(),
  lat: z.number().min(-90).max(90).optional(),
  lon: z.number().min(-180).max(180).optional(),
  city: text().max(200).optional(),
  country: text().max(200).optional(),
  country_code: text().max(2).optional(),
});
export const EnrichResult = z.object({
  sight_id: z.string(),
  ok: z.boolean(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  country_code: z.string().nullable(),
  error: z.string().optional(),
});
export type EnrichResult = z.infer<typeof EnrichResult>;
export const EnrichBatchInput = z.object({
  items: z
    .array(
      z.object({
        sight_id: text().min(1).max(100),
        lat: z.number().min(-90).max(90).optional(),
        lon: z.number().min(-180).max(180).optional(),
      }),
    )
    .min(1)
    .max(500),
  force: z.boolean().optional(),
});
export const EnrichBatchResponse = z.array(EnrichResult);

export const IngestInput = z.object({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  km: z.number().min(0).max(50).default(5),
  km_prev: z.number().min(0).max(50).optional(),
  source: z.string().max(50).optional(),
  publish: z.boolean().optional(),
  categories: z.union([z.string(), z.array(z.string())]).optional(),
});
export const IngestResponse = z.object({
  ok: z.literal(true),
  inserted: z.number(),
  skipped: z.number(),
  source: z.string(),
});

export const CommentUser = z.object({
  id: z.string(),
  display_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
});
export const Comment = z.object({
  id: z.string(),
  user_id: z.string(),
  sight_id: z.string(),
  body: z.string(),
  rating: z.number().nullable(),
  parent_id: z.string().nullable(),
  reply_count: z.number(),
  likes_count: z.number(),
  user_liked: z.boolean(),
  created_at: z.string(),
  user: CommentUser,
});
export type Comment = z.infer<typeof Comment>;
/** A page of a sight's comments, oldest first; `next_cursor` asks for the next page (null on the last one). */
export const CommentListResponse = z.object({ items: z.array(Comment), next_cursor: z.string().nullable() });
/** Comments are read a bounded page at a time, so no thread, however long, makes one huge answer. */
export const COMMENTS_PAGE_MAX = 50;
export const CommentListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(COMMENTS_PAGE_MAX).default(20),
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor')
    .optional(),
});
/**
 * A client-made UUID naming one write (offline writes): the same key sent again by the same user gets the
 * first answer and changes nothing, so a queued write retried after a lost answer is applied once.
 */
export const IdempotencyKey = z.string().uuid('idempotency_key must be a UUID');
export const CommentInput = z.object({
  body: text()
    .trim()
    .min(1, 'Comment must be 1-2000 characters')
    .max(2000, 'Comment must be 1-2000 characters'),
  rating: int('smallint').min(1).max(5).nullable().optional(),
  parent_id: z.string().uuid().nullable().optional(),
  mentions: z.array(text().max(100)).max(20).optional(),
  idempotency_key: IdempotencyKey.optional(),
});
export const CommentPatch = z.object({
  body: text().trim().min(1).max(2000).optional(),
  rating: int('smallint').min(1).max(5).nullable().optional(),
});
export const CommentCreatedResponse = z.object({ id: z.string(), created_at: z.string() });
/** PATCH /comments/:id: the edited fields of the comment. */
export const CommentUpdatedResponse = z.object({
  ok: z.literal(true),
  comment: z.object({
    id: z.string(),
    body: z.string(),
    rating: z.number().nullable(),
    updated_at: z.string(),
  }),
});
export const LikeResponse = z.object({ liked: z.boolean(), likes_count: z.number() });
/** POST /comments/:id/like: an optional body; with a key, the toggle is applied once for that key. */
export const LikeInput = z.object({ idempotency_key: IdempotencyKey.optional() }).optional();

export const CurrencyResponse = z.object({ currency: z.number() });
export const ShopItem = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  kind: z.string(),
  is_active: z.boolean(),
  /** Set by admins: an absolute http(s) URL or an API-relative path; null when the item has no picture. */
  image_url: z.string().nullable(),
});
export type ShopItem = z.infer<typeof ShopItem>;
export const ShopItemsResponse = z.object({ ok: z.literal(true), items: z.array(ShopItem) });
export const PurchaseInput = z.object({
  item_id: z.string().uuid(),
  idempotency_key: text().min(1).max(100).optional(),
});
export const PurchaseResponse = z.object({
  ok: z.literal(true),
  purchase_id: z.string(),
  currency: z.number(),
  /** True when the idempotency key had been used: the earlier purchase, nothing bought again. */
  replayed: z.literal(true).optional(),
});

export const PresenceInput = z.object({
  session_id: text().min(1).max(200),
  path: text().max(500).optional(),
});
