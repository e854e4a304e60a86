import path from 'node:path';
import type { GuideVoice } from '@wayfarer/contracts';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/types';
import type { GuideWriter, StopFacts, WrittenGuide, WrittenStation } from './guide-writer';
import { AUDIO_DIR, STOP_COLUMNS } from './guides';
import type { MediaStore } from './media-store';
import type { SpeechEngine } from './tts';
import { cachedFacts, readFacts, refreshFacts, type FactsSource } from './sight-facts';

/**
 * The worker's half of a guide (the API's half, the reservation, is requestGuide in guides.ts): write the script
 * once (kept in guides.script, so a retried job narrates the same text), then narrate and store each station and
 * insert its row at once, so the traveller can play station 1 while the others are made. Every step can be run
 * again: stations already there are skipped, a position is inserted once (a unique index), and a guide deleted
 * meanwhile (its account deleted) stops the job quietly.
 */
export interface RenderDeps {
  db: Db;
  store: MediaStore;
  writer: GuideWriter;
  tts: SpeechEngine;
  /** The facts source (WIKI_API_URL): a sight's facts not cached yet are fetched before its script is written. */
  facts?: { source: FactsSource; language: string };
}

/** The facts a guide falls back on when the sources have nothing in its language (shown as a note). */
const FALLBACK_FACTS_LANG = 'en';

interface ScriptRow {
  id: string;
  sight_id: string;
  user_id: string;
  status: 'queued' | 'rendering' | 'ready' | 'failed';
  language: string;
  options: {
    max_stations: number;
    include_nearby: boolean;
    nearby_radius_m: number;
    voice: GuideVoice;
    words_per_minute: number;
  };
  script: (Omit<WrittenGuide, 'stations'> & { stations: WrittenStation[] }) | null;
}

export type RenderOutcome = 'ready' | 'gone';

async function writeScript(deps: RenderDeps, g: ScriptRow): Promise<NonNullable<ScriptRow['script']> | null> {
  const { db } = deps;
  // The sight as it is now (hidden or deleted since the request: nothing to narrate).
  const sight = (
    await db.query<StopFacts>(
      `SELECT ${STOP_COLUMNS} FROM public.sights s WHERE s.id = $1 AND NOT s.hidden`,
      [g.sight_id],
    )
  ).rows[0];
  if (!sight) throw new Error('the sight is no longer available');
  const own = (
    await db.query<{ title: string; text: string; latitude: number | null; longitude: number | null }>(
      'SELECT title, text, latitude, longitude FROM public.stations WHERE sight_id = $1 AND guide_id IS NULL ORDER BY position, created_at',
      [sight.id],
    )
  ).rows;
  const nearby = g.options.include_nearby
    ? (
        await db.query<StopFacts>(
          `SELECT ${STOP_COLUMNS} FROM public.sights s
            WHERE earth_box(ll_to_earth($1, $2), $3) @> ll_to_earth(s.latitude, s.longitude)
              AND earth_distance(ll_to_earth($1, $2), ll_to_earth(s.latitude, s.longitude)) <= $3
              AND NOT s.hidden AND s.id <> $4
            ORDER BY s.popularity DESC NULLS LAST, s.id LIMIT 60`,
          [sight.latitude, sight.longitude, g.options.nearby_radius_m, sight.id],
        )
      ).rows
    : [];
  // Facts from Wikipedia and Wikidata, in the guide's language: the sight's are fetched first
  // when a source is configured and none are cached (this is the worker, not a page request); the stops' are used
  // when cached. When the sources have nothing for the sight in the guide's language, the English facts are used
  // and the guide records it (facts_language), so the player can say so.
  const language = g.language || 'en';
  const ensure = async (lang: string) => {
    if (!deps.facts) return;
    const wikidata = (
      await db.query<{ wikidata_id: string | null }>('SELECT wikidata_id FROM public.sights WHERE id = $1', [
        sight.id,
      ])
    ).rows[0];
    const { due } = await readFacts(
      db,
      { id: sight.id, wikidata_id: wikidata?.wikidata_id ?? null },
      lang,
      true,
    );
    if (due) await refreshFacts(db, deps.facts.source, sight.id, lang);
  };
  const ids = [sight.id, ...nearby.map((n) => n.id)];
  await ensure(language);
  let facts = Object.fromEntries(await cachedFacts(db, ids, language));
  let factsLanguage: string | null = facts[sight.id] ? language : null;
  if (language !== FALLBACK_FACTS_LANG && !facts[sight.id]?.summary) {
    await ensure(FALLBACK_FACTS_LANG);
    const english = Object.fromEntries(await cachedFacts(db, ids, FALLBACK_FACTS_LANG));
    if (english[sight.id]?.summary || (english[sight.id] && !facts[sight.id])) {
      facts = english;
      factsLanguage = FALLBACK_FACTS_LANG;
    }
  }
  const written = await deps.writer.write(
    // The facts' language, so the writer narrates a text only in the guide's own language.
    { sight, stations: own, nearby, facts, factsLanguage: factsLanguage ?? language },
    { maxStations: g.options.max_stations, language },
  );
  if (!written.stations.length) throw new Error('the writer produced no station');
  const saved = await db.query(
    `UPDATE public.guides SET script = $2, writer = $3, language = $4, tokens = $5, cost_cents = $6, stations_total = $7,
            facts_language = $8, status = 'rendering', updated_at = now()
      WHERE id = $1 AND status IN ('queued', 'rendering')`,
    [
      g.id,
      JSON.stringify(written),
      written.writer,
      written.language,
      written.tokens,
      written.costCents,
      written.stations.length,
      factsLanguage,
    ],
  );
  return saved.rowCount ? written : null;
}

