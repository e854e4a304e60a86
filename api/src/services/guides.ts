import { randomUUID } from 'node:crypto';
import {
  GUIDE_LANGUAGES,
  GUIDE_LIMIT_CODE,
  GUIDE_QUEUE_FULL_CODE,
  guideMonthlyLimit,
  PRICING_PLANS,
  type GenerateGuideInput,
  type Guide,
  type GuideStation,
  type GuideLanguage,
  type GuideUsage,
  type GuideVoice,
} from '@wayfarer/contracts';
import { transactionAs } from '../auth/service';
import type { Db, Queryable } from '../db/types';
import { HttpError, notFound } from '../http/errors';
import type { StopFacts } from './guide-writer';
import { currentSubscription } from './subscriptions';

/** Rendered audio lives in <media dir>/guide-audio/<guide id>/ (DATA_DIR/media by default); stations.audio_path is relative to the media dir. */
export const AUDIO_DIR = 'guide-audio';
/**
 * An unfinished guide counts against the allowance while its job lives; one no worker has touched for this long
 * (no worker running at all) stops counting. Workers touch updated_at at every station.
 */
const STALE_RENDER = "interval '30 minutes'";

export class GuideLimitReached extends HttpError {
  constructor(readonly usage: GuideUsage) {
    super(
      429,
      `You have used all ${usage.limit} guides of your ${PRICING_PLANS[usage.plan].name} plan this month. Upgrade your plan at /pricing, or wait until ${usage.resets_at.slice(0, 10)}.`,
      GUIDE_LIMIT_CODE,
    );
  }
}

/** The user already has as many guides waiting or being made as one user may (GUIDE_MAX_QUEUED_PER_USER). */
export class GuideQueueFull extends HttpError {
  constructor(
    readonly queued: number,
    readonly maxQueued: number,
  ) {
    super(
      429,
      `You already have ${queued} ${queued === 1 ? 'guide' : 'guides'} being made (at most ${maxQueued} at a time). Ask for another one when one of them is ready.`,
      GUIDE_QUEUE_FULL_CODE,
    );
  }
}

