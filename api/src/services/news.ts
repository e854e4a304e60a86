import type { NewsInput, NewsItem, NewsPatch } from '@wayfarer/contracts';
import type { z } from 'zod';
import type { Db, Queryable } from '../db/types';
import { notFound } from '../http/errors';
import { audit } from './audit';

/** News (spec point 7): the public list and the admin CRUD; every admin write is audited in its transaction. */
const NEWS_COLS = 'id, title, summary, body, image_url, is_published, published_at, created_at, updated_at';
type NewsRow = z.input<typeof NewsItem>;

export async function listNews(
  db: Queryable,
  opts: { drafts: boolean; order: 'published' | 'created' },
): Promise<NewsRow[]> {
  const where = opts.drafts ? '' : 'WHERE is_published';
  const order =
    opts.order === 'published' ? 'published_at DESC NULLS LAST, created_at DESC' : 'created_at DESC';
  return (await db.query<NewsRow>(`SELECT ${NEWS_COLS} FROM public.news ${where} ORDER BY ${order}`)).rows;
}

export async function publishedNewsItem(db: Queryable, id: string): Promise<NewsRow> {
  const row = (
    await db.query<NewsRow>(`SELECT ${NEWS_COLS} FROM public.news WHERE id = $1 AND is_published`, [id])
  ).rows[0];
  if (!row) throw notFound('News item not found');
  return row;
}

export function createNews(db: Db, adminId: string, b: z.output<typeof NewsInput>): Promise<NewsRow> {
  return db.transaction(async (tx) => {
    const row = (
      await tx.query<NewsRow>(
        `INSERT INTO public.news (title, summary, body, image_url, is_published, published_at)
         VALUES ($1,$2,$3,$4,$5, CASE WHEN $5 THEN now() END) RETURNING ${NEWS_COLS}`,
        [b.title, b.summary, b.body, b.image_url ?? null, b.is_published],
      )
    ).rows[0]!;
    await audit(tx, adminId, 'news.create', 'news', row.id, b);
    return row;
  });
}

export function updateNews(
  db: Db,
  adminId: string,
  id: string,
  b: z.output<typeof NewsPatch>,
): Promise<NewsRow> {
  return db.transaction(async (tx) => {
    const row = (
      await tx.query<NewsRow>(
        `UPDATE public.news SET
           title = COALESCE($2, title), summary = COALESCE($3, summary), body = COALESCE($4, body),
           image_url = CASE WHEN $5::boolean THEN $6 ELSE image_url END,
           published_at = CASE WHEN $7::boolean IS TRUE AND NOT is_published THEN now() WHEN $7::boolean IS FALSE THEN NULL ELSE published_at END,
           is_published = COALESCE($7, is_published), updated_at = now()
         WHERE id = $1 RETURNING ${NEWS_COLS}`,
        [
          id,
          b.title ?? null,
          b.summary ?? null,
          b.body ?? null,
          b.image_url !== undefined,
          b.image_url ?? null,
          b.is_published ?? null,
        ],
      )
    ).rows[0];
    if (!row) throw notFound('News item not found');
    await audit(tx, adminId, 'news.update', 'news', id, b);
    return row;
  });
}

export function deleteNews(db: Db, adminId: string, id: string): Promise<void> {
  return db.transaction(async (tx) => {
    const r = await tx.query('DELETE FROM public.news WHERE id = $1', [id]);
    if (!r.rowCount) throw notFound('News item not found');
    await audit(tx, adminId, 'news.delete', 'news', id);
  });
}
