import { z } from 'zod';
import { PLAN_IDS } from './pricing';
import { GUIDE_LANGUAGES, GUIDE_LIMIT_CODE, GUIDE_QUEUE_FULL_CODE } from './guide-limits';
import { int, text } from './api/input';
import { FactSource } from './api/index';

/**
 * Narrated audio guides (spec points 2 'Pricing', 7 'POST /sights/generate-guide', 9): request and response
 * schemas. Shared by api/ and @wayfarer/api-client. The monthly allowance per plan is in the pricing table.
 */

export * from './guide-limits';

export const GuideVoice = z.enum(['female', 'male']);
export type GuideVoice = z.infer<typeof GuideVoice>;

export const GuideLanguage = z.enum(GUIDE_LANGUAGES, {
  errorMap: () => ({ message: `language must be one of ${GUIDE_LANGUAGES.join(', ')}` }),
});
export type GuideLanguage = z.infer<typeof GuideLanguage>;

export const GenerateGuideInput = z
  .object({
    sight_id: text().trim().min(1, 'sight_id is required').max(200),
    /** Narration voice of the offline speech engine. */
    voice: GuideVoice.default('female'),
    /** The language the guide is written and spoken in. */
    language: GuideLanguage.default('en'),
    /** Speaking rate in words per minute. */
    words_per_minute: int()
      .min(100, 'words_per_minute must be 100-220')
      .max(220, 'words_per_minute must be 100-220')
      .default(160),
    /** Stations in the guide, the introduction included. */
    max_stations: int().min(1, 'max_stations must be 1-8').max(8, 'max_stations must be 1-8').default(5),
    /** Add nearby sights as stops when the sight has fewer stations of its own. */
    include_nearby: z.boolean().default(true),
    /** Radius for nearby stops, metres. */
    nearby_radius_m: int()
      .min(100, 'nearby_radius_m must be 100-3000')
      .max(3000, 'nearby_radius_m must be 100-3000')
      .default(1500),
  })
  .strict();
export type GenerateGuideInput = z.input<typeof GenerateGuideInput>;

/** When a sentence is spoken in the station's audio, seconds from its start. */
export const SentenceTiming = z.object({ text: z.string(), start: z.number(), end: z.number() });
export type SentenceTiming = z.infer<typeof SentenceTiming>;

export const GuideStation = z.object({
  id: z.string(),
  position: z.number().int(),
  title: z.string(),
  text: z.string(),
  /** API-relative URL of the narration (MP3; WAV for guides rendered before the encoder, see audio_mime), served with HTTP range requests. */
  audio_url: z.string().nullable(),
  audio_mime: z.string().nullable(),
  duration_s: z.number().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The sight this stop is about (the guide's sight or a nearby one). */
  sight_id: z.string().nullable(),
  sentences: z.array(SentenceTiming),
  /** Where the station's facts come from (Wikipedia, Wikidata), with their licences; empty when none were used. */
  sources: z.array(FactSource).optional(),
});
export type GuideStation = z.infer<typeof GuideStation>;

/**
 * A guide is made by a worker: 'queued' until one takes it, 'rendering' while its stations are narrated one by one
 * (stations holds those done, stations_total how many there will be), then 'ready'; 'failed' says why in failure
 * and does not count against the allowance.
 */
export const GuideStatus = z.enum(['queued', 'rendering', 'ready', 'failed']);
export type GuideStatus = z.infer<typeof GuideStatus>;

export const Guide = z.object({
  id: z.string(),
  status: GuideStatus,
  /** Stations the guide will have; null until its script is written. */
  stations_total: z.number().int().nullable(),
  /** Why a failed guide could not be made; null otherwise. */
  failure: z.string().nullable(),
  sight_id: z.string(),
  writer: z.string(),
  voice: z.string(),
  /** The language the guide is written and spoken in (GUIDE_LANGUAGES). */
  language: z.string(),
  /**
   * The language of the encyclopaedia facts it was written from: its own, or 'en' when the sources had nothing in
   * its language (the player says so); null when no cached facts were used or it is not written yet.
   */
  facts_language: z.string().nullable(),
  duration_s: z.number(),
  created_at: z.string(),
  stations: z.array(GuideStation),
});
export type Guide = z.infer<typeof Guide>;

export const GuideUsage = z.object({
  plan: z.enum(PLAN_IDS),
  /** Monthly allowance; null = unlimited. */
  limit: z.number().nullable(),
  used: z.number(),
  /** Left this month (allowance plus unused guide credits); null = unlimited. */
  remaining: z.number().nullable(),
  /** Purchased 'Extra guide' credits not used yet. */
  credits: z.number(),
  /** Start of the next month (UTC), when the allowance resets. */
  resets_at: z.string(),
});
export type GuideUsage = z.infer<typeof GuideUsage>;

/** POST /sights/generate-guide answers at once with the reserved guide ('queued') and its job; poll GET /guides/:id. */
export const GenerateGuideResponse = z.object({
  ok: z.literal(true),
  guide: Guide,
  usage: GuideUsage,
  job_id: z.string(),
});
export type GenerateGuideResponse = z.infer<typeof GenerateGuideResponse>;

/**
 * GET /sights/:id/guide[?language=fr]: the caller's latest finished guide for the sight in that language (any
 * language without one; null when none), the guide being made for it when one was requested after that (null
 * otherwise), the languages the caller has finished guides of the sight in, and the month's usage.
 */
export const SightGuideResponse = z.object({
  guide: Guide.nullable(),
  pending: Guide.nullable(),
  languages: z.array(GuideLanguage),
  usage: GuideUsage,
});
/** The query of GET /sights/:id/guide. */
export const SightGuideQuery = z.object({ language: GuideLanguage.optional() });
export type SightGuideResponse = z.infer<typeof SightGuideResponse>;

/** GET /guides/:id: one of the caller's guides. */
export const GuideResponse = z.object({ guide: Guide });
export type GuideResponse = z.infer<typeof GuideResponse>;

/** GET /guides/usage: the month's allowance. */
export const GuideUsageResponse = z.object({ usage: GuideUsage });
export type GuideUsageResponse = z.infer<typeof GuideUsageResponse>;

export const GuideLimitError = z.object({
  error: z.string(),
  message: z.string(),
  code: z.literal(GUIDE_LIMIT_CODE),
  upgrade_url: z.string(),
  usage: GuideUsage,
});
export type GuideLimitError = z.infer<typeof GuideLimitError>;

/** 429 of POST /sights/generate-guide while the user's earlier guides are still waiting or being made. */
export const GuideQueueFullError = z.object({
  error: z.string(),
  message: z.string(),
  code: z.literal(GUIDE_QUEUE_FULL_CODE),
  /** The user's guides waiting or being made now, and how many may be at once. */
  queued: z.number().int(),
  max_queued: z.number().int(),
});
export type GuideQueueFullError = z.infer<typeof GuideQueueFullError>;