/** The user's guides waiting or being made (a stale one, see STALE_RENDER, no longer counts). */
async function unfinishedGuides(q: Queryable, userId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM public.guides
      WHERE user_id = $1 AND status IN ('queued', 'rendering') AND updated_at > now() - ${STALE_RENDER}`,
    [userId],
  );
  return rows[0]?.n ?? 0;
}

const MONTH_START = "(date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')";

/**
 * This month's guides, unused 'Extra guide' credits and what is left. The plan comes from the settled
 * subscription (renewals and ended plans applied), so the caller runs it inside a transaction.
 */
export async function guideUsage(
  q: Queryable,
  userId: string,
): Promise<GuideUsage & { creditIds: string[] }> {
  const { plan } = (await currentSubscription(q, userId, new Date())).subscription;
  const limit = guideMonthlyLimit(plan);
  const r = (
    await q.query<{ used: number; resets_at: Date | string }>(
      `SELECT (SELECT count(*)::int FROM public.guides g
                WHERE g.user_id = $1 AND g.credit_purchase_id IS NULL AND g.created_at >= ${MONTH_START}
                  AND (g.status = 'ready' OR (g.status IN ('queued', 'rendering') AND g.updated_at > now() - ${STALE_RENDER}))) AS used,
              ${MONTH_START} + interval '1 month' AS resets_at`,
      [userId],
    )
  ).rows[0];
  const creditIds = (
    await q.query<{ id: string }>(
      `SELECT p.id FROM public.purchases p JOIN public.shop_items i ON i.id = p.item_id
        WHERE p.user_id = $1 AND i.kind = 'guide_credit'
          AND NOT EXISTS (SELECT 1 FROM public.guides g WHERE g.credit_purchase_id = p.id)
        ORDER BY p.created_at, p.id`,
      [userId],
    )
  ).rows.map((x) => x.id);
  const resets = r.resets_at instanceof Date ? r.resets_at : new Date(r.resets_at);
  return {
    plan,
    limit,
    used: r.used,
    remaining: limit == null ? null : Math.max(0, limit - r.used) + creditIds.length,
    credits: creditIds.length,
    resets_at: resets.toISOString(),
    creditIds,
  };
}

const publicUsage = ({ creditIds: _c, ...u }: GuideUsage & { creditIds: string[] }): GuideUsage => u;

export async function getUsage(db: Db, userId: string): Promise<GuideUsage> {
  return publicUsage(await db.transaction((tx) => guideUsage(tx, userId)));
}

export const STOP_COLUMNS = `s.id, s.name, s.category_slugs, s.category_hint, s.subtype, s.city, s.country, s.country_code, s.popularity, s.latitude, s.longitude`;

export async function findSight(q: Queryable, idOrSlug: string): Promise<StopFacts> {
  const sight = (
    await q.query<StopFacts>(
      `SELECT ${STOP_COLUMNS} FROM public.sights s WHERE (s.id = $1 OR s.slug = $1) AND NOT s.hidden`,
      [idOrSlug],
    )
  ).rows[0];
  if (!sight) throw notFound('Sight not found');
  return sight;
}

interface StationRow {
  id: string;
  guide_id: string;
  position: number;
  title: string;
  text: string;
  audio_path: string | null;
  audio_mime: string | null;
  duration_s: number | null;
  latitude: number | null;
  longitude: number | null;
  about_sight_id: string | null;
  sentences: GuideStation['sentences'];
  sources: NonNullable<GuideStation['sources']> | null;
  audio_rev: number;
}

interface GuideRow {
  id: string;
  status: Guide['status'];
  stations_total: number | null;
  failure: string | null;
  sight_id: string;
  writer: string;
  voice: string;
  language: string;
  facts_language: string | null;
  duration_s: number;
  created_at: Date | string;
}

/** A station narrated again gets a new URL (`?v=`), so no cache keeps the old narration. */
export const audioUrl = (stationId: string, rev = 0) =>
  `/guides/audio/${stationId}${rev > 0 ? `?v=${rev}` : ''}`;

const STATION_COLUMNS =
  'id, guide_id, position, title, text, audio_path, audio_mime, duration_s, latitude, longitude, about_sight_id, sentences, audio_rev, sources';

async function loadGuides(q: Queryable, guides: GuideRow[]): Promise<Guide[]> {
  if (!guides.length) return [];
  const { rows } = await q.query<StationRow>(
    `SELECT ${STATION_COLUMNS}
       FROM public.stations WHERE guide_id = ANY($1::uuid[]) AND NOT hidden ORDER BY position, id`,
    [guides.map((g) => g.id)],
  );
  return guides.map((g) =>
    toGuide(
      g,
      rows.filter((s) => s.guide_id === g.id),
    ),
  );
}

function toGuide(g: GuideRow, stations: StationRow[]): Guide {
  return {
    id: g.id,
    status: g.status,
    stations_total: g.stations_total,
    failure: g.failure,
    sight_id: g.sight_id,
    writer: g.writer,
    voice: g.voice,
    language: g.language,
    facts_language: g.facts_language,
    duration_s: Number(g.duration_s),
    created_at: (g.created_at instanceof Date ? g.created_at : new Date(g.created_at)).toISOString(),
    stations: stations.map((s) => ({
      id: s.id,
      position: s.position,
      title: s.title,
      text: s.text,
      audio_url: s.audio_path ? audioUrl(s.id, s.audio_rev) : null,
      audio_mime: s.audio_mime,
      duration_s: s.duration_s == null ? null : Number(s.duration_s),
      latitude: s.latitude,
      longitude: s.longitude,
      sight_id: s.about_sight_id,
      sentences: s.sentences,
      sources: s.sources ?? [],
    })),
  };
}

const GUIDE_COLUMNS =
  'id, status, stations_total, failure, sight_id, writer, voice, language, facts_language, duration_s, created_at';

/**
 * The user's most recent finished guide for a sight in a language (any language when none is given), or null.
 * Guides of a sight are kept per language: a French guide never replaces the English one.
 */
export async function latestGuide(
  q: Queryable,
  userId: string,
  sightId: string,
  language?: GuideLanguage,
): Promise<Guide | null> {
  const { rows } = await q.query<GuideRow>(
    `SELECT ${GUIDE_COLUMNS} FROM public.guides
      WHERE user_id = $1 AND sight_id = $2 AND status = 'ready' AND ($3::text IS NULL OR language = $3)
      ORDER BY created_at DESC, id LIMIT 1`,
    [userId, sightId, language ?? null],
  );
  return (await loadGuides(q, rows))[0] ?? null;
}

/**
 * The guide being made for the user and sight (in a language, when given), when one was requested after the latest
 * finished one in the same language; else null.
 */
export async function pendingGuide(
  q: Queryable,
  userId: string,
  sightId: string,
  language?: GuideLanguage,
): Promise<Guide | null> {
  const { rows } = await q.query<GuideRow>(
    `SELECT ${GUIDE_COLUMNS} FROM public.guides g
      WHERE user_id = $1 AND sight_id = $2 AND status IN ('queued', 'rendering') AND ($3::text IS NULL OR language = $3)
        AND NOT EXISTS (SELECT 1 FROM public.guides r WHERE r.user_id = $1 AND r.sight_id = $2 AND r.language = g.language
                          AND r.status = 'ready' AND r.created_at > g.created_at)
      ORDER BY created_at DESC, id LIMIT 1`,
    [userId, sightId, language ?? null],
  );
  return (await loadGuides(q, rows))[0] ?? null;
}

/** The languages the user has finished guides of a sight in, in GUIDE_LANGUAGES order. */
export async function guideLanguages(
  q: Queryable,
  userId: string,
  sightId: string,
): Promise<GuideLanguage[]> {
  const { rows } = await q.query<{ language: GuideLanguage }>(
    `SELECT DISTINCT language FROM public.guides WHERE user_id = $1 AND sight_id = $2 AND status = 'ready'`,
    [userId, sightId],
  );
  const have = new Set(rows.map((r) => r.language));
  return GUIDE_LANGUAGES.filter((l) => have.has(l));
}

/** A guide in any state (the caller checks it is theirs), with the stations made so far. */
export async function guideById(q: Queryable, id: string): Promise<(Guide & { user_id: string }) | null> {
  // One statement, the stations as JSON: a guide being made is polled about once a second by its traveller, and
  // on the embedded database every statement is a turn of the API's only thread.
  const { rows } = await q.query<GuideRow & { user_id: string; stations: StationRow[] | null }>(
    `SELECT ${GUIDE_COLUMNS}, user_id,
            (SELECT json_agg(s ORDER BY s.position, s.id)
               FROM (SELECT ${STATION_COLUMNS} FROM public.stations st
                      WHERE st.guide_id = g.id AND NOT st.hidden) s) AS stations
       FROM public.guides g WHERE g.id = $1`,
    [id],
  );
  const row = rows[0];
  return row ? { ...toGuide(row, row.stations ?? []), user_id: row.user_id } : null;
}

export interface RequestDeps {
  db: Db;
  /**
   * Enqueues the rendering job inside the reservation's transaction; `turn` = the user's guides already waiting or
   * being made (the queue serves users in turns, jobs/queue.ts guideJobPriority).
   */
  enqueue(tx: Queryable, guideId: string, turn: number): Promise<string>;
  /** The writer that will be asked (recorded until the worker knows which one wrote the script). */
  writerName: string;
  /** Guides one user may have waiting or being made at once; the next is refused (GuideQueueFull). */
  maxQueuedPerUser: number;
}

type Options = Required<Omit<GenerateGuideInput, 'sight_id'>> & {
  voice: GuideVoice;
  language: GuideLanguage;
};

/**
 * Reserves a guide and enqueues its job, in one short transaction under a per-user lock (so parallel requests
 * cannot exceed the allowance or the per-user queue cap, and a guide never exists without its job): answers at once
 * with the queued guide. A worker writes and narrates it (guide-render.ts); a guide whose job fails for good stops
 * counting.
 */
export async function requestGuide(
  deps: RequestDeps,
  userId: string,
  sightIdOrSlug: string,
  opts: Options,
): Promise<{ guide: Guide; usage: GuideUsage; job_id: string }> {
  const { db } = deps;
  const sight = await findSight(db, sightIdOrSlug);
  const guideId = randomUUID();
  const jobId = await transactionAs(db, userId, async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`guides:${userId}`]);
    const usage = await guideUsage(tx, userId);
    let credit: string | null = null;
    if (usage.limit != null && usage.used >= usage.limit) {
      if (!usage.creditIds.length) throw new GuideLimitReached(publicUsage(usage));
      credit = usage.creditIds[0];
    }
    const waiting = await unfinishedGuides(tx, userId);
    if (waiting >= deps.maxQueuedPerUser) throw new GuideQueueFull(waiting, deps.maxQueuedPerUser);
    await tx.query(
      `INSERT INTO public.guides (id, sight_id, user_id, writer, language, status, voice, options, credit_purchase_id)
       VALUES ($1, $2, $3, $4, $8, 'queued', $5, $6, $7)`,
      [guideId, sight.id, userId, deps.writerName, opts.voice, JSON.stringify(opts), credit, opts.language],
    );
    const job = await deps.enqueue(tx, guideId, waiting);
    await tx.query('UPDATE public.guides SET job_id = $2 WHERE id = $1', [guideId, job]);
    return job;
  });
  const guide = await guideById(db, guideId);
  if (!guide) throw notFound('Guide not found');
  const { user_id: _u, ...out } = guide;
  return { guide: out, usage: await getUsage(db, userId), job_id: jobId };
}

export type RangeResult =
  | { kind: 'full' }
  | { kind: 'partial'; start: number; end: number }
  | { kind: 'unsatisfiable' };

/**
 * A Range header against a file of `size` bytes (RFC 9110 14.1): one `bytes=` range gives 206; a malformed or
 * unsatisfiable byte range gives 416; another unit or several ranges are ignored (the whole file, 200).
 */
export function parseRange(header: string | undefined, size: number): RangeResult {
  if (!header) return { kind: 'full' };
  const m = /^\s*([A-Za-z]+)\s*=\s*(.*)$/.exec(header);
  if (!m) return { kind: 'unsatisfiable' };
  if (m[1].toLowerCase() !== 'bytes') return { kind: 'full' };
  if (m[2].includes(',')) return { kind: 'full' };
  const r = /^(\d*)\s*-\s*(\d*)$/.exec(m[2].trim());
  if (!r || (r[1] === '' && r[2] === '')) return { kind: 'unsatisfiable' };
  if (r[1] === '') {
    const n = Number(r[2]);
    if (!(n > 0) || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(r[1]);
  const end = r[2] === '' ? size - 1 : Math.min(Number(r[2]), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || (r[2] !== '' && Number(r[2]) < start))
    return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}

/** Where a station's narration is stored and its type (null columns when it has none). */
export async function stationAudio(
  db: Queryable,
  stationId: string,
): Promise<{ audio_path: string | null; audio_mime: string | null } | undefined> {
  return (
    await db.query<{ audio_path: string | null; audio_mime: string | null }>(
      'SELECT audio_path, audio_mime FROM public.stations WHERE id = $1 AND NOT hidden',
      [stationId],
    )
  ).rows[0];
}