/** Where a render's time went: the script, then each station (milliseconds since the previous step). */
export type RenderSteps = Array<[step: string, ms: number]>;

export async function renderGuide(
  deps: RenderDeps,
  guideId: string,
  steps: RenderSteps = [],
): Promise<RenderOutcome> {
  const { db, store, tts } = deps;
  const started = Date.now();
  let last = started;
  const step = (name: string) => {
    const now = Date.now();
    steps.push([name, now - last]);
    last = now;
  };
  const g = (
    await db.query<ScriptRow>(
      'SELECT id, sight_id, user_id, status, language, options, script FROM public.guides WHERE id = $1',
      [guideId],
    )
  ).rows[0];
  if (!g || g.status === 'failed') return 'gone';
  if (g.status === 'ready') return 'ready';
  const script = g.script ?? (await writeScript(deps, g));
  if (!script) return 'gone';
  step('script');

  // The engines that spoke the stations this render made (a hosted voice falls back to espeak-ng per station).
  const engines = new Set<string>();
  const voices = new Set<string>();
  const done = new Set(
    (
      await db.query<{ position: number }>('SELECT position FROM public.stations WHERE guide_id = $1', [
        guideId,
      ])
    ).rows.map((r) => r.position),
  );
  for (const [i, st] of script.stations.entries()) {
    const position = i + 1;
    if (done.has(position)) continue;
    const speech = await tts.render(st.sentences, {
      voice: g.options.voice,
      wordsPerMinute: g.options.words_per_minute,
      language: g.language,
    });
    engines.add(speech.engine ?? tts.name);
    if (speech.voiceName) voices.add(speech.voiceName);
    const id = randomUUID();
    const rel = path.posix.join(
      AUDIO_DIR,
      guideId,
      `${String(position).padStart(2, '0')}-${id}.${speech.extension}`,
    );
    await store.put(rel, speech.audio);
    const inserted = await db.query(
      `INSERT INTO public.stations (id, sight_id, guide_id, position, title, text, audio_path, audio_mime, latitude, longitude,
                                    sentences, duration_s, audio_bytes, about_sight_id, sources)
       SELECT $1, g.sight_id, g.id, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14
         FROM public.guides g WHERE g.id = $2 AND g.status = 'rendering'
       ON CONFLICT (guide_id, position) WHERE guide_id IS NOT NULL DO NOTHING`,
      [
        id,
        guideId,
        position,
        st.title,
        st.sentences.join(' '),
        rel,
        speech.mime,
        st.latitude,
        st.longitude,
        JSON.stringify(speech.sentences),
        speech.durationS,
        speech.audio.length,
        st.sightId,
        JSON.stringify(st.sources ?? []),
      ],
    );
    if (!inserted.rowCount) {
      // Another attempt stored this position first, or the guide is gone: this object belongs to no row.
      await store.remove(rel).catch(() => undefined);
      const still = await db.query("SELECT 1 FROM public.guides WHERE id = $1 AND status = 'rendering'", [
        guideId,
      ]);
      if (!still.rowCount) return 'gone';
      continue;
    }
    await db.query('UPDATE public.guides SET updated_at = now() WHERE id = $1', [guideId]);
    step(`station ${position}`);
  }
  return finish(deps, g, script, Date.now() - started, engines, voices);
}

