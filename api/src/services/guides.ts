import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  GUIDE_LIMIT_CODE,
  guideMonthlyLimit,
  PRICING_PLANS,
  type GenerateGuideInput,
  type Guide,
  type GuideStation,
  type GuideUsage,
  type GuideVoice,
} from '@wayfarer/contracts';
import { transactionAs } from '../auth/service';
import type { Db, Queryable } from '../db/types';
import { HttpError, notFound } from '../http/errors';
import type { GuideWriter, StopFacts, WrittenStation } from './guide-writer';
import { currentSubscription } from './subscriptions';
import type { SpeechEngine, SpeechResult } from './tts';

/** Rendered audio lives in <media dir>/guide-audio/<guide id>/ (DATA_DIR/media by default); stations.audio_path is relative to the media dir. */
export const AUDIO_DIR = 'guide-audio';
/** A reservation whose rendering never finished (a crashed process) stops counting after this long. */
const STALE_RENDER = "interval '15 minutes'";

export class GuideLimitReached extends HttpError {
  constructor(readonly usage: GuideUsage) {
    super(
      429,
      `You have used all ${usage.limit} guides of your ${PRICING_PLANS[usage.plan].name} plan this month. Upgrade your plan at /pricing, or wait until ${usage.resets_at.slice(0, 10)}.`,
      GUIDE_LIMIT_CODE,
    );
  }
}

const MONTH_START = "(date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')";

/**
 * This month's guides, unused 'Extra guide' credits and what is left. The plan comes from the settled
 * subscription (renewals and ended plans applied), so the caller runs it inside a transaction.
 */
