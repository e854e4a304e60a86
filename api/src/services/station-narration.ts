import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { GuideVoice } from '@wayfarer/contracts';
import type { Db } from '../db/types';
import { AUDIO_DIR } from './guides';
import type { MediaStore } from './media-store';
import type { SpeechEngine } from './tts';

/**
 * Narrates one guide station again (after an admin fixed its text, or asked for it to be
 * regenerated), from the text it holds now, with the guide's voice and pace. The new audio gets a new file and the
 * station's audio_rev grows (a new audio URL); the old file goes through media_garbage. A station whose text
 * changed while this ran is left to the job queued by that change.
 */
export interface NarrationDeps {
  db: Db;
  store: MediaStore;
  tts: SpeechEngine;
}

/** Sentences of a station's text, punctuation kept (what the speech engine speaks one by one and times). */
export function stationSentences(text: string): string[] {
  const parts = text.match(/[^.!?…]+[.!?…]+["')\]]*\s*|[^.!?…]+$/g) ?? [];
  return parts.map((p) => p.trim()).filter(Boolean);
}

export type NarrationOutcome = 'narrated' | 'gone' | 'superseded';

export async function renarrateStation(
  deps: NarrationDeps,
  stationId: string,
  jobId: string | null,
): Promise<NarrationOutcome> {
  const { db, store, tts } = deps;
  const st = (
    await db.query<{
      guide_id: string;
      position: number;
      text: string;
      options: { voice?: GuideVoice; words_per_minute?: number };
      voice: string;
    }>(
      `SELECT st.guide_id, st.position, st.text, g.options, g.voice
         FROM public.stations st JOIN public.guides g ON g.id = st.guide_id WHERE st.id = $1`,
      [stationId],
    )
  ).rows[0];
  if (!st) return 'gone';
  const sentences = stationSentences(st.text);
  if (!sentences.length) throw new Error('the station has no text to narrate');
  const voice: GuideVoice = st.options?.voice ?? (st.voice === 'male' ? 'male' : 'female');
  const speech = await tts.render(sentences, { voice, wordsPerMinute: st.options?.words_per_minute ?? 160 });
  const rel = path.posix.join(
    AUDIO_DIR,
    st.guide_id,
    `${String(st.position).padStart(2, '0')}-${randomUUID()}.${speech.extension}`,
  );
  await store.put(rel, speech.audio);
  const outcome = await db.transaction(async (tx): Promise<NarrationOutcome> => {
    const now = (
      await tx.query<{ text: string; audio_path: string | null }>(
        'SELECT text, audio_path FROM public.stations WHERE id = $1 FOR UPDATE',
        [stationId],
      )
    ).rows[0];
    if (!now) return 'gone';
    if (now.text !== st.text) return 'superseded';
    if (now.audio_path)
      await tx.query('INSERT INTO public.media_garbage (storage_path) VALUES ($1) ON CONFLICT DO NOTHING', [
        now.audio_path,
      ]);
    await tx.query(
      `UPDATE public.stations SET audio_path = $2, audio_mime = $3, sentences = $4, duration_s = $5, audio_bytes = $6,
              audio_rev = audio_rev + 1, renarrate_job = CASE WHEN renarrate_job = $7 OR $7 IS NULL THEN NULL ELSE renarrate_job END
        WHERE id = $1`,
      [
        stationId,
        rel,
        speech.mime,
        JSON.stringify(speech.sentences),
        speech.durationS,
        speech.audio.length,
        jobId,
      ],
    );
    await tx.query(
      `UPDATE public.guides g SET duration_s = COALESCE((SELECT round(sum(duration_s)::numeric, 2) FROM public.stations WHERE guide_id = g.id), 0)
        WHERE g.id = $1`,
      [st.guide_id],
    );
    return 'narrated';
  });
  if (outcome !== 'narrated') await store.remove(rel).catch(() => undefined);
  return outcome;
}

/** A re-narration that failed for good: the station no longer shows as being narrated (an admin may ask again). */
export async function giveUpNarration(db: Db, stationId: string, jobId: string): Promise<void> {
  await db.query('UPDATE public.stations SET renarrate_job = NULL WHERE id = $1 AND renarrate_job = $2', [
    stationId,
    jobId,
  ]);
}
