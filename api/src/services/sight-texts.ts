import fs from 'node:fs';
import zlib from 'node:zlib';
import { z } from 'zod';
import { GUIDE_LANGUAGES, type SightSummary } from '@wayfarer/contracts';
import type { Queryable } from '../db/types';
import { siteOf } from './sight-facts';

/**
 * Licensed descriptive texts shipped with the product (api/data/sight-texts.jsonl, or .jsonl.gz when large; how it
 * is built is in api/data/README.md), loaded into the facts cache (public.sight_facts) as the sight's summary in
 * that language, marked `summary_bundled`. The sight page shows it as it shows a fetched Wikipedia summary, and the
 * local guide writer narrates it. A configured Wikipedia source stays the better path: a fetched summary replaces a
 * shipped one, and reloading the file never overwrites a fetched one.
 */

const httpUrl = z
  .string()
  .max(2048)
  .regex(/^https?:\/\/\S+$/);

export const SightTextRow = z.object({
  id: z.string().min(1).max(255),
  lang: z.enum(GUIDE_LANGUAGES),
  title: z.string().trim().min(1).max(300),
  text: z.string().trim().min(1).max(100_000),
  source_url: httpUrl,
  licence: z.string().trim().min(1).max(100),
  licence_url: httpUrl,
  origin: z.string().max(1000).optional(),
});
export type SightTextRow = z.infer<typeof SightTextRow>;

/** The shipped file: the compressed one when there is one, else the plain one; null when neither is there. */
export function sightTextsFile(dir: string): string | null {
  for (const name of ['sight-texts.jsonl.gz', 'sight-texts.jsonl']) {
    const file = `${dir}/${name}`;
    if (fs.existsSync(file)) return file;
  }
  return null;
}

/** The rows of a sight-texts file; lines that are not a valid row are counted in `skipped`, never loaded. */
export function readSightTexts(file: string): { rows: SightTextRow[]; skipped: number } {
  const raw = fs.readFileSync(file);
  const text = (file.endsWith('.gz') ? zlib.gunzipSync(raw) : raw).toString('utf8');
  const rows: SightTextRow[] = [];
  let skipped = 0;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      skipped++;
      continue;
    }
    const r = SightTextRow.safeParse(parsed);
    if (r.success) rows.push(r.data);
    else skipped++;
  }
  return { rows, skipped };
}

/** A shipped text as the cache holds a summary: its source page, licence and a credit line naming both. */
export function summaryOfText(r: SightTextRow): SightSummary {
  const site = siteOf(r.source_url);
  return {
    title: r.title,
    extract: r.text,
    url: r.source_url,
    licence: { name: r.licence, url: r.licence_url },
    attribution:
      site === 'Wikipedia'
        ? `From the Wikipedia article "${r.title}", by its contributors, under ${r.licence}`
        : `From "${r.title}", ${site}, under ${r.licence}`,
  };
}

/**
 * Loads the shipped texts into the facts cache. New rows are due at once, so a configured worker fetches the live
 * source for them; a row holding a fetched summary is left alone; a shipped summary changed in the file is updated.
 * Texts for sights the database does not have are skipped. Idempotent; returns the rows written.
 */
export async function seedSightTexts(db: Queryable, file: string | null): Promise<number> {
  if (!file) return 0;
  const { rows } = readSightTexts(file);
  // One row per sight and language (the first), as one INSERT may not touch a row twice.
  const seen = new Set<string>();
  const ids: string[] = [];
  const langs: string[] = [];
  const summaries: string[] = [];
  for (const r of rows) {
    const key = `${r.id}\u0000${r.lang}`;
    if (seen.has(key)) continue;
    seen.add(key);
    ids.push(r.id);
    langs.push(r.lang);
    summaries.push(JSON.stringify(summaryOfText(r)));
  }
  let n = 0;
  for (let i = 0; i < ids.length; i += 1000) {
    const res = await db.query(
      `INSERT INTO public.sight_facts (sight_id, lang, wikidata_id, status, summary, claims, summary_bundled, attempts, fetched_at, refresh_after)
       SELECT t.id, t.lang, s.wikidata_id, 'ok', t.summary::jsonb, '[]'::jsonb, true, 0, now(), now()
         FROM unnest($1::text[], $2::text[], $3::text[]) AS t(id, lang, summary)
         JOIN public.sights s ON s.id = t.id
       ON CONFLICT (sight_id, lang) DO UPDATE SET summary = EXCLUDED.summary, summary_bundled = true, status = 'ok'
        WHERE sight_facts.summary IS NULL
           OR (sight_facts.summary_bundled AND sight_facts.summary IS DISTINCT FROM EXCLUDED.summary)`,
      [ids.slice(i, i + 1000), langs.slice(i, i + 1000), summaries.slice(i, i + 1000)],
    );
    n += res.rowCount;
  }
  return n;
}