export async function guideUsage(q: Queryable, userId: string): Promise<GuideUsage & { creditIds: string[] }> {
  const { plan } = (await currentSubscription(q, userId, new Date())).subscription;
  const limit = guideMonthlyLimit(plan);
  const r = (
    await q.query<{ used: number; resets_at: Date | string }>(
      `SELECT (SELECT count(*)::int FROM public.guides g
                WHERE g.user_id = $1 AND g.credit_purchase_id IS NULL AND g.created_at >= ${MONTH_START}
                  AND (g.status = 'ready' OR g.created_at > now() - ${STALE_RENDER})) AS used,
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

const STOP_COLUMNS = `s.id, s.name, s.category_slugs, s.category_hint, s.subtype, s.city, s.country, s.popularity, s.latitude, s.longitude`;

export async function findSight(q: Queryable, idOrSlug: string): Promise<StopFacts> {
  const sight = (
    await q.query<StopFacts>(`SELECT ${STOP_COLUMNS} FROM public.sights s WHERE (s.id = $1 OR s.slug = $1) AND NOT s.hidden`, [idOrSlug])
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
}

interface GuideRow {
  id: string;
  sight_id: string;
  writer: string;
  voice: string;
  language: string;
  duration_s: number;
  created_at: Date | string;
}

export const audioUrl = (stationId: string) => `/guides/audio/${stationId}`;

async function loadGuides(q: Queryable, guides: GuideRow[]): Promise<Guide[]> {
  if (!guides.length) return [];
  const { rows } = await q.query<StationRow>(
    `SELECT id, guide_id, position, title, text, audio_path, audio_mime, duration_s, latitude, longitude, about_sight_id, sentences
       FROM public.stations WHERE guide_id = ANY($1::uuid[]) ORDER BY position, id`,
    [guides.map((g) => g.id)],
  );
  return guides.map((g) => ({
    id: g.id,
    sight_id: g.sight_id,
    writer: g.writer,
    voice: g.voice,
    language: g.language,
    duration_s: Number(g.duration_s),
    created_at: (g.created_at instanceof Date ? g.created_at : new Date(g.created_at)).toISOString(),
    stations: rows
      .filter((s) => s.guide_id === g.id)
      .map((s) => ({
        id: s.id,
        position: s.position,
        title: s.title,
        text: s.text,
        audio_url: s.audio_path ? audioUrl(s.id) : null,
        audio_mime: s.audio_mime,
        duration_s: s.duration_s == null ? null : Number(s.duration_s),
        latitude: s.latitude,
        longitude: s.longitude,
        sight_id: s.about_sight_id,
        sentences: s.sentences,
      })),
  }));
}

const GUIDE_COLUMNS = 'id, sight_id, writer, voice, language, duration_s, created_at';

/** The user's most recent finished guide for a sight, or null. */
export async function latestGuide(q: Queryable, userId: string, sightId: string): Promise<Guide | null> {
  const { rows } = await q.query<GuideRow>(
    `SELECT ${GUIDE_COLUMNS} FROM public.guides WHERE user_id = $1 AND sight_id = $2 AND status = 'ready' ORDER BY created_at DESC, id LIMIT 1`,
    [userId, sightId],
  );
  return (await loadGuides(q, rows))[0] ?? null;
}

export async function guideById(q: Queryable, id: string): Promise<(Guide & { user_id: string }) | null> {
  const { rows } = await q.query<GuideRow & { user_id: string }>(
    `SELECT ${GUIDE_COLUMNS}, user_id FROM public.guides WHERE id = $1 AND status = 'ready'`,
    [id],
  );
  const [g] = await loadGuides(q, rows);
  return g ? { ...g, user_id: rows[0].user_id } : null;
}

export interface GenerateDeps {
  db: Db;
  /** Where audio files go (config.media.dir). */
  mediaDir: string;
  writer: GuideWriter;
  tts: SpeechEngine;
}

type Options = Required<Omit<GenerateGuideInput, 'sight_id'>> & { voice: GuideVoice };

/**
 * Writes, narrates and records a guide. The allowance is checked and a slot reserved in one short transaction
 * (under a per-user lock, so parallel requests cannot exceed it) before the slow rendering; a failed rendering
 * releases the slot.
 */
export async function generateGuide(deps: GenerateDeps, userId: string, sightIdOrSlug: string, opts: Options): Promise<{ guide: Guide; usage: GuideUsage }> {
  const { db } = deps;
  const sight = await findSight(db, sightIdOrSlug);
  const own = (
    await db.query<{ title: string; text: string; latitude: number | null; longitude: number | null }>(
      'SELECT title, text, latitude, longitude FROM public.stations WHERE sight_id = $1 AND guide_id IS NULL ORDER BY position, created_at',
      [sight.id],
    )
  ).rows;
  const nearby = opts.include_nearby
    ? (
        await db.query<StopFacts>(
          `SELECT ${STOP_COLUMNS} FROM public.sights s
            WHERE earth_box(ll_to_earth($1, $2), $3) @> ll_to_earth(s.latitude, s.longitude)
              AND earth_distance(ll_to_earth($1, $2), ll_to_earth(s.latitude, s.longitude)) <= $3
              AND NOT s.hidden AND s.id <> $4
            ORDER BY s.popularity DESC NULLS LAST, s.id LIMIT 60`,
          [sight.latitude, sight.longitude, opts.nearby_radius_m, sight.id],
        )
      ).rows
    : [];
  const written = await deps.writer.write({ sight, stations: own, nearby }, { maxStations: opts.max_stations });

  const guideId = randomUUID();
  await transactionAs(db, userId, async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`guides:${userId}`]);
    const usage = await guideUsage(tx, userId);
    let credit: string | null = null;
    if (usage.limit != null && usage.used >= usage.limit) {
      if (!usage.creditIds.length) throw new GuideLimitReached(publicUsage(usage));
      credit = usage.creditIds[0];
    }
    await tx.query(
      `INSERT INTO public.guides (id, sight_id, user_id, writer, language, status, voice, options, credit_purchase_id)
       VALUES ($1, $2, $3, $4, $5, 'rendering', $6, $7, $8)`,
      [guideId, sight.id, userId, written.writer, written.language, opts.voice, JSON.stringify(opts), credit],
    );
  });

  const dir = path.join(deps.mediaDir, AUDIO_DIR, guideId);
  const started = Date.now();
  try {
    await fs.mkdir(dir, { recursive: true });
    const rendered: Array<{ id: string; st: WrittenStation; speech: SpeechResult; rel: string; position: number }> = [];
    for (const [i, st] of written.stations.entries()) {
      const speech = await deps.tts.render(st.sentences, { voice: opts.voice, wordsPerMinute: opts.words_per_minute });
      const id = randomUUID();
      const rel = path.posix.join(AUDIO_DIR, guideId, `${String(i + 1).padStart(2, '0')}-${id}.${speech.extension}`);
      await fs.writeFile(path.join(deps.mediaDir, rel), speech.audio);
      rendered.push({ id, st, speech, rel, position: i + 1 });
    }
    const renderMs = Date.now() - started;
    const duration = Math.round(rendered.reduce((n, r) => n + r.speech.durationS, 0) * 100) / 100;
    const chars = written.stations.reduce((n, s) => n + s.sentences.join(' ').length, 0);
    // Held again: an account deleted during the rendering took the reserved guide with it (401 below, not a 503).
    await transactionAs(db, userId, async (tx) => {
      const reserved = await tx.query('SELECT 1 FROM public.guides WHERE id = $1 FOR UPDATE', [guideId]);
      if (!reserved.rowCount) throw notFound('Guide not found');
      for (const r of rendered) {
        await tx.query(
          `INSERT INTO public.stations (id, sight_id, guide_id, position, title, text, audio_path, audio_mime, latitude, longitude,
                                        sentences, duration_s, audio_bytes, about_sight_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
          [
            r.id, sight.id, guideId, r.position, r.st.title, r.st.sentences.join(' '), r.rel, r.speech.mime, r.st.latitude, r.st.longitude,
            JSON.stringify(r.speech.sentences), r.speech.durationS, r.speech.audio.length, r.st.sightId,
          ],
        );
      }
      await tx.query(
        `UPDATE public.guides SET status = 'ready', tokens = $2, cost_cents = $3, duration_s = $4, render_ms = $5, created_at = now() WHERE id = $1`,
        [guideId, written.tokens, written.costCents, duration, renderMs],
      );
      await tx.query(
        `INSERT INTO public.analytics_events (kind, user_id, amount_cents, tokens, meta) VALUES ('guide_generation', $1, $2, $3, $4)`,
        [
          userId, written.costCents, written.tokens,
          JSON.stringify({
            guide_id: guideId, sight_id: sight.id, writer: written.writer, tts: deps.tts.name, stations: rendered.length,
            characters: chars, audio_seconds: duration, render_ms: renderMs, audio_mime: rendered[0]?.speech.mime ?? null,
            audio_bytes: rendered.reduce((n, r) => n + r.speech.audio.length, 0),
            ...(written.llm && {
              provider: written.llm.provider, model: written.llm.model, prompt_tokens: written.llm.promptTokens,
              completion_tokens: written.llm.completionTokens, cost_usd: written.llm.costUsd, llm_ms: written.llm.ms,
              ...(written.llm.error && { llm_error: written.llm.error }),
            }),
          }),
        ],
      );
    });
  } catch (err) {
    await db.query('DELETE FROM public.guides WHERE id = $1', [guideId]).catch(() => undefined);
    await fs.rm(dir, { recursive: true, force: true }).catch(() => undefined);
    if (err instanceof HttpError) throw err;
    throw new HttpError(503, `The guide could not be narrated: ${err instanceof Error ? err.message : String(err)}. Please try again.`, 'guide_render_failed');
  }

  const guide = await guideById(db, guideId);
  if (!guide) throw new HttpError(503, 'The guide could not be saved. Please try again.', 'guide_render_failed');
  const { user_id: _u, ...out } = guide;
  return { guide: out, usage: await getUsage(db, userId) };
}

export type RangeResult = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

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
  if (!Number.isSafeInteger(start) || start >= size || (r[2] !== '' && Number(r[2]) < start)) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}

/** Where a station's narration is stored and its type (null columns when it has none). */
export async function stationAudio(db: Queryable, stationId: string): Promise<{ audio_path: string | null; audio_mime: string | null } | undefined> {
  return (await db.query<{ audio_path: string | null; audio_mime: string | null }>('SELECT audio_path, audio_mime FROM public.stations WHERE id = $1', [stationId])).rows[0];
}