async function finish(
  deps: RenderDeps,
  g: ScriptRow,
  script: NonNullable<ScriptRow['script']>,
  renderMs: number,
  engines: ReadonlySet<string>,
  voices: ReadonlySet<string> = new Set(),
): Promise<RenderOutcome> {
  return deps.db.transaction(async (tx) => {
    const rows = (
      await tx.query<{ duration_s: number | null; audio_bytes: number | null; audio_mime: string | null }>(
        'SELECT duration_s, audio_bytes, audio_mime FROM public.stations WHERE guide_id = $1 ORDER BY position',
        [g.id],
      )
    ).rows;
    const duration = Math.round(rows.reduce((n, r) => n + Number(r.duration_s ?? 0), 0) * 100) / 100;
    const ready = await tx.query(
      `UPDATE public.guides SET status = 'ready', duration_s = $2, render_ms = $3, created_at = now(), updated_at = now()
        WHERE id = $1 AND status = 'rendering'`,
      [g.id, duration, renderMs],
    );
    if (!ready.rowCount) return 'gone';
    const llm = script.llm;
    await tx.query(
      `INSERT INTO public.analytics_events (kind, user_id, amount_cents, tokens, meta) VALUES ('guide_generation', $1, $2, $3, $4)`,
      [
        g.user_id,
        script.costCents,
        script.tokens,
        JSON.stringify({
          guide_id: g.id,
          sight_id: g.sight_id,
          writer: script.writer,
          tts: engines.size ? [...engines].sort().join('+') : deps.tts.name,
          // The engines' own voices ('fr-fr+f3'), and the guide's language they spoke.
          tts_voices: [...voices].sort(),
          language: g.language,
          stations: rows.length,
          characters: script.stations.reduce((n, s) => n + s.sentences.join(' ').length, 0),
          audio_seconds: duration,
          render_ms: renderMs,
          audio_mime: rows[0]?.audio_mime ?? null,
          audio_bytes: rows.reduce((n, r) => n + Number(r.audio_bytes ?? 0), 0),
          ...(llm && {
            provider: llm.provider,
            model: llm.model,
            prompt_tokens: llm.promptTokens,
            completion_tokens: llm.completionTokens,
            cost_usd: llm.costUsd,
            llm_ms: llm.ms,
            ...(llm.error && { llm_error: llm.error }),
          }),
        }),
      ],
    );
    return 'ready';
  });
}

/**
 * A guide whose job failed for good: it says why, no longer counts against the allowance, and its stations go
 * (their audio objects with them, through media_garbage). Nothing happens to a guide that is ready or gone.
 */
export async function failGuide(db: Db, guideId: string, reason: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const r = await tx.query(
      `UPDATE public.guides SET status = 'failed', failure = $2, updated_at = now() WHERE id = $1 AND status IN ('queued', 'rendering')`,
      [guideId, reason.slice(0, 500)],
    );
    if (r.rowCount) await tx.query('DELETE FROM public.stations WHERE guide_id = $1', [guideId]);
    return Boolean(r.rowCount);
  });
}

/** Deletes the stored files of deleted rows (public.media_garbage), oldest first; returns how many went. */
export async function sweepMedia(db: Db, store: MediaStore, limit = 500): Promise<number> {
  const { rows } = await db.query<{ storage_path: string }>(
    'SELECT storage_path FROM public.media_garbage ORDER BY queued_at LIMIT $1',
    [limit],
  );
  let n = 0;
  for (const { storage_path } of rows) {
    // A path the server never generated cannot be in a store: the row alone goes.
    await store.remove(storage_path).catch((err: unknown) => {
      if (!(err instanceof Error && /unsafe storage path/.test(err.message))) throw err;
    });
    await db.query('DELETE FROM public.media_garbage WHERE storage_path = $1', [storage_path]);
    n++;
  }
  return n;
}
