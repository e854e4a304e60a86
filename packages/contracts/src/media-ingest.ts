import { z } from 'zod';
import { queryInt, text } from './api/input';

/**
 * Schemas of the ingest and sight-image calls (spec point 7: POST /sights/ingest, POST/DELETE /sights/{id}/images,
 * GET /sights/images/sign/{path}, GET /media/sign). Shared by api/ and @wayfarer/api-client.
 */

const lat = z.number().finite().min(-90).max(90);
const lon = z.number().finite().min(-180).max(180);

/**
 * POST /sights/ingest. `km` is the radius to widen to (clamped to 1-20 like the nearby radius); `km_prev` the radius
 * the caller already holds (the server only skips that inner disc when its own ingest log shows it covered);
 * `source` names the caller ('explore') or picks the data source: 'local' (the bundled OSM file) or 'remote' (the
 * configured Overpass-compatible service; 400 when none is configured); anything else uses the configured default.
 * `publish: false` ingests new sights hidden. `categories` limits what is stored (aliases accepted); empty = all.
 */
export const SightIngestInput = z.object({
  lat,
  lon,
  km: z
    .number()
    .finite()
    .optional()
    .transform((v) => Math.min(20, Math.max(1, v ?? 5))),
  km_prev: z.number().finite().min(0).max(1000).optional(),
  source: text().trim().max(50).optional(),
  publish: z.boolean().optional(),
  categories: z.union([text().max(200), z.array(text().max(50)).max(10)]).optional(),
});
export type SightIngestInput = z.input<typeof SightIngestInput>;

export const IngestProvider = z.enum(['local', 'overpass']);
export type IngestProvider = z.infer<typeof IngestProvider>;

export const SightIngestResponse = z.object({
  ok: z.literal(true),
  /** Where the map data came from. */
  source: IngestProvider,
  /** True when a recent ingest already covered this disc and nothing was fetched. */
  cached: z.boolean(),
  km: z.number(),
  km_prev: z.number(),
  /** Elements the source returned. */
  fetched: z.number(),
  /** Named elements of a sight category inside the requested ring. */
  candidates: z.number(),
  inserted: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  /** Same normalized name within 120 m of a sight already stored (or earlier in the same batch). */
  duplicates: z.number(),
  /** Everything else the source returned: unnamed, not a sight category, outside the ring, filtered out. */
  skipped: z.number(),
  /** Ids of the sights inserted by this call. */
  inserted_ids: z.array(z.string()),
});
export type SightIngestResponse = z.infer<typeof SightIngestResponse>;

/** One element of an Overpass API JSON response (nodes carry lat/lon, ways and relations `center` with `out center`). */
export const OverpassElement = z.object({
  type: z.enum(['node', 'way', 'relation']),
  id: z.number().int(),
  lat: z.number().optional(),
  lon: z.number().optional(),
  center: z.object({ lat: z.number(), lon: z.number() }).optional(),
  tags: z.record(z.string()).optional(),
});
export type OverpassElement = z.infer<typeof OverpassElement>;
/** The response envelope; elements are checked one by one so a single odd element does not sink the batch. */
export const OverpassResponse = z.object({
  version: z.number().optional(),
  generator: z.string().optional(),
  remark: z.string().optional(),
  elements: z.array(z.unknown()),
});

export const ImageStatus = z.enum(['pending', 'approved', 'rejected']);
export type ImageStatus = z.infer<typeof ImageStatus>;

/** A sight image as the image calls answer it; `url` is a signed, expiring URL to the bytes. */
export const SightImageRecord = z.object({
  id: z.string(),
  sight_id: z.string(),
  user_id: z.string().nullable(),
  status: ImageStatus,
  /** Storage path; sign it with GET /sights/images/sign/{path} when `url` has expired. */
  path: z.string(),
  url: z.string(),
  url_expires_at: z.string(),
  mime: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  bytes: z.number().nullable(),
  created_at: z.string(),
});
export type SightImageRecord = z.infer<typeof SightImageRecord>;

export const ImageUploadResponse = z.object({
  ok: z.literal(true),
  image: SightImageRecord,
  message: z.string(),
});
export type ImageUploadResponse = z.infer<typeof ImageUploadResponse>;
export const ImageDeleteResponse = z.object({ ok: z.literal(true), id: z.string(), message: z.string() });
export type ImageDeleteResponse = z.infer<typeof ImageDeleteResponse>;
export const SightImagesResponse = z.object({ items: z.array(SightImageRecord) });
export type SightImagesResponse = z.infer<typeof SightImagesResponse>;

/** A sight path parameter: its id or its slug. */
export const SightParams = z.object({ id: text().min(1).max(200) });
export const ImageParams = z.object({
  id: text().min(1).max(200),
  imageId: z.string().uuid('imageId must be a UUID'),
});
export const MediaSignQuery = z.object({
  media_id: text().trim().min(1, 'media_id is required').max(500),
});
/** Query of the file route: expiry (unix seconds) and the HMAC signature. */
export const SignedFileQuery = z.object({
  exp: queryInt('bigint').positive().optional(),
  sig: text().max(200).optional(),
});
export const SignedUrlResponse = z.object({
  url: z.string(),
  expires_at: z.string(),
  path: z.string(),
  status: ImageStatus,
});
export type SignedUrlResponse = z.infer<typeof SignedUrlResponse>;

export * from './upload-limits';
